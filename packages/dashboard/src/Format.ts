import { Credits, type Scope } from "@jobfit/core"
import { DateTime } from "effect"

/** A time as people read it, in UTC: `2026-11-24 09:30 UTC`. */
export const when = (time: DateTime.Utc | null | undefined, never = "never"): string =>
  time === null || time === undefined ? never : `${DateTime.formatIso(time).slice(0, 16).replace("T", " ")} UTC`

export const dollars = (cents: number): string => `$${Credits.formatDollars(cents)}`

/** What each scope a user may give a key lets it do. */
export const scopeLabels: Record<Exclude<Scope.Scope, "admin">, string> = {
  jobs_read: "Read jobs (get_saved_jobs, get_job)",
  jobs_write: "Change job status (update_job_status)",
  jobs_analyze: "Analyze postings (analyze_job, paid)",
  cv_generate: "Generate CVs (generate_cv, paid)",
  credits_read: "Read the credit balance (get_credits)",
  profile_read: "Read the profile (get_profile)",
  profile_write: "Change the profile (update_profile)"
}
