import { DateTime, Effect, Schema } from "effect"
import { JobId } from "./Ids.js"

/** Where a job stands for its user. */
export const JobStatus = Schema.Literal("analyzed", "saved", "applied")
export type JobStatus = typeof JobStatus.Type

/** The analyzer's recommendation, separate from the status. */
export const Verdict = Schema.Literal("APPLY", "MAYBE", "SKIP")
export type Verdict = typeof Verdict.Type

export const MatchScore = Schema.Int.pipe(Schema.between(0, 100))

/** A job as the jobs list shows it; `analyzed_at` encodes as ISO 8601 UTC ending in `Z`. */
export class Job extends Schema.Class<Job>("Job")({
  id: JobId,
  title: Schema.String,
  company: Schema.String,
  location: Schema.String,
  match_score: MatchScore,
  verdict: Verdict,
  status: JobStatus,
  analyzed_at: Schema.DateTimeUtc,
  url: Schema.String
}) {}

const transitions: Record<JobStatus, ReadonlyArray<JobStatus>> = {
  analyzed: ["saved", "applied"],
  saved: ["applied", "analyzed"],
  applied: []
}

/** The status changes update_job_status allows. */
export const canTransition = (from: JobStatus, to: JobStatus): boolean => transitions[from].includes(to)

/** A calendar day, `YYYY-MM-DD`. */
export const Day = Schema.String.pipe(
  Schema.pattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: () => "Expected a day as YYYY-MM-DD" })
)

/** Today's calendar day in UTC, as the day applied and follow-up days are kept. */
export const today: Effect.Effect<string> = Effect.map(DateTime.now, (now) => DateTime.formatIso(now).slice(0, 10))

/** The longest notes a job keeps, in characters. */
export const MAX_NOTES = 10_000

/**
 * What a person keeps about an application beside the analysis: notes, the day they applied (set when the status
 * becomes applied, editable) and the day to follow up.
 */
export const Tracking = Schema.Struct({
  notes: Schema.String.pipe(Schema.maxLength(MAX_NOTES)),
  applied_on: Schema.NullOr(Day),
  follow_up_on: Schema.NullOr(Day)
})
export type Tracking = typeof Tracking.Type

/** A job's tracking before anything was kept. */
export const untracked: Tracking = { notes: "", applied_on: null, follow_up_on: null }
