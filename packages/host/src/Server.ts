import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { SqlClient } from "@effect/sql"
import { Builtin } from "@jobfit/analyzer"
import { PaymentProvider, Prices, RateLimiter, Readiness } from "@jobfit/core"
import { Routes, Settings } from "@jobfit/dashboard"
import { HttpRoutes } from "@jobfit/http"
import { RedisLimiter } from "@jobfit/redis"
import { SqlStore } from "@jobfit/store-sql"
import { Cause, Config, Effect, Layer, Option } from "effect"
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
      options.payments ?? PaymentProvider.layerVouchers,
      readiness
    )),
    Layer.provideMerge(layerGateway(options))
  )

/** The whole service on a Node HTTP server at `listen` (default: JOBFIT_HOST and JOBFIT_PORT). */
export const layer = (
  options: Options & { readonly listen?: { readonly host: string; readonly port: number } } = {}
) =>
  layerHttp(options).pipe(
    Layer.provideMerge(
      options.listen === undefined
        ? NodeHttpServer.layerConfig(createServer, Listen)
        : NodeHttpServer.layer(createServer, options.listen)
    ),
    Layer.provide(Runtime.tracing)
  )

/** Serves until interrupted; a failure to start is one StartError line naming what is wrong. */
export const serve: (options?: Options) => Effect.Effect<never, StartError> = Effect.fn("Server.serve")(
  function*(options: Options = {}) {
    return yield* Layer.launch(layer(options))
  },
  Effect.catchAllCause((cause) => (Cause.isInterruptedOnly(cause) ? Effect.interrupt : Effect.fail(fromCause(cause))))
)
