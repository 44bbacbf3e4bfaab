import { Verdict } from "@jobfit/core"

/** The parts of the match score. */
export type FactorName =
  | "required_skills"
  | "preferred_skills"
  | "experience"
  | "seniority"
  | "location"
  | "salary"

export type Weights = { readonly [K in FactorName]: number }

/**
 * Every weight of the score, in one place. A factor the posting or profile says nothing about (no salary, no
 * preferred skills) is left out and the others are scaled up, so an unknown never counts as good or bad.
 */
export const WEIGHTS: Weights = {
  required_skills: 0.5,
  preferred_skills: 0.05,
  experience: 0.15,
  seniority: 0.05,
  location: 0.15,
  salary: 0.1
}

/**
 * How the share of required skills met becomes that factor's score: below `zeroBelow` it earns nothing, from
 * `fullAt` it earns full marks, between it rises as `((share − zeroBelow) / (fullAt − zeroBelow)) ^ power`: a concave
 * curve, so a partial fit scores as one, while missing most of a job's requirements stays far from half a match.
 */
export const REQUIRED_CURVE = { zeroBelow: 0.1, fullAt: 0.95, power: 0.75 } as const

/** Score limits for the verdicts (the core's rule): APPLY at `apply` or above, MAYBE at `maybe` or above. */
export type Thresholds = Verdict.Thresholds

export const DEFAULT_THRESHOLDS: Thresholds = Verdict.defaultThresholds
