import { Headers, HttpServerRequest } from "@effect/platform"
import { Errors, Json } from "@jobfit/core"
import { Effect, Option, Schema, Stream } from "effect"

/** The largest request body read, in bytes (1 MiB). */
export const MAX_BYTES = 1024 * 1024

/** The body of `POST /api/mcp/tools/call`. */
export const ToolCall = Schema.Struct({
  name: Schema.String.annotations({ message: () => "must be a string" }),
  arguments: Schema.optionalWith(
    Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
      message: () => "must be a JSON object"
    }),
    { exact: true }
  )
})
export type ToolCall = typeof ToolCall.Type

const decodeToolCall = Schema.decodeUnknown(ToolCall, { onExcessProperty: "error", errors: "all" })

const invalid = (message: string) => new Errors.InvalidRequest({ message })

/** A Content-Type of application/json, parameters such as charset allowed; a body without one is taken as JSON. */
export const isJsonContentType = (header: Option.Option<string>): boolean =>
  Option.match(header, {
    onNone: () => true,
    onSome: (value) => value.split(";")[0]!.trim().toLowerCase() === "application/json"
  })

/** A Content-Length header's value as a byte count; none when it is missing or not a whole number. */
export const declaredLength = (header: Option.Option<string>): Option.Option<number> =>
  Option.flatMap(header, (text) => {
    const n = Number(text)
    return /^\d+$/.test(text.trim()) && Number.isSafeInteger(n) ? Option.some(n) : Option.none()
  })

/**
 * The body's bytes, at most `maxBytes`: a declared Content-Length above it is refused before reading. A body
 * that turns out larger is read to its end but not kept: stopping early would drop the connection on Node,
 * and the client would never see its 413.
 */
export const readBytes = Effect.fnUntraced(function*(maxBytes: number) {
  const request = yield* HttpServerRequest.HttpServerRequest
  const declared = declaredLength(Headers.get(request.headers, "content-length"))
  if (Option.isSome(declared) && declared.value > maxBytes) {
    return yield* new Errors.RequestTooLarge({ max_bytes: maxBytes })
  }
  // A declared length within the limit is read in one go; the streamed fold below costs twice as much.
  if (Option.isSome(declared)) {
    const body = yield* Effect.mapError(request.arrayBuffer, () => invalid("The request body could not be read"))
    if (body.byteLength > maxBytes) return yield* new Errors.RequestTooLarge({ max_bytes: maxBytes })
    return new Uint8Array(body)
  }
  const kept: Array<Uint8Array> = []
  const size = yield* request.stream.pipe(
    Stream.mapError(() => invalid("The request body could not be read")),
    Stream.runFold(0, (total, chunk) => {
      const next = total + chunk.length
      if (next <= maxBytes) kept.push(chunk)
      return next
    })
  )
  if (size > maxBytes) return yield* new Errors.RequestTooLarge({ max_bytes: maxBytes })
  const all = new Uint8Array(size)
  kept.reduce((offset, chunk) => {
    all.set(chunk, offset)
    return offset + chunk.length
  }, 0)
  return all
})

const utf8 = new TextDecoder("utf-8", { fatal: true })

/** The body as UTF-8 text, at most `maxBytes`. */
export const readText = (maxBytes: number = MAX_BYTES) => Effect.flatMap(readBytes(maxBytes), utf8Text)

/** Checks a tool call's text: well-formed JSON, `{ name, arguments? }` and nothing else. */
const decodeText = (text: string): Effect.Effect<ToolCall, Errors.AppError> => {
  const parsed = Json.parse(text)
  if (!parsed.ok) {
    return Effect.fail(invalid(parsed.reason === "depth" ? Json.tooDeepMessage : "The request body is not valid JSON"))
  }
  const json = parsed.value
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return Effect.fail(invalid("The request body must be a JSON object: {\"name\": string, \"arguments\"?: object}"))
  }
  return Effect.mapError(decodeToolCall(json), Errors.invalidInput("Invalid request body"))
}

/** The refusal of a body that is not JSON by its Content-Type. */
const notJson = () => invalid("Content-Type must be application/json")

/** Bytes as UTF-8 text; invalid UTF-8 is refused. */
export const utf8Text = (bytes: Uint8Array): Effect.Effect<string, Errors.InvalidRequest> =>
  Effect.try({
    try: () => utf8.decode(bytes),
    catch: () => invalid("The request body is not valid UTF-8")
  })

/**
 * The tool call of a request with this Content-Type whose body `text` reads: JSON content type (checked before the
 * body is read), then the text's checks. For the platform's request (`read`) and a Node one (the hot routes) alike.
 */
export const toolCallOf = <R>(
  contentType: Option.Option<string>,
  text: Effect.Effect<string, Errors.AppError, R>
): Effect.Effect<ToolCall, Errors.AppError, R> =>
  isJsonContentType(contentType) ? Effect.flatMap(text, decodeText) : Effect.fail(notJson())

/** Reads and checks the tool call: JSON content type, size, well-formed JSON, `{ name, arguments? }` and nothing else. */
export const read = Effect.fnUntraced(function*(maxBytes: number = MAX_BYTES) {
  const request = yield* HttpServerRequest.HttpServerRequest
  return yield* toolCallOf(Headers.get(request.headers, "content-type"), readText(maxBytes))
})
