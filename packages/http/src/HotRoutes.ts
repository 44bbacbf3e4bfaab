import { HttpServer, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Errors, Gateway, Idempotency } from "@jobfit/core"
import { McpServer } from "@jobfit/mcp"
import {
  Cause,
  Context,
  Effect,
  Exit,
  type Fiber,
  FiberId,
  FiberRef,
  HashMap,
  Layer,
  List,
  LogSpan,
  Option,
  Runtime,
  Stream
} from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import * as AccessLog from "./AccessLog.js"
import * as HttpRoutes from "./HttpRoutes.js"
import * as McpRoute from "./McpRoute.js"
import type { Listener } from "./NodeListener.js"
import * as RequestId from "./RequestId.js"
import * as Responses from "./Responses.js"
import * as ToolCallBody from "./ToolCallBody.js"
import { pathOf } from "./Url.js"

/**
 * The busiest routes, `POST /api/mcp/tools/call` and `POST /api/mcp`, answered from node:http without the platform's
 * request object, router and middleware, which cost such a request about a third of its CPU. What the client sees
 * and what is logged and counted are the app's own: the same Gateway call, body checks, responses, request id, access
 * log line and metrics (HttpRoutes.callTool, McpRoute.answer, ToolCallBody, AccessLog). Every other request, and
 * every request while a tracer is on (the platform gives each its span), goes to the app. True when it answered.
 */
export type Hot = (request: IncomingMessage, response: ServerResponse) => boolean

const TOOLS_CALL = "/api/mcp/tools/call"
const MCP = "/api/mcp"

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

type Body = Effect.Effect<Uint8Array, Errors.AppError>

const tooLarge = (maxBytes: number): Body => Effect.fail(new Errors.RequestTooLarge({ max_bytes: maxBytes }))

/**
 * Reads the body with node's own callbacks, at most `maxBytes`, with ToolCallBody.readBytes's rules, and gives
 * `done` its bytes or why not. A declared Content-Length above the limit is refused without reading.
 */
const readBody = (request: IncomingMessage, maxBytes: number, done: (body: Body) => void): void => {
  const declared = ToolCallBody.declaredLength(Option.fromNullable(header(request, "content-length")))
  if (Option.isSome(declared) && declared.value > maxBytes) {
    return done(tooLarge(maxBytes))
  }
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
    done(size > maxBytes ? tooLarge(maxBytes) : Effect.succeed(Buffer.concat(kept, size)))
  }
  const onError = () => {
    stop()
    done(Effect.fail(new Errors.InvalidRequest({ message: "The request body could not be read" })))
  }
  request.on("data", onData).on("end", onEnd).on("error", onError)
}

const toolCall = (request: IncomingMessage, text: Effect.Effect<string, Errors.AppError>) =>
  ToolCallBody.toolCallOf(Option.fromNullable(header(request, "content-type")), text)

/** Writes an answer whole, as the platform's Node server would: status, headers, its bytes (none for a stream). */
const send = (response: ServerResponse, answer: HttpServerResponse.HttpServerResponse) => {
  response.writeHead(answer.status, answer.headers)
  if (answer.body._tag !== "Stream") response.end(answer.body._tag === "Uint8Array" ? answer.body.body : undefined)
}

/** Writes an answer, its stream included. */
const write = (response: ServerResponse, answer: HttpServerResponse.HttpServerResponse): Effect.Effect<void> =>
  Effect.suspend(() => {
    send(response, answer)
    const body = answer.body
    // Server-sent events of a call that reports progress: a few small messages.
    return body._tag !== "Stream" ? Effect.void : body.stream.pipe(
      Stream.runForEach((chunk) => Effect.sync(() => response.write(chunk))),
      Effect.orDie,
      Effect.ensuring(Effect.sync(() => response.end()))
    )
  })

/**
 * The hot routes under `prefix` (see Mount.under), over the runtime this runs in, for a server listening on `bound`
 * (none when embedded in another server); none while a tracer is on, or where the runtime has no Gateway.
 */
export const make = (
  prefix = "",
  bound: Option.Option<string> = Option.none()
): Effect.Effect<Hot | undefined> =>
  Effect.gen(function*() {
    if (yield* FiberRef.get(FiberRef.currentTracerEnabled)) return undefined
    const context = yield* Effect.context<never>()
    const gateway = Context.getOption(context, Gateway.Gateway)
    const mcp = Context.getOption(context, McpServer.McpServer)
    if (Option.isNone(gateway) || Option.isNone(mcp)) return undefined
    const runSyncExit = Runtime.runSyncExit(
      yield* Effect.runtime<Gateway.Gateway | McpServer.McpServer>().pipe(
        Effect.provideService(Gateway.Gateway, gateway.value),
        Effect.provideService(McpServer.McpServer, mcp.value)
      )
    )
    const sent = AccessLog.recorder(HttpRoutes.known)
    const routes = new Map<
      string,
      (request: IncomingMessage, text: Effect.Effect<string, Errors.AppError>) => AnswerEffect
    >([
      [`${prefix}${TOOLS_CALL}`, (request, text) =>
        HttpRoutes.callTool(callerOf(request), header(request, Idempotency.HEADER), toolCall(request, text))],
      [`${prefix}${MCP}`, (request, text) =>
        McpRoute.answer({
          header: (name) =>
            Option.fromNullable(header(request, name)),
          bound,
          caller: callerOf(request),
          text
        })]
    ])
    return (request, response) => {
      if (request.method !== "POST") {
        return false
      }
      const path = pathOf(request.url ?? "")
      const route = routes.get(path)
      if (route === undefined) {
        return false
      }
      const start = performance.now()
      const id = RequestId.choose(Option.fromNullable(header(request, RequestId.HEADER)))
      const logged = prefix === "" ? path : path.slice(prefix.length)
      // Set while the call waits on something (a remote store or limiter); a call that needs nothing remote runs to
      // its answer at once, with no fiber scheduled.
      let fiber: Fiber.RuntimeFiber<unknown, unknown> | undefined
      let closed = false
      // A client that goes away interrupts its call, as on the app's path.
      response.on("close", () => {
        closed = true
        if (fiber !== undefined && !response.writableEnded) {
          fiber.unsafeInterruptAsFork(FiberId.none)
        }
      })
      // The body is read before the call runs: a fiber that waited for it cost two turns of the scheduler.
      readBody(request, ToolCallBody.MAX_BYTES, (body) => {
        if (closed) {
          return
        }
        const exit = runSyncExit(
          route(request, Effect.flatMap(body, ToolCallBody.utf8Text)).pipe(
            Effect.catchAllCause(HttpRoutes.internal),
            Effect.tap((answer) =>
              sent("POST", logged, answer.status, start)
            ),
            Effect.flatMap((answer) => write(response, HttpServerResponse.setHeader(answer, RequestId.HEADER, id))),
            (answered) => logsOf(answered, id)
          )
        )
        if (Exit.isFailure(exit)) {
          const waiting = Option.filter(Cause.dieOption(exit.cause), Runtime.isAsyncFiberException)
          if (Option.isSome(waiting)) fiber = waiting.value.fiber
        }
      })
      return true
    }
  })

/**
 * The request's log annotation (its id) and log span ("http"), set once on the request's own fiber, which ends with
 * the request: Effect.annotateLogs and Effect.withLogSpan scope them around the call instead, a cost per request
 * that only a fiber shared with other work needs.
 */
const logsOf = <A, E, R>(effect: Effect.Effect<A, E, R>, id: string): Effect.Effect<A, E, R> =>
  FiberRef.update(FiberRef.currentLogAnnotations, HashMap.set<string, unknown>("requestId", id)).pipe(
    Effect.zipRight(FiberRef.update(FiberRef.currentLogSpan, List.prepend(LogSpan.make("http", Date.now())))),
    Effect.zipRight(effect)
  )

type AnswerEffect = Effect.Effect<HttpServerResponse.HttpServerResponse, never, Gateway.Gateway | McpServer.McpServer>

const callerOf = (request: IncomingMessage): Gateway.Caller => ({
  authorization: header(request, "authorization"),
  client: request.socket.remoteAddress ?? "unknown"
})

// Listening but not serving yet (the layers still build: migrations, the analyzer's data), or no longer.
const notServing = HttpServerResponse.setHeader(
  Responses.failure(new Errors.FeatureUnavailable({ feature: "Serving requests" })),
  "retry-after",
  "1"
)

/** The one request listener of a Node server: the hot routes first, then the app; 503 while there is no app. */
export class Dispatch {
  constructor(public app: Listener | undefined = undefined, public hot: Hot | undefined = undefined) {}

  readonly listener: Listener = (request, response) => {
    if (this.hot !== undefined && this.hot(request, response)) return
    if (this.app !== undefined) return this.app(request, response)
    send(response, notServing)
  }
}

/**
 * The HttpServer in context, serving through `dispatch` (whose listener the Node server calls for every request):
 * what it is given to serve becomes the app behind the hot routes.
 */
export const serving = (dispatch: Dispatch): Layer.Layer<HttpServer.HttpServer, never, HttpServer.HttpServer> =>
  Layer.effect(
    HttpServer.HttpServer,
    Effect.map(HttpServer.HttpServer, (server) =>
      HttpServer.make({
        address: server.address,
        serve: (app, middleware) =>
          Effect.gen(function*() {
            dispatch.app = yield* (middleware === undefined
              ? NodeHttpServer.makeHandler(app)
              : NodeHttpServer.makeHandler(app, middleware))
            dispatch.hot = yield* make("", McpRoute.boundOf(server.address))
            yield* Effect.addFinalizer(() =>
              Effect.sync(() => {
                dispatch.app = undefined
                dispatch.hot = undefined
              })
            )
          })
      }))
  )
