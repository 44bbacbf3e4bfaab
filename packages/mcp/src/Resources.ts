import { Account, type Errors, Gateway, type Scope, Tools } from "@jobfit/core"
import { Data, DateTime, Effect, Schema } from "effect"

/** A resource URI nobody can read here (MCP's "resource not found", -32002). */
export class ResourceNotFound extends Data.TaggedError("ResourceNotFound")<{ readonly uri: string }> {
  override get message() {
    return `Resource not found: ${this.uri}`
  }
}

export const PROFILE = "jobfit://profile"
export const JOBS = "jobfit://jobs"
export const jobUri = (id: number) => `${JOBS}/${id}`
const JOB = /^jobfit:\/\/jobs\/(\d{1,15})$/
const CV = /^jobfit:\/\/jobs\/(\d{1,15})\/cv\.md$/

/** The parameterised resources, for resources/templates/list and completion/complete. */
export const templates = [{
  uriTemplate: `${JOBS}/{id}`,
  name: "job",
  title: "A saved job",
  description: "One of your analysed jobs with its analysis (score, skills, red flags, assessment), as JSON and as " +
    "markdown. Ids come from the jobs list.",
  mimeType: "application/json"
}, {
  uriTemplate: `${JOBS}/{id}/cv.md`,
  name: "job-cv",
  title: "The CV generated for a job",
  description: "The last markdown CV generate_cv wrote for one of your jobs; reading it is free. Not found until " +
    "one was generated.",
  mimeType: "text/markdown"
}] as const

type Principal = Account.Principal
type JobDetail = Schema.Schema.Type<typeof Tools.get_job.result>
type JobList = Schema.Schema.Type<typeof Tools.get_saved_jobs.result>

const PAGE = 50

const may = (principal: Principal, scope: Scope.Scope) => Account.scopesOf(principal).includes(scope)

const list = (items: ReadonlyArray<string>) => items.length === 0 ? "none" : items.join(", ")

/** A job and its analysis as a person reads it. */
export const jobMarkdown = (job: JobDetail): string => {
  const lines = [
    `# ${job.title}`,
    "",
    `${job.company || "Unnamed employer"} · ${job.location || "location not given"} · ${job.url}`,
    "",
    `**Score ${job.match_score}/100 — ${job.verdict}** (status: ${job.status}, analysed ${
      DateTime.formatIso(job.analyzed_at)
    })`,
    "",
    `- Matching skills: ${list(job.analysis.matching_skills)}`,
    `- Missing skills: ${list(job.analysis.missing_skills)}`
  ]
  if (job.analysis.red_flags.length > 0) {
    lines.push("", "## Red flags", ...job.analysis.red_flags.map((f) => `- ${f.severity}: ${f.message} (${f.code})`))
  }
  lines.push("", "## Assessment", "", job.analysis.assessment)
  return lines.join("\n") + "\n"
}

const jobsMarkdown = (page: JobList): string =>
  [
    `# Saved jobs (${page.total})`,
    "",
    ...page.jobs.map((j) =>
      `- [${j.title} — ${j.company || "unnamed"}](${jobUri(j.id)}): ${j.match_score}/100 ${j.verdict}, ${j.status}`
    )
  ].join("\n") + "\n"

export interface Contents {
  readonly contents: ReadonlyArray<{ readonly uri: string; readonly mimeType: string; readonly text: string }>
}

const both = (uri: string, json: unknown, markdown: string): Contents => ({
  contents: [
    { uri, mimeType: "application/json", text: JSON.stringify(json) },
    { uri, mimeType: "text/markdown", text: markdown }
  ]
})

/** resources/list: the profile and the jobs list (as the key's scopes allow), then the jobs a page at a time. */
export const listResources = (
  principal: Principal,
  cursor: string | undefined
): Effect.Effect<
  { readonly resources: ReadonlyArray<unknown>; readonly nextCursor?: string },
  Errors.AppError,
  Gateway.Gateway
> =>
  Effect.gen(function*() {
    const fixed = cursor !== undefined ? [] : [
      ...(may(principal, "profile_read")
        ? [{
          uri: PROFILE,
          name: "profile",
          title: "Your profile",
          description: "The JSON Resume document and job preferences analyses compare against.",
          mimeType: "application/json"
        }]
        : []),
      ...(may(principal, "jobs_read")
        ? [{
          uri: JOBS,
          name: "jobs",
          title: "Saved jobs",
          description: "Your most recent analysed jobs with score, verdict and status.",
          mimeType: "application/json"
        }]
        : [])
    ]
    if (!may(principal, "jobs_read")) return { resources: fixed }
    const page = yield* Gateway.callTool(principal, Tools.get_saved_jobs, {
      limit: PAGE,
      ...(cursor === undefined ? {} : { cursor })
    })
    const jobs = page.jobs.map((job) => ({
      uri: jobUri(job.id),
      name: `job-${job.id}`,
      title: `${job.title} — ${job.company || "unnamed employer"}`,
      description: `${job.match_score}/100 ${job.verdict}, ${job.status}; ${job.location || "location not given"}`,
      mimeType: "application/json"
    }))
    return page.next_cursor === null
      ? { resources: [...fixed, ...jobs] }
      : { resources: [...fixed, ...jobs], nextCursor: page.next_cursor }
  })

/** resources/read: a job (JSON and markdown), the jobs list, or the profile; through the tools, never charged. */
export const read = (
  principal: Principal,
  uri: string
): Effect.Effect<Contents, Errors.AppError | ResourceNotFound, Gateway.Gateway> => {
  if (uri === PROFILE) {
    return Effect.map(Gateway.callTool(principal, Tools.get_profile, {}), (profile): Contents => ({
      contents: [{
        uri,
        mimeType: "application/json",
        text: JSON.stringify(Schema.encodeSync(Tools.ProfileResult)(profile))
      }]
    }))
  }
  if (uri === JOBS) {
    return Effect.map(
      Gateway.callTool(principal, Tools.get_saved_jobs, { limit: PAGE }),
      (page) => both(uri, Schema.encodeSync(Tools.get_saved_jobs.result)(page), jobsMarkdown(page))
    )
  }
  const cv = CV.exec(uri)
  if (cv !== null) {
    return Gateway.callTool(principal, Tools.get_cv, { job_id: Number(cv[1]), format: "markdown" }).pipe(
      Effect.map((stored): Contents => ({ contents: [{ uri, mimeType: "text/markdown", text: stored.content }] })),
      Effect.catchTags({
        JobNotFound: () => Effect.fail(new ResourceNotFound({ uri })),
        CvNotFound: () => Effect.fail(new ResourceNotFound({ uri }))
      })
    )
  }
  const job = JOB.exec(uri)
  if (job === null) return Effect.fail(new ResourceNotFound({ uri }))
  return Gateway.callTool(principal, Tools.get_job, { job_id: Number(job[1]) }).pipe(
    Effect.map((detail) => both(uri, Schema.encodeSync(Tools.get_job.result)(detail), jobMarkdown(detail))),
    Effect.catchTag("JobNotFound", () => Effect.fail(new ResourceNotFound({ uri })))
  )
}
