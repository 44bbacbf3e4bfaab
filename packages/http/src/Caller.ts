import { Headers, HttpServerRequest } from "@effect/platform"
import { type Gateway, Idempotency } from "@jobfit/core"
import { Effect, Option } from "effect"

/** Who is asking, as the Gateway admits it: the Authorization header and the socket's address. */
export const fromRequest = Effect.map(HttpServerRequest.HttpServerRequest, (request): Gateway.Caller => ({
  authorization: Option.getOrUndefined(Headers.get(request.headers, "authorization")),
  client: Option.getOrElse(request.remoteAddress, () => "unknown")
}))

/** The request's Idempotency-Key header, if it sent one. */
export const idempotencyKey = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => Option.getOrUndefined(Headers.get(request.headers, Idempotency.HEADER))
)
