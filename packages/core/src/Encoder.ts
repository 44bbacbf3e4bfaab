import { Effect, Either, Option, type ParseResult, Schema, SchemaAST as AST } from "effect"

/** A compiled encoder's answer when the value is not one it can encode: Schema.encode then decides. */
const OTHER: unique symbol = Symbol("@jobfit/core/Encoder/other")
type Encode = (value: unknown) => unknown

const OPTIONS: AST.ParseOptions = {}

const isPlainRecord = (u: unknown): u is Record<PropertyKey, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const hasOwn = (u: object, key: PropertyKey) => Object.prototype.hasOwnProperty.call(u, key)

// A schema part whose encoded value is the value itself, checked: what a refinement may test afterwards.
const isPlain = (ast: AST.AST): boolean => {
  switch (ast._tag) {
    case "StringKeyword":
    case "NumberKeyword":
    case "BooleanKeyword":
    case "UndefinedKeyword":
    case "Literal":
      return true
    case "Refinement":
      return isPlain(ast.from)
    case "Union":
      return ast.types.every(isPlain)
    default:
      return false
  }
}

/**
 * The encoder of a schema part, built once, for the parts tool results are made of (structs, arrays, classes,
 * refinements, literals, `DateTime` as text); undefined for any other part, whose schema is then encoded as always.
 * It answers what Schema.encode answers or OTHER, never something else: where a value fails a check, Schema.encode
 * is asked and says why.
 */
const compile = (ast: AST.AST): Encode | undefined => {
  if (Option.isSome(AST.getParseOptionsAnnotation(ast))) return undefined
  switch (ast._tag) {
    case "StringKeyword":
      return (u) => (typeof u === "string" ? u : OTHER)
    case "NumberKeyword":
      return (u) => (typeof u === "number" ? u : OTHER)
    case "BooleanKeyword":
      return (u) => (typeof u === "boolean" ? u : OTHER)
    case "UndefinedKeyword":
      return (u) => (u === undefined ? u : OTHER)
    case "Literal": {
      const literal = ast.literal
      return (u) => (u === literal ? u : OTHER)
    }
    case "Union": {
      // Literals (and null) and at most one other member: which member a value belongs to is plain to see.
      const literals = new Set<unknown>()
      const others: Array<AST.AST> = []
      for (const member of ast.types) {
        if (member._tag === "Literal") literals.add(member.literal)
        else if (member._tag === "UndefinedKeyword") literals.add(undefined)
        else others.push(member)
      }
      if (others.length > 1) return undefined
      const other = others.length === 0 ? undefined : compile(others[0]!)
      if (others.length === 1 && other === undefined) return undefined
      return (u) => (literals.has(u) ? u : other === undefined ? OTHER : other(u))
    }
    case "Refinement": {
      // The value's own type is checked first, then the refinement's test on it, as Schema.encode does.
      if (!isPlain(ast.from)) return undefined
      const from = compile(ast.from)
      if (from === undefined) return undefined
      return (u) => (from(u) === OTHER || Option.isSome(ast.filter(u, OPTIONS, ast)) ? OTHER : u)
    }
    case "TupleType": {
      if (ast.elements.length > 0 || ast.rest.length !== 1) return undefined
      const item = compile(ast.rest[0]!.type)
      if (item === undefined) return undefined
      return (u) => {
        if (!Array.isArray(u)) return OTHER
        const out = new Array<unknown>(u.length)
        for (let i = 0; i < u.length; i++) {
          const encoded = item(u[i])
          if (encoded === OTHER) return OTHER
          out[i] = encoded
        }
        return out
      }
    }
    case "TypeLiteral": {
      if (ast.indexSignatures.length > 0) return undefined
      const properties: Array<readonly [PropertyKey, boolean, Encode]> = []
      for (const ps of ast.propertySignatures) {
        const type = compile(ps.type)
        if (type === undefined) return undefined
        properties.push([ps.name, ps.isOptional, type])
      }
      // The output holds the schema's properties, in its order; others are left out, as Schema.encode leaves them.
      return (u) => {
        if (!isPlainRecord(u)) return OTHER
        const out: Record<PropertyKey, unknown> = {}
        for (const [name, optional, type] of properties) {
          if (optional && !hasOwn(u, name)) continue
          const encoded = type(u[name])
          if (encoded === OTHER) return OTHER
          out[name] = encoded
        }
        return out
      }
    }
    case "Declaration": {
      // A class instance or a DateTime: the declaration's own check, which answers at once.
      const parse = ast.encodeUnknown(...ast.typeParameters)
      return (u) => {
        const result = parse(u, OPTIONS, ast)
        return Either.isEither(result) && Either.isRight(result) ? result.right : OTHER
      }
    }
    case "Transformation": {
      // Encoding runs from the type side: its check, the transformation's encode, then the encoded side's.
      const to = compile(ast.to)
      const from = compile(ast.from)
      if (to === undefined || from === undefined) return undefined
      const transformation = ast.transformation
      if (transformation._tag === "ComposeTransformation") {
        return (u) => {
          const a = to(u)
          return a === OTHER ? OTHER : from(a)
        }
      }
      if (transformation._tag !== "FinalTransformation") return undefined
      return (u) => {
        const a = to(u)
        if (a === OTHER) return OTHER
        const result = transformation.encode(a, OPTIONS, ast, u)
        return Either.isEither(result) && Either.isRight(result) ? from(result.right) : OTHER
      }
    }
    default:
      return undefined
  }
}

/**
 * Schema.encode, compiled once: a value of the parts tool results are made of is encoded in one pass with the checks
 * Schema.encode makes (Schema.encode spent about thirty microseconds on a page of ten jobs, a tenth of the request);
 * any other value or schema is encoded by Schema.encode, failures included.
 */
export const encoder = <A, I, R>(
  schema: Schema.Schema<A, I, R>
): (value: A) => Effect.Effect<I, ParseResult.ParseError, R> => {
  const slow = Schema.encode(schema)
  const fast = compile(schema.ast)
  if (fast === undefined) return slow
  return (value) => {
    const encoded = fast(value)
    return encoded === OTHER ? slow(value) : Effect.succeed(encoded as I)
  }
}

/** Whether a schema is encoded by the compiled path (for tests). */
export const isCompiled = (schema: Schema.Schema.Any): boolean => compile(schema.ast) !== undefined
