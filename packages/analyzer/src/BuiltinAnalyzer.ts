import { Analyzer, Verdict } from "@jobfit/core"
import { type Config, type ConfigError, DateTime, Effect, Layer } from "effect"
import { type AnalyzeOptions, analyzePosting } from "./AnalyzePosting.js"
import type { Thresholds } from "./score/Weights.js"

export { type AnalyzeOptions, analyzePosting, ANALYZER_NAME } from "./AnalyzePosting.js"

/** Verdict thresholds: JOBFIT_VERDICT_APPLY (default 75) and JOBFIT_VERDICT_MAYBE (default 50), the core's rule. */
export const ThresholdsConfig: Config.Config<Thresholds> = Verdict.ThresholdsConfig

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
