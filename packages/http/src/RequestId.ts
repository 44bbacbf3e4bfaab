import { Headers, type HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Option } from "effect"

export const HEADER = "x-request-id"

// Letters, digits and a few separators only: the id goes into logs and a response header as it is.
const sane = /^[A-Za-z0-9._:+/=-]{1,128}$/

/** The caller's id when it is safe to echo, otherwise a fresh UUID. */
export const choose = (incoming: Option.Option<string>): string =>
  Option.getOrElse(Option.filter(incoming, (id) => sane.test(id)), () => crypto.randomUUID())

/** Gives every request an id: echoed in `X-Request-Id` and attached to every log line of the request. */
export const middleware = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const id = choose(Headers.get(request.headers, HEADER))
    const response = yield* Effect.annotateLogs(app, "requestId", id)
    return HttpServerResponse.setHeader(response, HEADER, id)
  })
