import { assert, describe, it } from "@effect/vitest"
import { Analyzer } from "@jobfit/core"
import { AnalyzerContract } from "@jobfit/testing"
import { ConfigProvider, Effect, Exit, Layer } from "effect"
import { ANALYZER_NAME, layer, layerWith } from "../src/BuiltinAnalyzer.js"

const { analyzerContract, samplePostings, sampleProfiles } = AnalyzerContract

const withConfig = (entries: ReadonlyArray<readonly [string, string]>) =>
  layer.pipe(Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map(entries)))))

analyzerContract("built-in, default thresholds", layerWith({}))
analyzerContract(
  "built-in, thresholds from configuration",
  withConfig([["JOBFIT_VERDICT_APPLY", "80"], ["JOBFIT_VERDICT_MAYBE", "60"]]),
  {
    thresholds: { apply: 80, maybe: 60 }
  }
)

describe("built-in analyzer layer", () => {
  it.effect("names itself and reports breakdown and evidence", () =>
    Effect.gen(function*() {
      const analyzer = yield* Analyzer.Analyzer
      const posting = samplePostings[0]
      const profile = sampleProfiles[0]
      if (posting === undefined || profile === undefined) return assert.fail("samples")
      const analysis = yield* analyzer.analyze(posting, profile)
      assert.strictEqual(analysis.analyzer, ANALYZER_NAME)
      assert.isAbove(analysis.breakdown?.length ?? 0, 0)
      assert.isAbove(analysis.evidence?.length ?? 0, 0)
    }).pipe(Effect.provide(layerWith({}))))

  it.effect("refuses thresholds out of range or out of order, naming the variable", () =>
    Effect.gen(function*() {
      const bad = yield* Effect.exit(Layer.build(withConfig([["JOBFIT_VERDICT_APPLY", "120"]])).pipe(Effect.scoped))
      assert.isTrue(Exit.isFailure(bad))
      assert.include(String(Exit.isFailure(bad) ? bad.cause : ""), "JOBFIT_VERDICT_APPLY")
      const swapped = yield* Effect.exit(
        Layer.build(withConfig([["JOBFIT_VERDICT_APPLY", "40"], ["JOBFIT_VERDICT_MAYBE", "60"]])).pipe(Effect.scoped)
      )
      assert.isTrue(Exit.isFailure(swapped))
    }))
})
