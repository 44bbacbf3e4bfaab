import { type Analysis, type Job, Verdict } from "@jobfit/core"
import type { Factor } from "./Factors.js"
import type { FactorName, Thresholds, Weights } from "./Weights.js"

/** The score and its explanation: each factor with the weight it really had (unscored factors weigh 0). */
export interface Scored {
  readonly score: number
  readonly breakdown: ReadonlyArray<Analysis.ScoreFactor>
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000
const clamp01 = (n: number): number => Math.max(0, Math.min(1, n))

const SKILL_FACTORS: ReadonlySet<FactorName> = new Set(["required_skills", "preferred_skills"])

/**
 * The score, 0..100: how well the profile meets what the posting asks.
 *
 * The skills part `s` is the weighted mean of the applicable skill factors. The other factors (experience,
 * seniority, location, salary) are the context part `c`, their weighted mean. With `k` the skills' share of the
 * applicable weights, `score = 100 × s × (k + (1 − k) × c)`: context can lower a fit but never lift a profile that
 * lacks the skills, and a factor nobody knows (no salary, no location) is left out rather than scored as half.
 * Each factor's weight in the breakdown is what it really counted, so `score = 100 × Σ weight × score` (before
 * rounding). Skill factors weigh `k × w / Σw_skills`, context factors `s × (1 − k) × w / Σw_context`.
 */
export const combine = (factors: ReadonlyArray<Factor>, weights: Weights): Scored => {
  const applicable = factors.filter((f) => f.applicable)
  const skillWeight = applicable.reduce((sum, f) => sum + (SKILL_FACTORS.has(f.factor) ? weights[f.factor] : 0), 0)
  const contextWeight = applicable.reduce((sum, f) => sum + (SKILL_FACTORS.has(f.factor) ? 0 : weights[f.factor]), 0)
  const mean = (skill: boolean, total: number) =>
    total === 0
      ? 0
      : applicable.reduce(
        (sum, f) => sum + (SKILL_FACTORS.has(f.factor) === skill ? weights[f.factor] * clamp01(f.score) : 0),
        0
      ) / total
  const s = mean(true, skillWeight)
  const k = skillWeight + contextWeight === 0 ? 1 : skillWeight / (skillWeight + contextWeight)
  const weightOf = (f: Factor): number => {
    if (!f.applicable) return 0
    return SKILL_FACTORS.has(f.factor)
      ? (k * weights[f.factor]) / skillWeight
      : (s * (1 - k) * weights[f.factor]) / contextWeight
  }
  const raw = factors.reduce((sum, f) => sum + weightOf(f) * clamp01(f.score), 0)
  return {
    score: Math.max(0, Math.min(100, Math.round(raw * 100))),
    breakdown: factors.map((f) => ({
      factor: f.factor,
      weight: round3(weightOf(f)),
      score: round3(clamp01(f.score)),
      detail: f.detail
    }))
  }
}

/** The core's verdict rule: APPLY, MAYBE or SKIP from the score; a high-severity red flag makes it SKIP. */
export const verdictFor = (
  score: number,
  flags: ReadonlyArray<Analysis.RedFlag>,
  thresholds: Thresholds
): Job.Verdict => Verdict.verdictFor(score, flags, thresholds)
