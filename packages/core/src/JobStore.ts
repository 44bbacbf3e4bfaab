import { Context, type DateTime, type Effect, type Option } from "effect"
import type { Analysis } from "./Analysis.js"
import type { Cursor, Sort } from "./Cursor.js"
import type { CvFormat } from "./CvWriter.js"
import type { JobNotFound } from "./Errors.js"
import type { JobId, UserId } from "./Ids.js"
import type { Job, JobStatus, Tracking, Verdict } from "./Job.js"
import type { Resume } from "./Profile.js"

/** A job with the analysis it was given. */
export interface StoredJob {
  readonly job: Job
  readonly analysis: Analysis
}

/** The last CV generated for a job in one format. */
export interface StoredCv {
  readonly job_id: JobId
  readonly format: CvFormat
  readonly content: string
  readonly resume: Resume
  readonly generated_at: DateTime.Utc
}

export interface ListQuery {
  readonly status: JobStatus | "all"
  readonly limit: number
  /** A position of the same sort. */
  readonly after: Option.Option<Cursor>
  /** Default: date (newest first). */
  readonly sort?: Sort
  readonly verdict?: Verdict
  /** Jobs whose title or company holds this text, in any case. */
  readonly search?: string
  /** Jobs with a follow-up day on or before this one (YYYY-MM-DD). */
  readonly followUpBy?: string
}

/** Whether a job is in the list a query asks for, whatever the page (the stores filter the same way). */
export const matches = (
  query: ListQuery,
  job: Job,
  tracking: { readonly follow_up_on: string | null }
): boolean =>
  (query.status === "all" || job.status === query.status) &&
  (query.verdict === undefined || job.verdict === query.verdict) &&
  (query.search === undefined ||
    job.title.toLowerCase().includes(query.search.toLowerCase()) ||
    job.company.toLowerCase().includes(query.search.toLowerCase())) &&
  (query.followUpBy === undefined || (tracking.follow_up_on !== null && tracking.follow_up_on <= query.followUpBy))

export interface JobPage {
  readonly jobs: ReadonlyArray<Job>
  /** Every job matching the status filter, wherever the page starts. */
  readonly total: number
  readonly has_more: boolean
  readonly next: Option.Option<Cursor>
}

/** A user's jobs. Another user's job is never found. */
export class JobStore extends Context.Tag("@jobfit/core/JobStore")<JobStore, {
  /** In the query's sort (by default newest first: analyzed_at desc, then id desc), then id desc. */
  readonly list: (userId: UserId, query: ListQuery) => Effect.Effect<JobPage>
  readonly find: (userId: UserId, jobId: JobId) => Effect.Effect<StoredJob, JobNotFound>
  readonly findByUrl: (userId: UserId, url: string) => Effect.Effect<Option.Option<StoredJob>>
  /** Stores an analysis; a URL the user had already keeps its job id and status. */
  readonly saveAnalysis: (
    userId: UserId,
    url: string,
    analysis: Analysis,
    analyzedAt: DateTime.Utc
  ) => Effect.Effect<StoredJob>
  /**
   * Moves a job from `from` to `to`; none when its status was no longer `from`. A move to applied sets the day applied
   * to today (UTC) when none was set.
   */
  readonly setStatus: (
    userId: UserId,
    jobId: JobId,
    from: JobStatus,
    to: JobStatus
  ) => Effect.Effect<Option.Option<Job>, JobNotFound>
  /** What the user keeps about the job (notes, days applied and to follow up). */
  readonly tracking: (userId: UserId, jobId: JobId) => Effect.Effect<Tracking, JobNotFound>
  /** Changes the fields given (a day set to null clears it); the others stay. */
  readonly track: (userId: UserId, jobId: JobId, patch: Partial<Tracking>) => Effect.Effect<Tracking, JobNotFound>
  /** Keeps a CV generated for the user's job, replacing the one of the same format. */
  readonly saveCv: (userId: UserId, cv: StoredCv) => Effect.Effect<void>
  /** The last CV of that format generated for the user's job; none for another user's job. */
  readonly findCv: (userId: UserId, jobId: JobId, format: CvFormat) => Effect.Effect<Option.Option<StoredCv>>
}>() {}
