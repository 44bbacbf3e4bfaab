import type * as BuiltinAnalysis from "@jobfit/analyzer"
import type { Analyzer, CvWriter, PostingSource } from "@jobfit/core"
import { Prices, RateLimiter, Verdict } from "@jobfit/core"
import * as Core from "@jobfit/host/Core"
import * as StartError from "@jobfit/host/StartError"
import { DatabaseUrl, SqlStore } from "@jobfit/store-sql"
import { Cause, Effect, Either, Layer, Option } from "effect"
import * as Adapters from "./Adapters.js"
import { StartFailedError } from "./JobfitError.js"

/**
 * What `layer(options)` gives: the Gateway every call goes through, the operator's Admin and the MCP server, and the
 * parts under them (the stores, the analysis, prices and limits) for Effect programs that need them.
 */
export type Services = Core.Output<never>

/** What an embedding host may choose; everything has a default. */
export interface Options {
  /**
   * Where the data lives, in JOBFIT_DATABASE_URL's forms: `postgres://...` or `postgresql://...` for PostgreSQL;
   * `sqlite:PATH`, `file:PATH` or a plain path for a SQLite file (its folder is created); `":memory:"` for a
   * SQLite database in memory that is gone after dispose. Default: the SQLite file `./.jobfit/jobfit.db`.
   */
  readonly database?: string | undefined
  /** A store of your own (AccountStore, JobStore, Ledger, Transactor); replaces `database`. */
  readonly store?: Layer.Layer<SqlStore.Stores, unknown> | undefined
  /** Default: the built-in deterministic analyzer with its default verdict thresholds (APPLY 75, MAYBE 50). */
  readonly analyzer?: Layer.Layer<Analyzer.Analyzer, unknown> | Adapters.AnalyzerFunctions | undefined
  /**
   * Default: the built-in fetcher: http(s) only, public addresses only (checked at connect time, redirects
   * included), 10 s, 2 MB, 5 redirects.
   */
  readonly postingSource?:
    | Layer.Layer<PostingSource.PostingSource, unknown>
    | Adapters.PostingSourceFunctions
    | undefined
  /**
   * Hosts, addresses or CIDR ranges the built-in fetcher may reach although they are not public, as
   * JOBFIT_FETCH_ALLOW lists them (local testing only). Ignored with a `postingSource` of your own.
   */
  readonly fetchAllow?: ReadonlyArray<string> | undefined
  /** Default: the built-in CV writer (markdown, html or a JSON Resume document). */
  readonly cvWriter?: Layer.Layer<CvWriter.CvWriter, unknown> | Adapters.CvWriterFunctions | undefined
  /** Integer cents; default analyze_job 5, generate_cv 10. */
  readonly prices?: { readonly analyze_job?: number | undefined; readonly generate_cv?: number | undefined } | undefined
  /**
   * Per API key; 0 turns one limit off, `false` all of them. Default: 60 requests a minute with bursts of 20, and
   * 10 analyze_job a minute.
   */
  readonly rateLimits?:
    | false
    | {
      readonly perMinute?: number | undefined
      readonly burst?: number | undefined
      readonly analyzePerMinute?: number | undefined
    }
    | undefined
}

const wholeNumber = (option: string, value: number | undefined, fallback: number) =>
  value === undefined
    ? Effect.succeed(fallback)
    : Number.isSafeInteger(value) && value >= 0
    ? Effect.succeed(value)
    : Effect.fail(new StartFailedError(`Invalid option ${option}: ${String(value)}; use a whole number, 0 or more`))

const prices = Effect.fn("Embedded.prices")(function*(options: Options["prices"]) {
  return Prices.layer({
    analyze_job: yield* wholeNumber("prices.analyze_job", options?.analyze_job, Prices.defaults.analyze_job),
    generate_cv: yield* wholeNumber("prices.generate_cv", options?.generate_cv, Prices.defaults.generate_cv)
  })
})

const rateLimits = Effect.fn("Embedded.rateLimits")(function*(options: Options["rateLimits"]) {
  if (options === false) return RateLimiter.layerRateLimits({ perKey: Option.none(), analyze: Option.none() })
  const perMinute = yield* wholeNumber("rateLimits.perMinute", options?.perMinute, 60)
  const burst = yield* wholeNumber("rateLimits.burst", options?.burst, 20)
  const analyze = yield* wholeNumber("rateLimits.analyzePerMinute", options?.analyzePerMinute, 10)
  return RateLimiter.layerRateLimits({
    perKey: perMinute > 0 ? Option.some({ perMinute, burst: Math.max(1, burst) }) : Option.none(),
    analyze: analyze > 0 ? Option.some({ perMinute: analyze, burst: analyze }) : Option.none()
  })
})

// The store's messages name the server's variable; here the value came from the `database` option.
const forOption = (message: string) => message.replaceAll(DatabaseUrl.variable, "the database option")

/** One line saying why the service could not start, in the server's words, naming the option at fault. */
export const startFailure = (cause: Cause.Cause<unknown>): StartFailedError => {
  const failure = Option.getOrElse(Cause.failureOption(cause), () => Cause.squash(cause))
  return failure instanceof StartFailedError ? failure : new StartFailedError(forOption(StartError.describe(failure)))
}

const store = Effect.fn("Embedded.store")(function*(options: Options) {
  if (options.store !== undefined) return options.store
  const url = DatabaseUrl.parse(options.database)
  if (Either.isLeft(url)) {
    return yield* Effect.fail(new StartFailedError(`Invalid option database: ${forOption(url.left)}`))
  }
  const layer: Layer.Layer<SqlStore.Stores, unknown> = url.right._tag === "Postgres"
    ? SqlStore.layerPg(url.right.url)
    : SqlStore.layerSqlite(url.right.filename)
  return layer
})

// Loaded only when a default is used: a host with analysis of its own never loads the HTML and fetch stack.
const builtin = <A, E>(pick: (module: typeof BuiltinAnalysis) => Layer.Layer<A, E>) =>
  Layer.unwrapEffect(Effect.map(Effect.promise(() => import("@jobfit/analyzer")), pick))

const analysis = (options: Options) =>
  Layer.mergeAll(
    options.analyzer === undefined
      ? builtin((module) => module.BuiltinAnalyzer.layerWith({}))
      : "analyze" in options.analyzer
      ? Adapters.analyzer(options.analyzer)
      : options.analyzer,
    options.postingSource === undefined
      ? builtin((module) =>
        module.HttpPostingSource.layerWith(options.fetchAllow === undefined ? {} : { allow: options.fetchAllow })
      )
      : "fetch" in options.postingSource
      ? Adapters.postingSource(options.postingSource)
      : options.postingSource,
    options.cvWriter === undefined
      ? builtin((module) => module.BuiltinCvWriter.layer)
      : "write" in options.cvWriter
      ? Adapters.cvWriter(options.cvWriter)
      : options.cvWriter
  )

/**
 * The whole service as layers, for Effect programs: the store (migrated when built), the analysis parts, prices,
 * rate limits, the Gateway, Admin and the MCP server. Any failure to start is one StartFailedError line.
 */
export const layer = (options: Options = {}): Layer.Layer<Services, StartFailedError> =>
  Layer.unwrapEffect(Effect.gen(function*() {
    // The same composition as the server's, so the embedded host has its sweeper and everything else.
    return Core.layer({
      store: yield* store(options),
      analysis: analysis(options),
      prices: yield* prices(options.prices),
      rateLimits: yield* rateLimits(options.rateLimits),
      verdict: Verdict.layer()
    })
  })).pipe(Layer.catchAllCause((cause) => Layer.fail(startFailure(cause))))
