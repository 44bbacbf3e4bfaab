import { type HttpApp, HttpMiddleware, HttpServerRequest } from "@effect/platform"
import { Context, Effect } from "effect"
import * as Metrics from "./Metrics.js"
import { pathOf } from "./Url.js"

/**
 * One line per answered request — "Sent HTTP response" with the method, the path and the status, and the time taken
 * as the `http` log span — and the request counted in the HTTP metrics (`known`: the routes counted by name). The
 * path only: a query can hold a secret (the dashboard's password-reset link carries its token there), and a log
 * outlives it. One middleware for both, reading the request from the fiber: each Effect step costs every request.
 */
export const middleware = (known: ReadonlySet<string>) => {
  const sent = recorder(known)
  return <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
    Effect.withFiberRuntime((fiber) => {
      const request = Context.unsafeGet(fiber.currentContext, HttpServerRequest.HttpServerRequest)
      const start = performance.now()
      return Effect.withLogSpan(
        Effect.tap(app, (response) => sent(request.method, pathOf(request.url), response.status, start)),
        "http"
      )
    })
}

/**
 * The line and the metrics of one answered request, for a handler that answers without the middleware (the hot
 * routes); run inside its `http` log span. `start` is `performance.now()` when the request came.
 */
export const recorder = (known: ReadonlySet<string>) => {
  const count = Metrics.counter(known)
  return (method: string, path: string, status: number, start: number): Effect.Effect<void> =>
    Effect.withFiberRuntime((fiber) => {
      count(method, path, status, performance.now() - start)
      return fiber.getFiberRef(HttpMiddleware.loggerDisabled)
        ? Effect.void
        : Effect.annotateLogs(Effect.log("Sent HTTP response"), {
          "http.method": method,
          "http.url": path,
          "http.status": status
        })
    })
}
