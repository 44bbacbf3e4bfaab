import { FileSystem } from "@effect/platform"
import { Account, Admin, Errors, Profile, Tools } from "@jobfit/core"
import { Effect, ParseResult, Schema } from "effect"

const clip = (text: string, max = 60): string => (text.length > max ? `${text.slice(0, max - 3)}...` : text)

const typeName = (type: string): string =>
  type.startsWith("{") ? "an object" : type.startsWith("ReadonlyArray<") ? "an array" : clip(type)

/**
 * One line for a failed decode: the first problem and where it is. Schema reports each member of a union
 * separately; those at the same place are merged into one "expected a | b" line.
 */
export const describe = (error: ParseResult.ParseError): string => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
  const first = issues[0]
  if (first === undefined) return error.message
  const where = first.path.length > 0 ? `${first.path.join(".")}: ` : ""
  const here = issues.filter((issue) => issue.path.join(".") === first.path.join("."))
  const expected = here.flatMap((issue) => {
    const match = /^Expected ([\s\S]*), actual ([\s\S]*)$/.exec(issue.message)
    return match && match[1] !== "undefined" ? [{ type: typeName(match[1]!), actual: match[2]! }] : []
  })
  if (expected.length === 0 || first._tag !== "Type") return `${where}${first.message}`
  return `${where}expected ${expected.map((e) => e.type).join(" | ")}, got ${clip(expected[0]!.actual)}`
}

const invalid = (message: string) => new Errors.InvalidRequest({ message })

/** A whole number within bounds, from an option's text. */
export const wholeNumber = Effect.fn("Input.wholeNumber")(
  function*(option: string, text: string, min: number, max: number) {
    const value = /^[+-]?\d+$/.test(text.trim()) ? Number(text) : Number.NaN
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      return yield* invalid(`--${option} must be a whole number from ${min} to ${max}, got "${clip(text)}"`)
    }
    return value
  }
)

/** An email address, checked as the core checks it, with a one-line message. */
export const email = Effect.fn("Input.email")(function*(text: string) {
  return yield* Schema.decodeUnknown(Account.Email)(text).pipe(
    Effect.mapError(() => invalid(`--email must be an email address, got "${clip(text)}"`))
  )
})

/** `a,b, c` as a list; blanks are dropped so that a trailing comma is harmless. */
export const list = (text: string): ReadonlyArray<string> =>
  text.split(",").map((item) => item.trim()).filter((item) => item.length > 0)

/** A JSON file's content; a missing, unreadable or malformed file is INVALID_REQUEST with one line. */
const readText = Effect.fn("Input.readText")(function*(path: string) {
  const fs = yield* FileSystem.FileSystem
  return yield* fs.readFileString(path).pipe(
    Effect.mapError((error) =>
      invalid(
        error._tag === "SystemError" && error.reason === "NotFound"
          ? `cannot read ${path}: no such file`
          : error._tag === "SystemError" && error.reason === "PermissionDenied"
          ? `cannot read ${path}: permission denied`
          : `cannot read ${path}: ${error.message}`
      )
    )
  )
})

/** A posting's text from a file, held to the size analyze_job accepts. */
export const readPostingText = Effect.fn("Input.readPostingText")(function*(path: string) {
  const text = yield* readText(path)
  return yield* Schema.decodeUnknown(Tools.PostingText)(text).pipe(
    Effect.mapError(() => invalid(`${path} is over ${Tools.POSTING_TEXT_MAX_BYTES} bytes (200 KB)`))
  )
})

export const readJson = Effect.fn("Input.readJson")(function*(path: string) {
  const text = yield* readText(path)
  return yield* Effect.try({
    try: (): unknown => JSON.parse(text),
    catch: (error) => invalid(`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
  })
})

const decodeProfile = Schema.decodeUnknown(Profile.Profile, { onExcessProperty: "error" })

/** Reads and checks a profile file; returns the document as written, for the core to store. */
export const readProfile = Effect.fn("Input.readProfile")(function*(path: string) {
  const document = yield* readJson(path)
  const profile = yield* decodeProfile(Admin.toProfile(document)).pipe(
    Effect.mapError((error) => invalid(`${path} is not a valid profile: ${describe(error)}`))
  )
  return { document, profile }
})
