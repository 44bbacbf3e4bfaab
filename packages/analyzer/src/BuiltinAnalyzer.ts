import { Analyzer } from "@jobfit/core"
import { Config, type ConfigError, DateTime, Effect, Layer } from "effect"
import { type AnalyzeOptions, analyzePosting } from "./AnalyzePosting.js"
import type { Thresholds } from "./score/Weights.js"

export { type AnalyzeOptions, analyzePosting, ANALYZER_NAME } from "./AnalyzePosting.js"

const score = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.withDefault(fallback),
    Config.validate({ message: `${name} must be an integer from 0 to 100`, validation: (n) => n >= 0 && n <= 100 })
  )

/** Verdict thresholds: JOBFIT_VERDICT_APPLY (default 75) and JOBFIT_VERDICT_MAYBE (default 50). */
export const ThresholdsConfig: Config.Config<Thresholds> = Config.all({
  apply: score("JOBFIT_VERDICT_APPLY", 75),
  maybe: score("JOBFIT_VERDICT_MAYBE", 50)
}).pipe(
  Config.validate({
    message: "JOBFIT_VERDICT_MAYBE must not be above JOBFIT_VERDICT_APPLY",
    validation: (t) => t.maybe <= t.apply
  })
)

const make = (options: AnalyzeOptions) =>
  Analyzer.Analyzer.of({
    analyze: Effect.fn("Analyzer.analyze")(function*(posting, profile) {
      const now = yield* DateTime.now
      return analyzePosting(posting, profile, DateTime.toDate(now), options)
    })
  })

/** The built-in analyzer with the given options (thresholds, weights, taxonomy), for tests and embedding. */
export const layerWith = (options: AnalyzeOptions): Layer.Layer<Analyzer.Analyzer> =>
  Layer.succeed(Analyzer.Analyzer, make(options))

/** The built-in analyzer, thresholds read from configuration. */
export const layer: Layer.Layer<Analyzer.Analyzer, ConfigError.ConfigError> = Layer.effect(
  Analyzer.Analyzer,
  Effect.map(ThresholdsConfig, (thresholds) => make({ thresholds }))
)
