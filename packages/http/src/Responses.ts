import { Headers, HttpServerResponse } from "@effect/platform"
import { Errors, type Gateway, type RateLimiter } from "@jobfit/core"
import { Effect, Option } from "effect"

const noStore = { "cache-control": "no-store" } as const

/** `RateLimit-*` headers (IETF draft names) from the limiter's state after a request was let through. */
export const rateHeaders = (rate: Option.Option<RateLimiter.RateState>): Headers.Headers =>
  Option.match(rate, {
    onNone: () => Headers.empty,
    onSome: (state) =>
      Headers.fromInput({
        "ratelimit-limit": String(state.limit),
        "ratelimit-remaining": String(state.remaining),
        "ratelimit-reset": String(state.reset)
      })
  })

/** 200 with the value as it is (no envelope), and the rate-limit headers when a limit applied. */
export const success = (outcome: Gateway.Outcome<unknown>) =>
  HttpServerResponse.json(outcome.value, {
    headers: Headers.merge(rateHeaders(outcome.rate), Headers.fromInput(noStore))
  })
    .pipe(Effect.orDie)

export const errorHeaders = (error: Errors.AppError): Headers.Headers => {
  switch (error._tag) {
    case "InvalidApiKey":
      return Headers.fromInput({ "www-authenticate": "Bearer" })
    case "RateLimitExceeded":
      return Headers.fromInput({
        "retry-after": String(error.retry_after),
        "ratelimit-limit": String(error.limit),
        "ratelimit-remaining": "0",
        "ratelimit-reset": String(error.retry_after)
      })
    default:
      return Headers.empty
  }
}

/**
 * An error as the catalogue says: its status, `{ detail: { code, message, ...data } }`, and the headers
 * it calls for (`WWW-Authenticate` on 401, `Retry-After` and `RateLimit-*` on 429).
 */
export const failure = (error: Errors.AppError, rate: Option.Option<RateLimiter.RateState> = Option.none()) =>
  HttpServerResponse.unsafeJson(Errors.restBody(error), {
    status: Errors.catalogue[error._tag].status,
    headers: Headers.merge(Headers.merge(rateHeaders(rate), errorHeaders(error)), Headers.fromInput(noStore))
  })

/** A REST error body for the failures the catalogue does not hold: routing (404, 405). */
const routing = (status: number, code: string, message: string, headers: Headers.Input = {}) =>
  HttpServerResponse.unsafeJson({ detail: { code, message } }, { status, headers })

export const notFound = (path: string) => routing(404, "NOT_FOUND", `No route for ${path}`)

export const methodNotAllowed = (method: string, allow: ReadonlyArray<string>) =>
  routing(405, "METHOD_NOT_ALLOWED", `Method ${method} is not allowed here; use ${allow.join(", ")}`, {
    allow: allow.join(", ")
  })

/** 500 with the catalogue's body and nothing of the cause. */
export const internal = () => failure(new Errors.InternalError())
