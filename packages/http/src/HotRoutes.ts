import { HttpServer, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Errors, Gateway, Idempotency } from "@jobfit/core"
import { Effect, FiberId, FiberRef, Layer, Option, Runtime } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import * as AccessLog from "./AccessLog.js"
import * as HttpRoutes from "./HttpRoutes.js"
import * as RequestId from "./RequestId.js"
import * as ToolCallBody from "./ToolCallBody.js"
import { pathOf } from "./Url.js"

/**
 * The busiest route, `POST /api/mcp/tools/call`, answered from node:http without the platform's request object,
 * router and middleware, which cost such a request about a third of its CPU. What the client sees and what is logged
 * and counted are the app's own: the same Gateway call, body checks, responses, request id, access log line and
 * metrics (HttpRoutes.callTool, ToolCallBody, AccessLog). Every other request, and every request while a tracer is on
 * (the platform gives each its span), goes to the app.
 */
export type Hot = (request: IncomingMessage, response: ServerResponse) => boolean

const TOOLS_CALL = "/api/mcp/tools/call"

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** The body's bytes, at most `maxBytes`, with ToolCallBody.readBytes's rules, from a Node request. */
const bodyBytes = (request: IncomingMessage, maxBytes: number): Effect.Effect<Uint8Array, Errors.AppError> => {
  const declared = ToolCallBody.declaredLength(Option.fromNullable(header(request, "content-length")))
  if (Option.isSome(declared) && declared.value > maxBytes) {
    return Effect.fail(new Errors.RequestTooLarge({ max_bytes: maxBytes }))
  }
  return Effect.async<Uint8Array, Errors.AppError>((resume) => {
    const kept: Array<Buffer> = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      // A larger body is read to its end but not kept: stopping early would drop the connection before the 413.
      if (size <= maxBytes) kept.push(chunk)
    }
    const stop = () => {
      request.off("data", onData).off("end", onEnd).off("error", onError)
    }
    const onEnd = () => {
      stop()
      resume(
        size > maxBytes
          ? Effect.fail(new Errors.RequestTooLarge({ max_bytes: maxBytes }))
          : Effect.succeed(Buffer.concat(kept, size))
      )
    }
    const onError = () => {
      stop()
      resume(Effect.fail(new Errors.InvalidRequest({ message: "The request body could not be read" })))
    }
    request.on("data", onData).on("end", onEnd).on("error", onError)
    return Effect.sync(stop)
  })
}

const toolCall = (request: IncomingMessage): Effect.Effect<ToolCallBody.ToolCall, Errors.AppError> =>
  ToolCallBody.isJsonContentType(Option.fromNullable(header(request, "content-type")))
    ? bodyBytes(request, ToolCallBody.MAX_BYTES).pipe(
      Effect.flatMap(ToolCallBody.utf8Text),
      Effect.flatMap(ToolCallBody.decodeText)
    )
    : Effect.fail(ToolCallBody.notJson())

const write = (response: ServerResponse, answer: HttpServerResponse.HttpServerResponse) => {
  response.writeHead(answer.status, answer.headers)
  response.end(answer.body._tag === "Uint8Array" ? answer.body.body : undefined)
}

/**
 * The hot routes under `prefix` (see Mount.under), over the runtime this runs in; none while a tracer is on, or
 * where the runtime has no Gateway.
 */
export const make = (prefix = ""): Effect.Effect<Hot | undefined> =>
  Effect.gen(function*() {
    if (yield* FiberRef.get(FiberRef.currentTracerEnabled)) return undefined
    const gateway = yield* Effect.serviceOption(Gateway.Gateway)
    if (Option.isNone(gateway)) return undefined
    const runFork = Runtime.runFork(
      yield* Effect.provideService(Effect.runtime<Gateway.Gateway>(), Gateway.Gateway, gateway.value)
    )
    const sent = AccessLog.recorder(HttpRoutes.known)
    const route = `${prefix}${TOOLS_CALL}`
    return (request, response) => {
      if (request.method !== "POST" || pathOf(request.url ?? "") !== route) return false
      const start = performance.now()
      const id = RequestId.choose(Option.fromNullable(header(request, RequestId.HEADER)))
      const caller: Gateway.Caller = {
        authorization: header(request, "authorization"),
        client: request.socket.remoteAddress ?? "unknown"
      }
      const fiber = runFork(
        HttpRoutes.callTool(caller, header(request, Idempotency.HEADER), toolCall(request)).pipe(
          Effect.catchAllCause(HttpRoutes.internal),
          Effect.flatMap((answer) => {
            write(response, HttpServerResponse.setHeader(answer, RequestId.HEADER, id))
            return sent("POST", TOOLS_CALL, answer.status, start)
          }),
          Effect.withLogSpan("http"),
          Effect.annotateLogs("requestId", id)
        )
      )
      // A client that goes away interrupts its call, as on the app's path.
      response.on("close", () => {
        if (!response.writableEnded) fiber.unsafeInterruptAsFork(FiberId.none)
      })
      return true
    }
  })

/** The one request listener of a Node server: the hot routes first, then the app the HttpServer serves. */
export interface Dispatch {
  readonly listener: (request: IncomingMessage, response: ServerResponse) => void
}

interface Slots extends Dispatch {
  hot: Hot | undefined
  app: ((request: IncomingMessage, response: ServerResponse) => void) | undefined
}

const notServing = JSON.stringify({
  detail: { code: "SERVICE_UNAVAILABLE", message: "The server is starting or stopping; retry in a moment" }
})

export const dispatch = (): Dispatch => {
  const slots: Slots = {
    hot: undefined,
    app: undefined,
    listener: (request, response) => {
      if (slots.hot !== undefined && slots.hot(request, response)) return
      if (slots.app !== undefined) return slots.app(request, response)
      // Not serving yet, or no longer.
      response.writeHead(503, { "content-type": "application/json", "retry-after": "1" })
      response.end(notServing)
    }
  }
  return slots
}

/**
 * The HttpServer in context, serving through `dispatch` (whose listener the Node server calls for every request):
 * what it is given to serve becomes the app behind the hot routes.
 */
export const serving = (dispatch: Dispatch): Layer.Layer<HttpServer.HttpServer, never, HttpServer.HttpServer> =>
  Layer.effect(
    HttpServer.HttpServer,
    Effect.map(HttpServer.HttpServer, (server) => {
      const slots = dispatch as Slots
      return HttpServer.make({
        address: server.address,
        serve: (app, middleware) =>
          Effect.gen(function*() {
            slots.app = yield* (middleware === undefined
              ? NodeHttpServer.makeHandler(app)
              : NodeHttpServer.makeHandler(app, middleware))
            slots.hot = yield* make()
            yield* Effect.addFinalizer(() =>
              Effect.sync(() => {
                slots.app = undefined
                slots.hot = undefined
              })
            )
          })
      })
    })
  )
