import { type HttpApp, HttpMiddleware, HttpServerRequest } from "@effect/platform"
import { Effect, FiberRef } from "effect"
import { pathOf } from "./Url.js"

/**
 * One line per answered request: "Sent HTTP response" with the method, the path and the status, and the time taken
 * as the `http` log span. The path only: a query can hold a secret (the dashboard's password-reset link carries its
 * token there), and a log outlives it.
 */
export const middleware = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.flatMap(
    HttpServerRequest.HttpServerRequest,
    (request) =>
      Effect.tap(app, (response) =>
        Effect.flatMap(FiberRef.get(HttpMiddleware.loggerDisabled), (disabled) =>
          disabled ? Effect.void : Effect.annotateLogs(Effect.log("Sent HTTP response"), {
            "http.method": request.method,
            "http.url": pathOf(request.url),
            "http.status": response.status
          }))).pipe(Effect.withLogSpan("http"))
  )
