import { Headers, HttpServerRequest } from "@effect/platform"
import { Errors } from "@jobfit/core"
import { ToolCallBody } from "@jobfit/http"
import { Effect, Option } from "effect"

/** The largest form accepted (a JSON Resume upload included). */
export const MAX_BYTES = 1024 * 1024

/** A submitted form: text fields by name, and uploaded files' text. */
export interface Form {
  readonly get: (name: string) => string | undefined
  readonly getAll: (name: string) => ReadonlyArray<string>
  readonly file: (name: string) => Option.Option<{ readonly name: string; readonly text: string }>
}

// A browser never sends NUL in what a person typed, and text columns refuse it: it is dropped from every field.
const clean = (value: string) => (value.includes("\u0000") ? value.replaceAll("\u0000", "") : value)

const fromFormData = (data: FormData, files: ReadonlyMap<string, { name: string; text: string }>): Form => ({
  get: (name) => {
    const value = data.get(name)
    return typeof value === "string" ? clean(value) : undefined
  },
  getAll: (name) => data.getAll(name).filter((value): value is string => typeof value === "string").map(clean),
  file: (name) => Option.fromNullable(files.get(name))
})

const invalid = () => new Errors.InvalidRequest({ message: "The form could not be read" })

/** The request's form body, of one of `kinds` and at most `maxBytes`, parsed by the web-standard parser Node ships. */
export const formData: (
  maxBytes: number,
  kinds: ReadonlyArray<string>
) => Effect.Effect<
  FormData,
  Errors.InvalidRequest | Errors.RequestTooLarge,
  HttpServerRequest.HttpServerRequest
> = Effect.fn("Form.formData")(function*(maxBytes: number, kinds: ReadonlyArray<string>) {
  const request = yield* HttpServerRequest.HttpServerRequest
  const contentType = Option.getOrElse(Headers.get(request.headers, "content-type"), () => "")
  const kind = contentType.split(";")[0]!.trim().toLowerCase()
  if (!kinds.includes(kind)) return yield* new Errors.InvalidRequest({ message: "Send the form as a browser does" })
  const bytes = yield* ToolCallBody.readBytes(maxBytes)
  return yield* Effect.tryPromise({
    try: () => new Response(bytes, { headers: { "content-type": contentType } }).formData(),
    catch: invalid
  })
})

/** Reads an urlencoded or multipart body (at most MAX_BYTES), uploaded files as text. */
export const read = Effect.fn("Form.read")(function*() {
  const data = yield* formData(MAX_BYTES, ["application/x-www-form-urlencoded", "multipart/form-data"])
  const files = new Map<string, { name: string; text: string }>()
  for (const [name, value] of data.entries()) {
    if (typeof value !== "string" && value.size > 0) {
      const text = yield* Effect.tryPromise({ try: () => value.text(), catch: invalid })
      files.set(name, { name: value.name, text })
    }
  }
  return fromFormData(data, files)
})
