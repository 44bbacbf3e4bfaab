import { Cause, ConfigError, Data, Option, Predicate } from "effect"

/** The server could not start; `message` is one line for the operator, naming the setting at fault. */
export class StartError extends Data.TaggedError("StartError")<{ readonly message: string }> {}

const firstLine = (text: string): string => text.split("\n")[0]!.trim()

const messageOf = (u: unknown): string =>
  Predicate.hasProperty(u, "message") && typeof u.message === "string" ? firstLine(u.message) : firstLine(String(u))

/** One line for a configuration error, naming the setting at fault. */
export const describeConfig = (error: ConfigError.ConfigError): string => {
  switch (error._op) {
    case "And":
    case "Or":
      return describeConfig(error.left)
    case "InvalidData":
    case "MissingData":
    case "SourceUnavailable":
    case "Unsupported":
      return naming(error.path.join(".") || "configuration", firstLine(error.message))
  }
}

/** `message`, prefixed with the setting it concerns unless it names it already. */
const naming = (setting: string, message: string): string =>
  message.includes(setting) ? message : `${setting}: ${message}`

const causeMessage = (u: unknown): Option.Option<string> =>
  Predicate.hasProperty(u, "cause") && u.cause !== undefined ? Option.some(messageOf(u.cause)) : Option.none()

/** One line saying why starting failed: which variable or resource, and what is wrong with it. */
export const describe = (failure: unknown): string => {
  if (ConfigError.isConfigError(failure)) return `Invalid configuration: ${describeConfig(failure)}`
  if (Predicate.isTagged(failure, "ServeError")) {
    const why = Option.getOrElse(causeMessage(failure), () => messageOf(failure))
    return `Cannot listen on JOBFIT_HOST:JOBFIT_PORT: ${why}`
  }
  if (Predicate.isTagged(failure, "SqlError") || Predicate.isTagged(failure, "MigrationError")) {
    return `Cannot open the database: ${naming("JOBFIT_DATABASE_URL", messageOf(failure))}`
  }
  if (Predicate.isTagged(failure, "StartError")) return messageOf(failure)
  return `Cannot start: ${messageOf(failure)}`
}

/** The first failure or defect of a cause as a StartError. */
export const fromCause = (cause: Cause.Cause<unknown>): StartError =>
  new StartError({
    message: describe(Option.getOrElse(Cause.failureOption(cause), () => Cause.squash(cause)))
  })
