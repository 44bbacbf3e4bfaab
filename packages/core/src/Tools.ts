import { Schema } from "effect"
import { Analysis } from "./Analysis.js"
import { CreditBalance } from "./Credits.js"
import { CvFormat } from "./CvWriter.js"
import { JobId } from "./Ids.js"
import { Day, Job, JobStatus, MAX_NOTES, Tracking, Verdict } from "./Job.js"
import { Preferences, Profile, StoredResume } from "./Profile.js"
import type { Scope } from "./Scope.js"

/** Hints for assistants about what a tool does to the world (MCP tool annotations). */
export interface Hints {
  readonly readOnlyHint: boolean
  readonly destructiveHint: boolean
  readonly idempotentHint: boolean
  readonly openWorldHint: boolean
}

/** Everything a transport needs to know of a tool: name, words for a model, scope, price, Schemas. */
export interface Tool<
  Name extends string = string,
  Args extends Schema.Schema.AnyNoContext = Schema.Schema.AnyNoContext,
  Result extends Schema.Schema.AnyNoContext = Schema.Schema.AnyNoContext
> {
  readonly name: Name
  readonly title: string
  readonly description: string
  readonly scope: Scope
  /** Whether calls are charged: true exactly when `price` is set. */
  readonly paid: boolean
  /** What a call costs unless the operator sets `variable` (integer cents); free tools have none. */
  readonly price?: { readonly cents: number; readonly variable: string } | undefined
  /** A rate-limit policy of RateLimits taken beside the key's, once the arguments decode. */
  readonly limit?: "analyze" | undefined
  readonly args: Args
  readonly result: Result
  readonly hints: Hints
}

// The contract's own literal types are kept (its name, its price or none), so `Prices` can list the paid tools.
const make = <
  const Name extends string,
  Args extends Schema.Schema.AnyNoContext,
  Result extends Schema.Schema.AnyNoContext,
  const Policy extends Pick<Tool, "price" | "limit">
>(
  tool: Tool<Name, Args, Result> & Policy
) => tool

const reads: Hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

export const StatusFilter = Schema.Literal("all", "analyzed", "saved", "applied").annotations({
  message: () => "Expected one of all, analyzed, saved, applied"
})

export const JobList = Schema.Struct({
  jobs: Schema.Array(Job),
  total: Schema.Int,
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Schema.String)
})

export const get_saved_jobs = make({
  name: "get_saved_jobs",
  title: "List saved jobs",
  description: "List the user's jobs that were analyzed, saved or applied to, newest first. " +
    "Filter by status and page with limit and next_cursor. Free. Beyond that: sort (date, score or company), " +
    "verdict, search (in title and company) and follow_up: due (jobs whose follow-up day has come).",
  scope: "jobs_read",
  paid: false,
  args: Schema.Struct({
    status: Schema.optionalWith(StatusFilter, { default: () => "all" as const }),
    limit: Schema.optionalWith(Schema.Int.pipe(Schema.between(1, 50)), { default: () => 10 }),
    cursor: Schema.optional(Schema.String),
    sort: Schema.optionalWith(
      Schema.Literal("date", "score", "company").annotations({
        message: () => ({ message: "Expected one of date, score, company", override: true })
      }),
      { default: () => "date" as const }
    ),
    verdict: Schema.optional(Verdict),
    search: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(100))),
    follow_up: Schema.optional(Schema.Literal("due"))
  }),
  result: JobList,
  hints: reads
})

/** A job with its analysis (what a CV writer is given). */
export const JobWithAnalysis = Schema.Struct({ ...Job.fields, analysis: Analysis })

/** get_job's answer: the job, its analysis, and what the user keeps about it. */
export const JobDetail = Schema.Struct({ ...JobWithAnalysis.fields, tracking: Tracking })

export const get_job = make({
  name: "get_job",
  title: "Get a job",
  description: "Get one job by the id from get_saved_jobs, with its full analysis: score, skills, red flags " +
    "and assessment. Free.",
  scope: "jobs_read",
  paid: false,
  args: Schema.Struct({ job_id: JobId }),
  result: JobDetail,
  hints: reads
})

/** A CV of one of the user's jobs, in a format (markdown unless asked). */
const CvRequest = Schema.Struct({
  job_id: JobId,
  format: Schema.optionalWith(CvFormat, { default: () => "markdown" as const })
})
const cvFields = { job_id: JobId, format: CvFormat, content: Schema.String, resume: StoredResume }

export const get_cv = make({
  name: "get_cv",
  title: "Get a generated CV",
  description: "Get the last CV that generate_cv wrote for one of the user's jobs, in a format (markdown by " +
    "default). Free: it reads what was already paid for; CV_NOT_FOUND when none was generated in that format.",
  scope: "jobs_read",
  paid: false,
  args: CvRequest,
  result: Schema.Struct({ ...cvFields, generated_at: Schema.DateTimeUtc }),
  hints: reads
})

export const track_job = make({
  name: "track_job",
  title: "Keep notes and dates for a job",
  description: "Keep notes (plain text, up to 10,000 characters), the day applied and the day to follow up " +
    "(YYYY-MM-DD; null clears one) for one of the user's jobs; fields left out stay as they are. Moving a job to " +
    "applied sets the day applied to today when none was set. Free.",
  scope: "jobs_write",
  paid: false,
  args: Schema.Struct({
    job_id: JobId,
    notes: Schema.optional(Schema.String.pipe(Schema.maxLength(MAX_NOTES))),
    applied_on: Schema.optional(Schema.NullOr(Day)),
    follow_up_on: Schema.optional(Schema.NullOr(Day))
  }),
  result: Schema.Struct({ job_id: JobId, ...Tracking.fields }),
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }
})

export const update_job_status = make({
  name: "update_job_status",
  title: "Change a job's status",
  description: "Mark a job as saved or applied, or move a saved job back to analyzed. Allowed: analyzed->saved, " +
    "analyzed->applied, saved->applied, saved->analyzed. Free.",
  scope: "jobs_write",
  paid: false,
  args: Schema.Struct({ job_id: JobId, status: JobStatus }),
  result: Job,
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }
})

export const get_credits = make({
  name: "get_credits",
  title: "Get the credit balance",
  description: "Get the user's credit balance in cents and as a dollar string. Free.",
  scope: "credits_read",
  paid: false,
  args: Schema.Struct({}),
  result: Schema.Struct({ credits: CreditBalance }),
  hints: reads
})

/** The most `posting_text` may hold: 200 KB of UTF-8. */
export const POSTING_TEXT_MAX_BYTES = 204_800

const utf8Length = (text: string): number => {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

export const PostingText = Schema.String.pipe(
  Schema.filter((text) => utf8Length(text) <= POSTING_TEXT_MAX_BYTES, {
    message: () => `posting_text must be at most ${POSTING_TEXT_MAX_BYTES} bytes (200 KB) of UTF-8`
  })
).annotations({
  description: "The posting's text (plain text or HTML, at most 200 KB), for pages that cannot be fetched. When " +
    "given, it is analysed instead of fetching job_url, no fetch happens, and the analysis is fresh (and paid) " +
    "even if job_url was analysed in the last 24 hours."
})

export const AnalyzeResult = Schema.Struct({
  job_id: JobId,
  url: Schema.String,
  ...Analysis.fields,
  status: JobStatus,
  analyzed_at: Schema.DateTimeUtc,
  cached: Schema.Boolean,
  cost_cents: Schema.Int
})

export const analyze_job = make({
  name: "analyze_job",
  title: "Analyze a job posting",
  description: "Fetch a job posting by its URL and compare it with the user's profile: match score 0-100, " +
    "verdict APPLY/MAYBE/SKIP, matching and missing skills, red flags and a written assessment. The job is kept " +
    "for get_saved_jobs. Paid; a URL analyzed in the last 24 hours is returned from memory for free unless force is " +
    "true. For a page that cannot be fetched (a sign-in wall, a bot check), pass the posting's text as posting_text: " +
    "it is analysed instead, and job_url stays the job's identity.",
  scope: "jobs_analyze",
  paid: true,
  price: { cents: 5, variable: "JOBFIT_PRICE_ANALYZE_JOB" },
  limit: "analyze",
  args: Schema.Struct({
    job_url: Schema.String,
    force: Schema.optionalWith(Schema.Boolean, { default: () => false }),
    posting_text: Schema.optional(PostingText)
  }),
  result: AnalyzeResult,
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true }
})

export const generate_cv = make({
  name: "generate_cv",
  title: "Generate a CV for a job",
  description: "Write a CV aimed at one job (id from get_saved_jobs) from the user's profile, as markdown, " +
    "html or a JSON Resume document. Paid.",
  scope: "cv_generate",
  paid: true,
  price: { cents: 10, variable: "JOBFIT_PRICE_GENERATE_CV" },
  args: CvRequest,
  result: Schema.Struct({ ...cvFields, cost_cents: Schema.Int }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false }
})

// What was stored is returned as it is, though it was saved before a check existed (Profile.StoredResume).
export const ProfileResult = Schema.Struct({ resume: StoredResume, preferences: Preferences })

export const get_profile = make({
  name: "get_profile",
  title: "Get the profile",
  description:
    "Get the user's profile (a JSON Resume document) and job preferences that analyses compare against. Free.",
  scope: "profile_read",
  paid: false,
  args: Schema.Struct({}),
  result: ProfileResult,
  hints: reads
})

export const update_profile = make({
  name: "update_profile",
  title: "Replace the profile",
  description: "Replace the user's profile: resume is a JSON Resume document (basics, work, education, skills...), " +
    "preferences holds locations, remote, min_salary, salary_currency, seniority, needs_visa_sponsorship. Free.",
  scope: "profile_write",
  paid: false,
  args: Profile,
  result: ProfileResult,
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }
})

/** Every tool, by name, in the order tools/list shows them. */
export const tools = {
  get_saved_jobs,
  get_job,
  analyze_job,
  generate_cv,
  get_cv,
  update_job_status,
  track_job,
  get_credits,
  get_profile,
  update_profile
} as const

export type ToolName = keyof typeof tools

export const isToolName = (name: string): name is ToolName => Object.hasOwn(tools, name)
