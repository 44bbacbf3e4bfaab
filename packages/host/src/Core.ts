/**
 * The service every host runs, composed once: the Gateway over a store and analysis, the operator's Admin, the MCP
 * server, the charge sweeper, rate limits, prices and the verdict rule. The HTTP server, stdio, the CLI and the
 * embedded library each choose the parts (from the environment or from options) and get the rest from here, so what
 * one host has, all have.
 */
import {
  type AccountStore,
  Admin,
  type Analyzer,
  ChargeSweeper,
  type CvWriter,
  type DashboardLinks,
  Gateway,
  type JobStore,
  type Ledger,
  type PostingSource,
  type Prices,
  PrincipalCache,
  RateLimiter,
  type Transactor,
  Verdict
} from "@jobfit/core"
import { McpServer } from "@jobfit/mcp"
import { type ConfigError, Layer } from "effect"

/** The stores the Gateway runs on. */
export type Stores = AccountStore.AccountStore | JobStore.JobStore | Ledger.Ledger | Transactor.Transactor

/** Fetching, analysing and writing CVs. */
export type Analysis = PostingSource.PostingSource | Analyzer.Analyzer | CvWriter.CvWriter

/** What a host chooses; the store may carry services of its own (`X`: the dashboard's tables), which are kept. */
export interface Parts<X, E> {
  readonly store: Layer.Layer<Stores | X, E>
  readonly analysis: Layer.Layer<Analysis, E>
  readonly prices: Layer.Layer<Prices.Prices, E>
  readonly rateLimits: Layer.Layer<RateLimiter.RateLimits, E>
  /** Default: the thresholds of JOBFIT_VERDICT_APPLY and JOBFIT_VERDICT_MAYBE (75 and 50 when unset). */
  readonly verdict?: Layer.Layer<Verdict.VerdictRule, E>
  /** Where the rate limits count; default: this process's memory (RedisLimiter for a fleet). */
  readonly limiter?: Layer.Layer<RateLimiter.RateLimiter, E>
  /** Where errors point people to (402, 403, missing profile); none without a dashboard. */
  readonly links?: Layer.Layer<DashboardLinks.DashboardLinks, E>
}

/** What every host gets. */
export type Services = Gateway.Gateway | Admin.Admin | McpServer.McpServer

/** What `layer` gives: the services, the parts, and the policies under the Gateway. */
export type Output<X> =
  | Services
  | Stores
  | X
  | Analysis
  | Prices.Prices
  | RateLimiter.RateLimits
  | RateLimiter.RateLimiter
  | Verdict.VerdictRule

/**
 * The Gateway, Admin and the MCP server over the chosen parts, with the sweeper that refunds charges a stopped
 * process left pending running beside them. The parts stay in the output, for admin work on the same store.
 */
export const layer = <X, E>(parts: Parts<X, E>): Layer.Layer<Output<X>, E | ConfigError.ConfigError> => {
  return Layer.mergeAll(Admin.Admin.Default, McpServer.McpServer.Default, ChargeSweeper.layer).pipe(
    Layer.provideMerge(Gateway.Gateway.Default),
    Layer.provideMerge(Layer.mergeAll(
      // A key's principal is remembered for a second (PrincipalCache): one query a second for a busy key.
      Layer.merge(parts.store, PrincipalCache.layer.pipe(Layer.provide(parts.store))),
      parts.analysis,
      parts.prices,
      parts.rateLimits,
      parts.verdict ?? Verdict.layerConfig,
      parts.limiter ?? RateLimiter.layerMemory,
      // Read by the transports (MCP, REST), which add the links to the errors they send.
      parts.links ?? Layer.empty
    ))
  )
}
