import { Schema } from "effect"
import { MatchScore, Verdict } from "./Job.js"

export const Severity = Schema.Literal("low", "medium", "high")
export type Severity = typeof Severity.Type

/** A warning about a posting, with the text that raised it. */
export const RedFlag = Schema.Struct({
  code: Schema.String,
  severity: Severity,
  message: Schema.String,
  evidence: Schema.optional(Schema.String)
})
export type RedFlag = typeof RedFlag.Type

/** One part of the score: how much it weighs and how well the profile did on it (0 to 1). */
export const ScoreFactor = Schema.Struct({
  factor: Schema.String,
  weight: Schema.Number,
  score: Schema.Number.pipe(Schema.between(0, 1)),
  detail: Schema.String
})
export type ScoreFactor = typeof ScoreFactor.Type

/** Where a skill was found in the posting, and whether the profile has it. */
export const SkillEvidence = Schema.Struct({
  skill: Schema.String,
  importance: Schema.Literal("required", "preferred"),
  matched: Schema.Boolean,
  quote: Schema.String
})
export type SkillEvidence = typeof SkillEvidence.Type

/** What an analyzer concludes about one posting for one profile. */
export const Analysis = Schema.Struct({
  title: Schema.String,
  company: Schema.String,
  location: Schema.String,
  match_score: MatchScore,
  verdict: Verdict,
  matching_skills: Schema.Array(Schema.String),
  missing_skills: Schema.Array(Schema.String),
  red_flags: Schema.Array(RedFlag),
  assessment: Schema.String,
  analyzer: Schema.String,
  breakdown: Schema.optional(Schema.Array(ScoreFactor)),
  evidence: Schema.optional(Schema.Array(SkillEvidence))
})
export type Analysis = typeof Analysis.Type
