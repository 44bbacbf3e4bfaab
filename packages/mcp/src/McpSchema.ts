import { CallLog, Idempotency } from "@jobfit/core"
import { Either, ParseResult, Schema } from "effect"
import * as JsonRpc from "./JsonRpc.js"

/** An error message for any issue inside the schema it annotates. */
const fixed = (message: string) => ({ message: () => ({ message, override: true }) })

/** A JSON object, kept as it came: tools/call hands its arguments on untouched. */
const JsonObject = Schema.declare(JsonRpc.isRecord)

/** A value that is not a JSON object reads as `{}`, so its keys are just absent. */
const orEmpty = <A, I>(self: Schema.Schema<A, I>) =>
  Schema.transform(Schema.Unknown, self, {
    strict: false,
    decode: (u) => (JsonRpc.isRecord(u) ? u : {}),
    encode: (a) => a
  })

/** For methods whose params are ignored. */
export const NoParams = Schema.Unknown

export const Initialize = Schema.Struct({ protocolVersion: Schema.String }).annotations(
  fixed("initialize needs params.protocolVersion")
)

// Each field says what is wrong with it; a params value that is not an object lacks a name.
export const CallTool = Schema.Struct({
  name: Schema.propertySignature(Schema.String.annotations({ message: () => "tools/call needs params.name, a string" }))
    .annotations({ missingMessage: () => "tools/call needs params.name, a string" }),
  arguments: Schema.optional(
    JsonObject.annotations({ message: () => "tools/call params.arguments must be an object" })
  ),
  // A _meta that is not an object is ignored, a malformed key in it is not.
  _meta: Schema.optional(orEmpty(Schema.Struct({
    progressToken: Schema.optional(Schema.Unknown),
    [Idempotency.META_KEY]: Schema.optional(
      Schema.String.annotations({ message: () => `params._meta["${Idempotency.META_KEY}"] must be a string` })
    )
  })))
}).annotations({ message: () => "tools/call needs params.name, a string" })

export const ListResources = orEmpty(
  Schema.Struct({ cursor: Schema.optional(Schema.String) }).annotations(fixed("params.cursor must be a string"))
)

export const ReadResource = orEmpty(
  Schema.Struct({ uri: Schema.String }).annotations(fixed("resources/read needs params.uri, a string"))
)

export const GetPrompt = orEmpty(
  Schema.Struct({
    name: Schema.String,
    // null reads as no arguments, as `?? {}` did.
    arguments: Schema.optional(Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.String })))
  }).annotations(fixed("prompts/get needs params.name, and params.arguments with string values"))
)

export const Complete = orEmpty(
  Schema.Struct({
    ref: Schema.Struct({
      type: Schema.String,
      name: Schema.optional(Schema.Unknown),
      uri: Schema.optional(Schema.Unknown)
    }),
    argument: Schema.Struct({ name: Schema.String, value: Schema.String })
  }).annotations(
    fixed("completion/complete needs params.ref (type, and name or uri) and params.argument (name, value)")
  )
)

export const SetLevel = orEmpty(
  Schema.Struct({ level: Schema.Literal(...CallLog.levels) }).annotations(
    fixed(`logging/setLevel needs params.level, one of ${CallLog.levels.join(", ")}`)
  )
)

/** Every method this server answers, by name, with the Schema of its params. */
export const requests = {
  initialize: Initialize,
  ping: NoParams,
  "tools/list": NoParams,
  "tools/call": CallTool,
  "resources/list": ListResources,
  "resources/templates/list": NoParams,
  "resources/read": ReadResource,
  "prompts/list": NoParams,
  "prompts/get": GetPrompt,
  "completion/complete": Complete,
  "logging/setLevel": SetLevel
} as const satisfies Record<string, Schema.Schema.AnyNoContext>

export type Method = keyof typeof requests
export type Params<M extends Method> = Schema.Schema.Type<typeof requests[M]>

export const isMethod = (method: string): method is Method => Object.hasOwn(requests, method)

/** Decodes a method's params once; a failure is the first issue's message (invalid params). */
export const decodeParams = <M extends Method>(method: M, params: unknown): Either.Either<Params<M>, string> =>
  Schema.decodeUnknownEither(requests[method] as Schema.Schema<Params<M>, unknown>)(params).pipe(
    Either.mapLeft((error) => ParseResult.ArrayFormatter.formatErrorSync(error)[0]!.message)
  )
