import { Effect } from "effect"
import { InvalidRequest, UrlNotAllowed } from "./Errors.js"

const MAX_LENGTH = 2048

/**
 * The checks on a posting URL that need no network: http or https, a host, no credentials.
 * The posting fetcher checks the address it connects to as well.
 */
export const check = (text: string): Effect.Effect<string, InvalidRequest | UrlNotAllowed> => {
  if (text.length === 0 || text.length > MAX_LENGTH || /[\s\p{Cc}]/u.test(text)) {
    return Effect.fail(
      new InvalidRequest({ message: `job_url must be a URL of 1 to ${MAX_LENGTH} characters without spaces` })
    )
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(text)
  if (!scheme) return Effect.fail(new InvalidRequest({ message: "job_url must be an absolute http or https URL" }))
  const name = scheme[1]!.toLowerCase()
  if (name !== "http" && name !== "https") {
    return Effect.fail(new UrlNotAllowed({ message: `The URL scheme ${name}: is not allowed; use http or https` }))
  }
  const rest = text.slice(scheme[0].length)
  // WHATWG parsers treat backslashes like slashes in http(s) URLs; so does this check.
  const authority = /^[/\\]{2}([^/\\?#]*)/.exec(rest)
  if (!authority || authority[1]!.length === 0) {
    return Effect.fail(new InvalidRequest({ message: "job_url must have a host" }))
  }
  if (authority[1]!.includes("@")) {
    return Effect.fail(new UrlNotAllowed({ message: "URLs with credentials are not allowed" }))
  }
  return Effect.succeed(text)
}
