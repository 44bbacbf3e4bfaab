import { Errors } from "@jobfit/core"
import { Duration, Effect } from "effect"
import * as Http from "node:http"
import type { Dispatcher } from "undici"
import { formatBytes } from "./Body.js"
import type { ResolvedOptions } from "./FetchOptions.js"
import { ForbiddenAddress } from "./GuardedConnector.js"
import { hop } from "./Hop.js"
import { describeNetworkError } from "./NetworkError.js"
import { checkUrl } from "./UrlPolicy.js"

/** A fetched document: the URL it finally came from, its media type ("" when the server sent none) and text. */
export interface Fetched {
  readonly url: URL
  readonly mediaType: string
  readonly text: string
}

export type Get = (
  href: string,
  accept?: string
) => Effect.Effect<Fetched, Errors.UrlNotAllowed | Errors.PostingUnreachable>

export const acceptPage =
  "text/html,application/xhtml+xml,application/ld+json;q=0.9,application/json;q=0.9,text/plain;q=0.8"
export const acceptJson = "application/json"

const unreachable = (message: string) => new Errors.PostingUnreachable({ message })

const statusText = (status: number) => {
  const phrase = Http.STATUS_CODES[status]
  return phrase === undefined ? `HTTP ${status}` : `HTTP ${status} (${phrase})`
}

/** Fetches over a dispatcher whose connector checks addresses; redirects are followed here, each one checked. */
export const make = (dispatcher: Dispatcher, options: ResolvedOptions): Get => {
  const timeoutMs = Duration.toMillis(options.timeout)

  const request = Effect.fn("PostingFetcher.request")(function*(url: URL, accept: string) {
    yield* Effect.annotateCurrentSpan({ host: url.host })
    const headers = { "user-agent": options.userAgent, accept, "accept-language": "en;q=1, *;q=0.5" }
    return yield* Effect.tryPromise({
      try: (signal) => hop(dispatcher, url, { maxBytes: options.maxBytes, timeoutMs, headers }, signal),
      catch: (error) =>
        error instanceof ForbiddenAddress
          ? new Errors.UrlNotAllowed({ message: error.message })
          : unreachable(`The posting at ${url.host} could not be fetched: ${describeNetworkError(error)}`)
    })
  })

  return Effect.fn("PostingFetcher.get")(function*(href: string, accept: string = acceptPage) {
    let url = yield* checkUrl(href, options.allow)
    for (let redirects = 0;; redirects++) {
      const result = yield* request(url, accept)
      switch (result._tag) {
        case "Body":
          return { url, mediaType: result.mediaType, text: result.text }
        case "Status":
          return yield* unreachable(`The posting at ${url.host} answered ${statusText(result.status)}`)
        case "ContentType":
          return yield* unreachable(
            `The posting at ${url.host} is ${result.mediaType}, not a web page or JSON document`
          )
        case "Encoding":
          return yield* unreachable(
            `The posting at ${url.host} is encoded as ${result.encoding}, which jobfit cannot read`
          )
        case "TooLarge":
          return yield* unreachable(`The posting is larger than ${formatBytes(options.maxBytes)}`)
        case "Redirect": {
          if (redirects >= options.maxRedirects) {
            return yield* unreachable(`The posting redirects more than ${options.maxRedirects} times`)
          }
          url = yield* checkUrl(result.location, options.allow, url).pipe(
            Effect.mapError((refused) => new Errors.UrlNotAllowed({ message: `Refused redirect: ${refused.message}` }))
          )
        }
      }
    }
  })
}
