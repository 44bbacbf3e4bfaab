import { Schema } from "effect"

/** Decodes anything to undefined: the last member of a union, so a field of an unexpected type is dropped. */
export const Fallback = Schema.transform(Schema.Unknown, Schema.Undefined, {
  strict: true,
  decode: () => undefined,
  encode: () => undefined
})

/** An optional field that never fails the surrounding struct: a value of another shape becomes undefined. */
export const loose = <A, I, R>(schema: Schema.Schema<A, I, R>) => Schema.optional(Schema.Union(schema, Fallback))

/** A string, or a number written as a string. */
export const Text = Schema.Union(
  Schema.String,
  Schema.transform(Schema.Number, Schema.String, { strict: true, decode: String, encode: Number })
)

/** A number, or a string such as "85,000" or "85000.00". */
export const Num = Schema.Union(
  Schema.Number,
  Schema.transform(
    Schema.String.pipe(Schema.pattern(/^\s*\d[\d,\s]*(\.\d+)?\s*$/)),
    Schema.Number,
    { strict: true, decode: (text) => Number(text.replace(/[,\s]/g, "")), encode: String }
  )
)

/** One value or an array of them (JSON-LD allows both almost everywhere); unusable elements become undefined. */
export const many = <A, I, R>(schema: Schema.Schema<A, I, R>) =>
  loose(Schema.Union(schema, Schema.Array(Schema.Union(schema, Fallback))))

const isList = <A>(value: A | ReadonlyArray<A | undefined>): value is ReadonlyArray<A | undefined> =>
  Array.isArray(value)

/** The values of a `many` field as a list, without the dropped ones. */
export const list = <A>(value: A | ReadonlyArray<A | undefined> | undefined): Array<A> =>
  value === undefined ? [] : isList(value) ? value.filter((item) => item !== undefined) : [value]

/** A string field's text, trimmed; undefined when empty. */
export const nonEmpty = (text: string | undefined): string | undefined => {
  const trimmed = text?.replace(/\s+/g, " ").trim()
  return trimmed === undefined || trimmed.length === 0 ? undefined : trimmed
}
