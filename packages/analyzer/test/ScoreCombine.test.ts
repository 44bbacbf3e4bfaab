import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { Factor } from "../src/score/Factors.js"
import { combine, verdictFor } from "../src/score/Score.js"
import { DEFAULT_THRESHOLDS, type FactorName, WEIGHTS } from "../src/score/Weights.js"

const names: ReadonlyArray<FactorName> = [
  "required_skills",
  "preferred_skills",
  "experience",
  "seniority",
  "location",
  "salary"
]

const factors = fc.tuple(
  ...names.map((factor) =>
    fc.record({ applicable: fc.boolean(), score: fc.double({ min: 0, max: 1, noNaN: true }) }).map((f): Factor => ({
      factor,
      applicable: f.applicable,
      score: f.score,
      detail: ""
    }))
  )
)

describe("score", () => {
  it("keeps all weights in one place, summing to 1", () => {
    assert.closeTo(Object.values(WEIGHTS).reduce((a, b) => a + b, 0), 1, 1e-9)
  })

  it("is an integer 0..100 equal to the weighted breakdown, unscored factors weighing 0", () => {
    fc.assert(fc.property(factors, (fs) => {
      const { breakdown, score } = combine(fs, WEIGHTS)
      assert.isTrue(Number.isInteger(score) && score >= 0 && score <= 100)
      const total = breakdown.reduce((sum, f) => sum + f.weight * f.score, 0)
      assert.isAtMost(Math.abs(total * 100 - score), 1.5)
      breakdown.forEach((f, i) => {
        if (fs[i]?.applicable !== true) assert.strictEqual(f.weight, 0)
      })
    }))
  })

  it("lets context lower a skills fit but never lift it: the score is at most the skills part", () => {
    fc.assert(fc.property(factors, (fs) => {
      const skillFactors = fs.filter((f) =>
        f.applicable && (f.factor === "required_skills" || f.factor === "preferred_skills")
      )
      const total = skillFactors.reduce((sum, f) => sum + WEIGHTS[f.factor], 0)
      const skills = total === 0 ? 0 : skillFactors.reduce((sum, f) => sum + WEIGHTS[f.factor] * f.score, 0) / total
      const { score } = combine(fs, WEIGHTS)
      if (skillFactors.length > 0) assert.isAtMost(score, Math.round(skills * 100) + 1)
    }))
  })

  it("scores a zero skills match 0 whatever the location, salary and experience", () => {
    const fs: ReadonlyArray<Factor> = names.map((factor) => ({
      factor,
      applicable: true,
      score: factor === "required_skills" || factor === "preferred_skills" ? 0 : 1,
      detail: ""
    }))
    assert.strictEqual(combine(fs, WEIGHTS).score, 0)
  })

  it("scores a full skills match with bad context by the skills' share of the weights", () => {
    const fs: ReadonlyArray<Factor> = names.map((factor) => ({
      factor,
      applicable: true,
      score: factor === "required_skills" || factor === "preferred_skills" ? 1 : 0,
      detail: ""
    }))
    assert.strictEqual(
      combine(fs, WEIGHTS).score,
      Math.round(100 * (WEIGHTS.required_skills + WEIGHTS.preferred_skills))
    )
  })

  it("turns the score into a verdict by thresholds; a high-severity flag means SKIP", () => {
    assert.strictEqual(verdictFor(75, [], DEFAULT_THRESHOLDS), "APPLY")
    assert.strictEqual(verdictFor(74, [], DEFAULT_THRESHOLDS), "MAYBE")
    assert.strictEqual(verdictFor(50, [], DEFAULT_THRESHOLDS), "MAYBE")
    assert.strictEqual(verdictFor(49, [], DEFAULT_THRESHOLDS), "SKIP")
    assert.strictEqual(verdictFor(90, [], { apply: 95, maybe: 80 }), "MAYBE")
    const high = { code: "UPFRONT_PAYMENT", severity: "high" as const, message: "" }
    const medium = { code: "NO_COMPANY", severity: "medium" as const, message: "" }
    assert.strictEqual(verdictFor(99, [high], DEFAULT_THRESHOLDS), "SKIP")
    assert.strictEqual(verdictFor(99, [medium], DEFAULT_THRESHOLDS), "APPLY")
  })
})
