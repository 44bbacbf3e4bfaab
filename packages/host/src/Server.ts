import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { SqlClient } from "@effect/sql"
import { Builtin } from "@jobfit/analyzer"
import { PaymentProvider, Prices, RateLimiter, Readiness, SelfService } from "@jobfit/core"
import { OAuth, Routes, Settings } from "@jobfit/dashboard"
import { HotRoutes, HttpRoutes } from "@jobfit/http"
import { RedisLimiter } from "@jobfit/redis"
import { SqlStore } from "@jobfit/store-sql"
import { Cause, Config, Duration, Effect, Layer, Option } from "effect"
import type * as Http from "node:http"
import { createServer } from "node:http"
import * as Core from "./Core.js"
import * as Runtime from "./Runtime.js"
import { fromCause, type StartError } from "./StartError.js"

/** Where to listen: JOBFIT_HOST (default 127.0.0.1) and JOBFIT_PORT (default 8787; 0 picks a free port). */
export const Listen = {
  host: Config.string("JOBFIT_HOST").pipe(Config.withDefault("127.0.0.1")),
  // Validate before the default: a validation after it loses the variable's name from the error.
  port: Config.integer("JOBFIT_PORT").pipe(
    Config.validate({ message: "must be a port number from 0 to 65535", validation: (n) => n >= 0 && n <= 65535 }),
    Config.withDefault(8787)
  )
}

/** What a host may swap; each part left out comes from the environment or is "not available yet". */
export interface Options {
  /** Default: SqlStore.layerConfig (JOBFIT_DATABASE_URL, else the SQLite file ./.jobfit/jobfit.db). */
  readonly store?: Layer.Layer<SqlStore.Stores | SqlStore.DashboardStores, unknown>
  /** Default: the built-in fetcher, analyzer and CV writer (@jobfit/analyzer). */
  readonly analysis?: Layer.Layer<Core.Analysis, unknown>
  /** Default: JOBFIT_RATE_LIMIT, JOBFIT_RATE_BURST, JOBFIT_ANALYZE_RATE_LIMIT. */
  readonly rateLimits?: Layer.Layer<RateLimiter.RateLimits, unknown>
  /** Default: Redis at JOBFIT_REDIS_URL when set, else this process's memory. */
  readonly limiter?: Layer.Layer<RateLimiter.RateLimiter, unknown>
  /** Default: JOBFIT_PRICE_ANALYZE_JOB, JOBFIT_PRICE_GENERATE_CV. */
  readonly prices?: Layer.Layer<Prices.Prices, unknown>
  /** Default: JOBFIT_DASHBOARD_URL (else the address the server listens on, under /dashboard). */
  readonly dashboard?: Layer.Layer<Settings.Settings, unknown>
  /** How the dashboard's credits page adds credits. Default: voucher codes made with `jobfit vouchers create`. */
  readonly payments?: Layer.Layer<PaymentProvider.PaymentProvider, unknown, SqlStore.DashboardStores>
}

const dashboardSettings = (options: Options) => options.dashboard ?? Settings.layerConfig

// JOBFIT_DATABASE_URL, else the SQLite file ./.jobfit/jobfit.db; its SQL client stays inside.
const defaultStore: Layer.Layer<SqlStore.Stores | SqlStore.DashboardStores, unknown> = SqlStore.layerConfig

/** What the service gives a host: Core's services and parts, with the dashboard's tables. */
export type Services = Core.Output<SqlStore.Stores | SqlStore.DashboardStores>

/** The service (Core.layer) with every part from the environment unless `options` gives it. */
export const layerGateway = (options: Options = {}): Layer.Layer<Services, unknown> =>
  Core.layer({
    store: options.store ?? defaultStore,
    analysis: options.analysis ?? Builtin.layer,
    rateLimits: options.rateLimits ?? RateLimiter.layerRateLimitsConfig,
    prices: options.prices ?? Prices.layerConfig,
    // JOBFIT_REDIS_URL: the fleet's processes count each key together; unset: this process counts alone.
    limiter: options.limiter ?? RedisLimiter.layerConfig,
    links: Settings.layerLinks.pipe(Layer.provide(dashboardSettings(options)))
  })

/** What /readyz asks: the SQL database when the store has one, Redis when the limits count there. */
const readiness = Layer.effect(
  Readiness.Readiness,
  Effect.gen(function*() {
    const sql = yield* Effect.serviceOption(SqlClient.SqlClient)
    const redis = yield* Effect.serviceOption(RedisLimiter.Health)
    return Readiness.make([
      ...Option.match(sql, { onNone: () => [], onSome: (client) => [["database", client`SELECT 1`] as const] }),
      ...Option.match(redis, { onNone: () => [], onSome: (health) => [["redis", health.ping] as const] })
    ])
  })
)

/** The REST and MCP app and the dashboard, served on the HttpServer in context, with the Gateway built from `options`. */
export const layerHttp = (options: Options = {}) =>
  HttpRoutes.layerWith(Routes.router).pipe(
    HttpServer.withLogAddress,
    Layer.provide(Layer.mergeAll(
      dashboardSettings(options),
      SelfService.layer.pipe(Layer.provideMerge(options.payments ?? PaymentProvider.layerVouchers)),
      OAuth.layerResourceMetadata.pipe(Layer.provide(dashboardSettings(options))),
      // The dashboard reads CV files (PDF, .docx) into a draft profile.
      Builtin.cvImport,
      readiness
    )),
    Layer.provideMerge(layerGateway(options))
  )

type Listening = Options & { readonly listen?: { readonly host: string; readonly port: number } }

const layerOn = (options: Listening, evaluate: () => Http.Server) => {
  // The server's one request listener: the hot routes (HotRoutes) first, then the app.
  const dispatch = new HotRoutes.Dispatch()
  const listening = () => evaluate().on("request", dispatch.listener)
  return layerHttp(options).pipe(
    Layer.provide(HotRoutes.serving(dispatch)),
    Layer.provideMerge(
      options.listen === undefined
        ? NodeHttpServer.layerConfig(listening, Listen)
        : NodeHttpServer.layer(listening, options.listen)
    ),
    Layer.provide(Runtime.tracing)
  )
}

/** The whole service on a Node HTTP server at `listen` (default: JOBFIT_HOST and JOBFIT_PORT). */
export const layer = (options: Listening = {}) => layerOn(options, createServer)

/** How long calls in flight may take to finish once the server is told to stop (JOBFIT_SHUTDOWN_TIMEOUT seconds). */
export const ShutdownTimeout = Config.integer("JOBFIT_SHUTDOWN_TIMEOUT").pipe(
  Config.validate({ message: "must be a number of seconds from 0 to 3600", validation: (n) => n >= 0 && n <= 3600 }),
  Config.withDefault(15)
)

/**
 * Stops accepting connections and waits until every connection has ended: a connection's calls in flight are
 * answered, and idle keep-alive connections are closed as they become idle.
 */
const drain = (server: Http.Server) =>
  Effect.async<void>((resume) => {
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    server.close(() => {
      clearInterval(idle)
      resume(Effect.void)
    })
    server.closeIdleConnections()
    return Effect.sync(() => clearInterval(idle))
  })

/**
 * Serves until interrupted (SIGTERM, SIGINT); a failure to start is one StartError line naming what is wrong. When
 * interrupted, the server stops accepting connections and answers the calls in flight before anything they use (the
 * database) is closed; what still runs after JOBFIT_SHUTDOWN_TIMEOUT seconds is cut off by the process's exit, with
 * code 0 (charges are taken at commit: a call cut off charged nothing).
 */
export const serve: (options?: Options) => Effect.Effect<never, StartError> = Effect.fn("Server.serve")(
  function*(options: Options = {}) {
    const timeout = yield* ShutdownTimeout
    let server: Http.Server | undefined
    const evaluate = () => (server = createServer())
    return yield* Effect.scoped(Effect.gen(function*() {
      yield* Layer.build(layerOn(options, evaluate))
      // Added after the layers' own, so it runs first: the calls end before the database and the rest close.
      yield* Effect.addFinalizer(() =>
        Effect.gen(function*() {
          if (server === undefined) return
          yield* Effect.logInfo(`Stopping: calls in flight have ${timeout} s to finish`)
          // Finalizers run uninterruptibly; the wait must be interruptible for the timeout to end it.
          const drained = yield* Effect.timeoutOption(Effect.interruptible(drain(server)), Duration.seconds(timeout))
          if (Option.isNone(drained)) {
            yield* Effect.logWarning(`Calls still in flight after ${timeout} s were cut off`)
            process.exit(0)
          }
        })
      )
      return yield* Effect.never
    }))
  },
  Effect.catchAllCause((cause) => (Cause.isInterruptedOnly(cause) ? Effect.interrupt : Effect.fail(fromCause(cause))))
)
