import { Headers, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Errors, Metrics } from "@jobfit/core"
import { Config, Effect, Option, Redacted } from "effect"
import { createHash, timingSafeEqual } from "node:crypto"
import * as Prometheus from "./Prometheus.js"
import * as Responses from "./Responses.js"

/** Requests by `route`, `method` and `status`. */
export const requests = Metrics.counter("jobfit_http_requests_total", "HTTP requests by route, method and status", [
  "route",
  "method",
  "status"
])

/** How long requests take until their response is ready, by `route`. */
export const requestSeconds = Metrics.histogram(
  "jobfit_http_request_duration_seconds",
  "How long HTTP requests take until the response is ready, in seconds",
  ["route"]
)

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

/**
 * Counts a request under labels from small sets: a route the app serves (`known`), `/dashboard` for its pages, or
 * `other` (a path, like a method, a client chose is never a label: a scanner would make series without end).
 */
export const counter = (known: ReadonlySet<string>) => (method: string, path: string, status: number, ms: number) => {
  const route = known.has(path)
    ? path
    : path === "/dashboard" || path.startsWith("/dashboard/")
    ? "/dashboard"
    : "other"
  requests.of(route, methods.has(method) ? method : "OTHER", String(status)).unsafeUpdate(1, [])
  requestSeconds.of(route).unsafeUpdate(ms / 1000, [])
}

/** The token `GET /metrics` asks for (JOBFIT_METRICS_TOKEN); unset, only the machine itself may read the metrics. */
export const Token = Config.option(Config.redacted("JOBFIT_METRICS_TOKEN"))

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/

const digest = (s: string) => createHash("sha256").update(s).digest()

const refused = (message: string) => Responses.failure(new Errors.InvalidApiKey({ message }))

/**
 * `GET /metrics`: the Prometheus exposition. With JOBFIT_METRICS_TOKEN set it asks for that token as a Bearer token
 * (compared in constant time); without one it answers only a client on this machine that no proxy forwarded, so a
 * server put behind a proxy does not publish its figures by default.
 */
export const route = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const token = yield* Effect.orDie(Token)
  if (Option.isSome(token)) {
    const sent = Option.getOrElse(Headers.get(request.headers, "authorization"), () => "")
    const match = /^Bearer\s+(.+)$/i.exec(sent)
    if (match === null || !timingSafeEqual(digest(match[1]!.trim()), digest(Redacted.value(token.value)))) {
      return refused("GET /metrics needs the metrics token (JOBFIT_METRICS_TOKEN) as a Bearer token")
    }
  } else {
    const forwarded = Option.isSome(Headers.get(request.headers, "x-forwarded-for")) ||
      Option.isSome(Headers.get(request.headers, "forwarded"))
    const local = Option.exists(request.remoteAddress, (address) => LOOPBACK.test(address))
    if (forwarded || !local) {
      return refused(
        "GET /metrics answers other machines only when the server has JOBFIT_METRICS_TOKEN set; send it as a Bearer token"
      )
    }
  }
  return HttpServerResponse.text(yield* Prometheus.exposition, {
    contentType: Prometheus.contentType,
    headers: { "cache-control": "no-store" }
  })
})
