import type { Analysis, Job } from "@jobfit/core"
import type { Factor } from "./Factors.js"
import type { Thresholds, Weights } from "./Weights.js"

/** The score and its explanation: each factor with the weight it really had (unscored factors weigh 0). */
export interface Scored {
  readonly score: number
  readonly breakdown: ReadonlyArray<Analysis.ScoreFactor>
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000

/**
 * Weighted mean of the applicable factors, as an integer 0..100. Weights of unscored factors go to the others,
 * so `score` is `100 * Σ weight × score` over the breakdown, up to rounding.
 */
export const combine = (factors: ReadonlyArray<Factor>, weights: Weights): Scored => {
  const total = factors.reduce((sum, f) => sum + (f.applicable ? weights[f.factor] : 0), 0)
  const share = (f: Factor): number => (f.applicable && total > 0 ? weights[f.factor] / total : 0)
  const raw = factors.reduce((sum, f) => sum + share(f) * f.score, 0)
  return {
    score: Math.max(0, Math.min(100, Math.round(raw * 100))),
    breakdown: factors.map((f) => ({
      factor: f.factor,
      weight: round3(share(f)),
      score: round3(Math.max(0, Math.min(1, f.score))),
      detail: f.detail
    }))
  }
}

/** APPLY, MAYBE or SKIP from the score; a high-severity red flag makes it SKIP whatever the score. */
export const verdictFor = (
  score: number,
  flags: ReadonlyArray<Analysis.RedFlag>,
  thresholds: Thresholds
): Job.Verdict => {
  if (flags.some((flag) => flag.severity === "high")) return "SKIP"
  if (score >= thresholds.apply) return "APPLY"
  if (score >= thresholds.maybe) return "MAYBE"
  return "SKIP"
}
