import type {
  Analysis,
  ApiKey,
  CvWriter,
  Posting as CorePosting,
  Scope as CoreScope,
  Server as CoreServer,
  Tools
} from "@jobfit/core"
import type { Schema } from "effect"

type Encoded<S extends Schema.Schema.Any> = Schema.Schema.Encoded<S>
type Contracts = typeof Tools.tools

/** A tool's MCP name, as `POST /api/mcp/tools/call` takes it. */
export type ToolName = Tools.ToolName

/** A tool's arguments as JSON: what the REST body's `arguments` holds. */
export type ToolArgs<K extends ToolName> = Encoded<Contracts[K]["args"]>

/** A tool's result as JSON: exactly what the REST endpoint answers (times are ISO 8601 strings ending in Z). */
export type ToolResult<K extends ToolName> = Encoded<Contracts[K]["result"]>

/** How a paid call is made: with an Idempotency-Key it runs once per key and user for 24 hours. */
export interface CallOptions {
  /** A retry with the same key and arguments gets the first result, uncharged; other arguments reject (409). */
  readonly idempotencyKey?: string
}

export type AnalyzeJobArgs = ToolArgs<"analyze_job">
export type AnalyzeJobResult = ToolResult<"analyze_job">
export type GetSavedJobsArgs = ToolArgs<"get_saved_jobs">
export type SavedJobs = ToolResult<"get_saved_jobs">
export type GetJobArgs = ToolArgs<"get_job">
export type JobDetail = ToolResult<"get_job">
export type UpdateJobStatusArgs = ToolArgs<"update_job_status">
export type Job = ToolResult<"update_job_status">
export type Credits = ToolResult<"get_credits">
export type GenerateCvArgs = ToolArgs<"generate_cv">
export type GeneratedCv = ToolResult<"generate_cv">
export type GetCvArgs = ToolArgs<"get_cv">
export type StoredCv = ToolResult<"get_cv">
export type ProfileInput = ToolArgs<"update_profile">
export type Profile = ToolResult<"get_profile">
export type Scope = CoreScope.Scope

/** The connection test's answer, as `GET /api/mcp/status` gives it. */
export type Status = Encoded<typeof CoreServer.StatusResponse>

export interface User {
  readonly id: number
  readonly email: string
  readonly name: string
}

/** An API key as listed: never its secret; times as ISO 8601 strings or null. */
export type KeyInfo = Omit<Encoded<typeof ApiKey.ApiKey>, "user_id">

/** A key just made: `key` is the secret, shown this once. */
export interface CreatedKey {
  readonly id: number
  readonly name: string
  readonly scopes: ReadonlyArray<Scope>
  readonly prefix: string
  readonly key: string
}

/** A job posting as a posting source extracts it. */
export type Posting = Encoded<typeof CorePosting.Posting>

/** What an analyzer concludes about one posting for one profile. */
export type AnalysisResult = Encoded<typeof Analysis.Analysis>

export type CvFormat = CvWriter.CvFormat

/** What a CV writer is given: the profile, the job with its analysis, and the format asked for. */
export interface CvRequest {
  readonly profile: Profile
  readonly job: Encoded<typeof Tools.JobWithAnalysis>
  readonly format: CvFormat
}

/** What a CV writer gives back: the CV as text, and the JSON Resume document it was written from. */
export type CvDocument = Pick<GeneratedCv, "content" | "resume">
