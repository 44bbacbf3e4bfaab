import { Errors } from "@jobfit/core"
import { Either } from "effect"
import { type AllowList, isAllowedHost, normaliseHost, parseAddress, refuseAddress } from "./AddressPolicy.js"

const notAllowed = (message: string) => Either.left(new Errors.UrlNotAllowed({ message }))

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * Why a parsed URL may not be fetched, before any connection: scheme, credentials, an IP literal in a forbidden
 * range (WHATWG URL has already turned decimal, hex, octal and short IPv4 forms into dotted quads), or a
 * `localhost` name. Names that resolve to a forbidden address are refused at connect time.
 */
export const refuseUrl = (url: URL, allow: AllowList): string | undefined => {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `The URL scheme ${url.protocol} is not allowed; use http or https`
  }
  if (url.username !== "" || url.password !== "") return "URLs with credentials are not allowed"
  if (isAllowedHost(url.hostname, allow)) return undefined
  if (parseAddress(url.hostname) !== undefined) {
    const reason = refuseAddress(url.hostname, allow)
    return reason === undefined ? undefined : `${capitalise(reason)} and may not be fetched`
  }
  const host = normaliseHost(url.hostname)
  if (host === "localhost" || host.endsWith(".localhost")) {
    return `The host ${host} is a loopback name and may not be fetched`
  }
  return undefined
}

/** Parses and checks a posting URL; the failure message says why it is refused. */
export const checkUrl = (href: string, allow: AllowList, base?: URL): Either.Either<URL, Errors.UrlNotAllowed> => {
  if (!URL.canParse(href, base?.href)) return notAllowed("The URL could not be parsed")
  const url = new URL(href, base)
  const reason = refuseUrl(url, allow)
  return reason === undefined ? Either.right(url) : notAllowed(reason)
}
