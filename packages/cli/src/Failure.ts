import { Errors } from "@jobfit/core"
import { StartError } from "@jobfit/host"
import { Cause, ConfigError, Option, Predicate, Schema } from "effect"
import { UsageError } from "./CommandLine.js"

/** The store could not be opened: bad JOBFIT_DATABASE_URL, unreachable server, failed migration. */
export class StoreUnavailable extends Schema.TaggedError<StoreUnavailable>()("StoreUnavailable", {
  message: Schema.String,
  config: Schema.Boolean
}) {}

/** How a failure is shown: the code of `{"error": {code, message}}`, one line of text, and the exit code. */
export interface Report {
  readonly code: string
  readonly message: string
  readonly exitCode: number
}

const oneLine = (text: string): string =>
  text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0).join("; ")

const textOf = (u: unknown): string =>
  u instanceof Error || (typeof u === "object" && u !== null && "message" in u && typeof u.message === "string")
    ? String(u.message)
    : String(u)

// The store's own messages already say which database; others get that said for them.
const aboutDatabase = (text: string): string => (/database/i.test(text) ? text : `cannot open the database: ${text}`)

/** The message of a failed store layer: configuration problems name the variable, others say what broke. */
export const storeFailure = (cause: Cause.Cause<unknown>): StoreUnavailable => {
  const error = Option.getOrElse(Cause.failureOption(cause), () => Cause.squash(cause))
  return ConfigError.isConfigError(error)
    ? new StoreUnavailable({ message: `invalid configuration: ${StartError.describeConfig(error)}`, config: true })
    : new StoreUnavailable({ message: aboutDatabase(textOf(error)), config: false })
}

const ofError = (error: unknown): Report => {
  if (error instanceof UsageError) return { code: "USAGE", message: error.message, exitCode: 2 }
  if (error instanceof StoreUnavailable) {
    return { code: error.config ? "INVALID_CONFIG" : "STORE_UNAVAILABLE", message: error.message, exitCode: 1 }
  }
  if (Predicate.isTagged(error, "StartError")) return { code: "START_FAILED", message: textOf(error), exitCode: 1 }
  if (Errors.isAppError(error)) {
    const code = Errors.catalogue[error._tag].code
    // FeatureUnavailable's own text speaks of a server and charges; from the command line neither applies.
    return error._tag === "FeatureUnavailable"
      ? { code, message: `${error.feature} is not available yet`, exitCode: 2 }
      : { code, message: error.message, exitCode: 1 }
  }
  return { code: "INTERNAL_ERROR", message: `internal error: ${textOf(error)}`, exitCode: 1 }
}

/** The report for any failed command: typed failures by their code, defects as INTERNAL_ERROR. Never a stack. */
export const report = (cause: Cause.Cause<unknown>): Report => {
  const found = ofError(
    Option.getOrElse(
      Cause.failureOption(cause),
      () => Option.getOrElse(Cause.dieOption(cause), () => Cause.squash(cause))
    )
  )
  return { ...found, message: oneLine(found.message) || found.code }
}
