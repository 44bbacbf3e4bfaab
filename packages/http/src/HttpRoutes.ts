import {
  HttpApp,
  HttpMiddleware,
  HttpRouter,
  HttpServer,
  HttpServerRequest,
  HttpServerResponse
} from "@effect/platform"
import { DashboardLinks, type Errors, Gateway, Prices, Readiness, Spans } from "@jobfit/core"
import { McpServer } from "@jobfit/mcp"
import { Cause, Effect, Either, FiberRef, Layer, Option } from "effect"
import * as AccessLog from "./AccessLog.js"
import * as Caller from "./Caller.js"
import * as Docs from "./Docs.js"
import * as McpRoute from "./McpRoute.js"
import * as Metrics from "./Metrics.js"
import * as OpenApi from "./OpenApi.js"
import * as RequestId from "./RequestId.js"
import * as Responses from "./Responses.js"
import * as ToolCallBody from "./ToolCallBody.js"
import { pathOf } from "./Url.js"

/** Every route and the methods it answers, for 405 and `Allow`. */
export const routes = {
  "/healthz": ["GET", "HEAD"],
  "/readyz": ["GET", "HEAD"],
  "/metrics": ["GET", "HEAD"],
  "/api/mcp/status": ["GET", "HEAD"],
  "/api/mcp/tools/call": ["POST"],
  "/api/mcp": ["POST"],
  "/openapi.json": ["GET", "HEAD"],
  "/docs": ["GET", "HEAD"]
} as const satisfies Record<string, ReadonlyArray<string>>

/** Turns a Gateway failure into its catalogue response; anything else stays a defect for the app to answer. */
const answer = <R>(
  self: Effect.Effect<HttpServerResponse.HttpServerResponse, Errors.AppError, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R> =>
  Effect.catchAll(self, (error) => Effect.succeed(Responses.failure(error)))

// Both describe the same contracts the Gateway runs, at the prices it charges (JOBFIT_PRICE_*); made once per
// prices, which do not change while a server runs.
const described = new WeakMap<object, { readonly openApi: unknown; readonly docs: string }>()
const describe = Effect.map(Effect.serviceOption(Prices.Prices), (found) => {
  const prices = Option.getOrElse(found, () => Prices.defaults)
  const cached = described.get(prices)
  if (cached !== undefined) return cached
  const made = { openApi: OpenApi.make(prices), docs: Docs.page(prices) }
  described.set(prices, made)
  return made
})
const openApi = Effect.map(describe, (d) => HttpServerResponse.unsafeJson(d.openApi))
const docs = Effect.map(describe, (d) => HttpServerResponse.html(d.docs))

const healthz = Responses.success({ value: { status: "ok" }, rate: Option.none() })

// Whether the process can serve: its dependencies (the database, Redis) answered. 503 while one does not.
const readyz = Effect.gen(function*() {
  const readiness = yield* Effect.serviceOption(Readiness.Readiness)
  const checks = Option.isNone(readiness) ? [] : yield* readiness.value.report
  const ready = checks.every((c) => c.ok)
  return HttpServerResponse.unsafeJson(
    { status: ready ? "ok" : "unavailable", checks },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } }
  )
})

const status = Effect.gen(function*() {
  const gateway = yield* Gateway.Gateway
  return yield* Responses.success(yield* gateway.status(yield* Caller.fromRequest))
}).pipe(answer, Spans.withSpan("HttpRoutes.status", { captureStackTrace: false }))

/**
 * `POST /api/mcp/tools/call` from what the request gave: the caller, its Idempotency-Key, and its body as an effect
 * that reads and checks it. The caller is admitted before the body is read: a caller without a valid key hears 401,
 * whatever it sent.
 */
export const callTool = <R>(
  caller: Gateway.Caller,
  idempotencyKey: string | undefined,
  body: Effect.Effect<ToolCallBody.ToolCall, Errors.AppError, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, Gateway.Gateway | R> =>
  Effect.gen(function*() {
    const gateway = yield* Gateway.Gateway
    const { principal, rate } = yield* gateway.admit(caller)
    const outcome = yield* body.pipe(
      Effect.flatMap((body) => gateway.callAs(principal, body.name, body.arguments, { idempotencyKey })),
      Effect.either
    )
    return yield* Either.match(outcome, {
      onLeft: (error) => Effect.map(DashboardLinks.attacher, (link) => Responses.failure(link(error), rate)),
      onRight: (value) => Responses.success({ value, rate })
    })
  }).pipe(answer)

const toolsCall = Effect.gen(function*() {
  return yield* callTool(yield* Caller.fromRequest, yield* Caller.idempotencyKey, ToolCallBody.read())
}).pipe(Spans.withSpan("HttpRoutes.toolsCall", { captureStackTrace: false }))

export const router = HttpRouter.empty.pipe(
  HttpRouter.get("/healthz", healthz),
  HttpRouter.get("/readyz", readyz),
  HttpRouter.get("/metrics", Metrics.route),
  HttpRouter.get("/api/mcp/status", status),
  HttpRouter.post("/api/mcp/tools/call", toolsCall),
  HttpRouter.post("/api/mcp", McpRoute.post),
  HttpRouter.get("/openapi.json", openApi),
  HttpRouter.get("/docs", docs)
)

const methodsByPath = new Map<string, ReadonlyArray<string>>(Object.entries(routes))

const unrouted = Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
  const path = pathOf(request.url)
  const allowed = methodsByPath.get(path)
  return allowed === undefined ? Responses.notFound(path) : Responses.methodNotAllowed(request.method, allowed)
})

/** The routes counted by name in the HTTP metrics. */
export const known: ReadonlySet<string> = new Set(methodsByPath.keys())

const observed = AccessLog.middleware(known)

/** A request that failed unexpectedly: logged with its cause, answered INTERNAL_ERROR with nothing of it. */
export const internal = (cause: Cause.Cause<unknown>) =>
  Cause.isInterruptedOnly(cause)
    ? Effect.interrupt
    : Effect.as(Effect.logError("request failed unexpectedly", cause), Responses.internal())

/**
 * A router as an app: 404/405 for what it does not route, INTERNAL_ERROR for anything unexpected, request ids, an
 * access log and request metrics.
 */
export const withDefaults = <E, R>(routes: HttpRouter.HttpRouter<E, R>): HttpApp.Default<never, R> =>
  routes.pipe(
    Effect.catchTag("RouteNotFound", () => unrouted),
    Effect.catchAllCause(internal),
    observed,
    RequestId.middleware
  )

/** The REST and MCP app. */
export const app: HttpApp.Default<never, Gateway.Gateway | McpServer.McpServer> = withDefaults(router)

// The request span records the query (url.query, url.full); a request whose query carries a token (the dashboard's
// password-reset link) gets no span, so the token does not leave for a collector.
const untraced = (request: HttpServerRequest.HttpServerRequest) => /[?&]token=/i.test(request.url)

// With the tracer off (no collector configured) the platform's request span would still parse the URL and copy the
// headers on every request for a span nobody reads: the request span is then skipped altogether.
const always = () => true

const serve = <R>(served: HttpApp.Default<never, R>) =>
  Layer.unwrapEffect(Effect.map(FiberRef.get(FiberRef.currentTracerEnabled), (tracing) =>
    HttpServer.serve(served).pipe(
      HttpMiddleware.withTracerDisabledWhen(tracing ? untraced : always),
      Layer.provide(McpServer.McpServer.Default)
    )))

/** Serves the app on the HttpServer in context; needs the Gateway. */
export const layer = serve(app)

/** Serves the app with more routes beside it (the dashboard), under the same error handling and logs. */
export const layerWith = <E, R>(extra: HttpRouter.HttpRouter<E, R>) =>
  serve(withDefaults(HttpRouter.concat(router, extra)))

/**
 * The app as a web-standard `(Request) => Promise<Response>` over a Gateway layer, for hosts that are not
 * Effect programs. Paths are matched as they arrive: a host mounting it under a prefix strips the prefix.
 * `dispose` releases the layer.
 */
export const toWebHandler = <E>(gateway: Layer.Layer<Gateway.Gateway, E>) =>
  HttpApp.toWebHandlerLayer(app, Layer.provideMerge(McpServer.McpServer.Default, gateway))
