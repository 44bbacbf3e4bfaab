import { HttpServer } from "@effect/platform"
import { Admin, type Gateway, Prices, RateLimiter } from "@jobfit/core"
import { Settings } from "@jobfit/dashboard"
import { Server } from "@jobfit/host"
import type { SqlStore } from "@jobfit/store-sql"
import { Context, Effect, Layer, Logger, Option } from "effect"
import * as TestAnalyzer from "./TestAnalyzer.js"

/** Where the server under test listens. */
export class TestServer extends Context.Tag("@jobfit/e2e/TestServer")<TestServer, {
  readonly baseUrl: string
}>() {}

export interface Setup {
  readonly store: Layer.Layer<SqlStore.Stores | SqlStore.DashboardStores, unknown>
  /** Default: the test analyzer; `null` starts the server as `pnpm start` does, without one. */
  readonly analysis?: Server.Options["analysis"] | null
  /** Default: no rate limits. */
  readonly rateLimits?: typeof RateLimiter.RateLimits.Service
  readonly prices?: typeof Prices.Prices.Service
  /** Default: DASHBOARD_URL as the public address, a low password-hashing cost, the default sign-in limit. */
  readonly dashboard?: Server.Options["dashboard"]
  /** Default: a free port chosen by the system. */
  readonly port?: number
}

/** Where errors send people in tests; a low scrypt cost keeps sign-ups quick. */
export const DASHBOARD_URL = "http://jobfit.test/dashboard"

const dashboard = Settings.layer(Settings.make({ publicUrl: DASHBOARD_URL, passwordCost: { N: 2 ** 10, r: 8, p: 1 } }))

export const noLimits: typeof RateLimiter.RateLimits.Service = { perKey: Option.none(), analyze: Option.none() }

const baseUrl = Effect.map(HttpServer.HttpServer, (server) =>
  TestServer.of({
    baseUrl: server.address._tag === "TcpAddress"
      ? `http://127.0.0.1:${server.address.port}`
      : `http://unix:${server.address.path}`
  }))

/**
 * The real service on a real socket (127.0.0.1, a free port), with Admin on the same database for fixtures.
 * Built with live services (`excludeTestServices`): the server's clock is the wall clock.
 */
export const layer = (
  setup: Setup
): Layer.Layer<
  TestServer | Admin.Admin | Gateway.Gateway | SqlStore.Stores | SqlStore.DashboardStores | HttpServer.HttpServer,
  unknown
> => {
  const served = Server.layer({
    store: setup.store,
    ...(setup.analysis === null ? {} : { analysis: setup.analysis ?? TestAnalyzer.layer }),
    rateLimits: RateLimiter.layerRateLimits(setup.rateLimits ?? noLimits),
    prices: Prices.layer(setup.prices ?? Prices.defaults),
    dashboard: setup.dashboard ?? dashboard,
    listen: { host: "127.0.0.1", port: setup.port ?? 0 }
  })
  return Layer.mergeAll(Layer.effect(TestServer, baseUrl), Admin.Admin.Default).pipe(
    Layer.provideMerge(served),
    Layer.provide(Logger.remove(Logger.defaultLogger))
  )
}
