import { Schema } from "effect"
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
