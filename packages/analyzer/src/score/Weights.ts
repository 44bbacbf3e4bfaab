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
export interface RequiredCurve {
  readonly zeroBelow: number
  readonly fullAt: number
  readonly power: number
  /**
   * Asks met that are enough whatever the length of the list: real postings name twenty tools where a recruiter
   * weighs the core few, so the share met is at least `met / enough`. Undefined: the share alone.
   */
  readonly enough?: number
}

export const REQUIRED_CURVE: RequiredCurve = { zeroBelow: 0.15, fullAt: 1, power: 0.6, enough: 10 }

/** The share of the required asks met, at least `met / enough`: what the curve and the caps weigh. */
export const coveredShare = (met: number, asks: number, curve: RequiredCurve = REQUIRED_CURVE): number =>
  asks === 0 ? 1 : curve.enough === undefined ? met / asks : Math.min(1, Math.max(met / asks, met / curve.enough))

/** The required-skills factor's score for `met` of `asks` (weighted) asks met. */
export const requiredScore = (met: number, asks: number, curve: RequiredCurve = REQUIRED_CURVE): number => {
  const share = coveredShare(met, asks, curve)
  return Math.max(0, Math.min(1, (share - curve.zeroBelow) / (curve.fullAt - curve.zeroBelow))) ** curve.power
}

/** Score limits for the verdicts (the core's rule): APPLY at `apply` or above, MAYBE at `maybe` or above. */
export type Thresholds = Verdict.Thresholds

export const DEFAULT_THRESHOLDS: Thresholds = Verdict.defaultThresholds
