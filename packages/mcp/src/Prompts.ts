import { type Account, CvWriter, type Errors, Gateway, Tools } from "@jobfit/core"
import { Data, Effect } from "effect"
import * as Resources from "./Resources.js"

/** prompts/get with an unknown prompt, or arguments that do not fit it (-32602). */
export class PromptArgumentsInvalid extends Data.TaggedError("PromptArgumentsInvalid")<{ readonly message: string }> {}

interface Argument {
  readonly name: string
  readonly description: string
  readonly required: boolean
}

interface Prompt {
  readonly name: string
  readonly title: string
  readonly description: string
  readonly arguments: ReadonlyArray<Argument>
}

/** What prompts/list shows. */
export const prompts: ReadonlyArray<Prompt> = [
  {
    name: "assess-job",
    title: "Assess a job posting",
    description: "Analyse a posting against your profile, then advise whether to apply and how to close the gaps.",
    arguments: [{ name: "job_url", description: "The posting's web address", required: true }]
  },
  {
    name: "tailor-cv",
    title: "Tailor a CV to a job",
    description: "Decide what to stress for one of your saved jobs, then generate a CV for it (generate_cv is paid).",
    arguments: [
      { name: "job_id", description: "The job's id (from the jobs list)", required: true },
      { name: "format", description: "The CV's format: markdown, html or json (default: markdown)", required: false }
    ]
  },
  {
    name: "compare-jobs",
    title: "Compare jobs",
    description: "Compare two to four of your saved jobs side by side and recommend one.",
    arguments: [{ name: "job_ids", description: "Job ids separated by commas, such as 12, 15", required: true }]
  },
  {
    name: "weekly-review",
    title: "Weekly review",
    description: "Go through your jobs of one status and say what to follow up this week.",
    arguments: [{
      name: "status",
      description: "analyzed, saved, applied or all (default: applied)",
      required: false
    }]
  }
]

const statuses = Tools.StatusFilter.literals

/** The completable arguments of each prompt: job ids or a status. */
export const argumentKinds: Readonly<Record<string, Readonly<Record<string, "job" | "jobs" | "status" | "format">>>> = {
  "tailor-cv": { job_id: "job", format: "format" },
  "compare-jobs": { job_ids: "jobs" },
  "weekly-review": { status: "status" }
}

const text = (value: string) => ({ role: "user" as const, content: { type: "text" as const, text: value } })

const invalid = (message: string): Effect.Effect<never, PromptArgumentsInvalid> =>
  Effect.fail(new PromptArgumentsInvalid({ message }))

/** A resource as prompt content, read with the caller's scopes (a job that is not theirs is not found). */
const embedded = (principal: Account.Principal, uri: string) =>
  Resources.read(principal, uri).pipe(
    Effect.map((read) => {
      const markdown = read.contents.find((c) => c.mimeType === "text/markdown") ?? read.contents[0]!
      return { role: "user" as const, content: { type: "resource" as const, resource: markdown } }
    }),
    Effect.catchTag("ResourceNotFound", (missing) => invalid(`You have no job ${missing.uri}`))
  )

interface Message {
  readonly role: "user"
  readonly content: unknown
}

const jobIdOf = (
  raw: string | undefined
) => (raw !== undefined && /^\s*\d{1,15}\s*$/.test(raw) ? Number(raw) : undefined)

/** prompts/get: the messages of a prompt, referencing the resources it works on. */
export const get = (
  principal: Account.Principal,
  name: string,
  args: Readonly<Record<string, string>>
): Effect.Effect<
  { readonly description: string; readonly messages: ReadonlyArray<Message> },
  Errors.AppError | PromptArgumentsInvalid,
  Gateway.Gateway
> => {
  switch (name) {
    case "assess-job": {
      const url = args["job_url"]?.trim()
      if (url === undefined || url === "") return invalid("assess-job needs job_url")
      return Effect.succeed({
        description: `Assess ${url}`,
        messages: [
          text(
            `Analyse the job posting at ${url} with the analyze_job tool (it costs credits; a posting analysed in ` +
              `the last 24 hours is answered free). Then tell me, in a few short paragraphs: whether I should ` +
              `apply and why (the score, the verdict and any red flag), which of the missing skills matter most, ` +
              `and concrete steps to close those gaps or to present what I have. My profile is ${Resources.PROFILE}.`
          )
        ]
      })
    }
    case "tailor-cv": {
      const id = jobIdOf(args["job_id"])
      if (id === undefined) return invalid("tailor-cv needs job_id, a job's number")
      const format = args["format"]?.trim() || "markdown"
      if (!(CvWriter.CvFormat.literals as ReadonlyArray<string>).includes(format)) {
        return invalid(`tailor-cv's format is one of ${CvWriter.CvFormat.literals.join(", ")}`)
      }
      return Effect.map(embedded(principal, Resources.jobUri(id)), (job) => ({
        description: `Tailor a CV to job ${id}`,
        messages: [
          job,
          text(
            `For the job above, say which of my experiences and skills to stress and which missing skills to ` +
              `address honestly. Then call generate_cv with job_id ${id} and format ${format} (it costs credits) and point out what ` +
              `I should still edit by hand.`
          )
        ]
      }))
    }
    case "compare-jobs": {
      const ids = (args["job_ids"] ?? "").split(",").map((part) => part.trim()).filter((part) => part !== "")
      const numbers = ids.map(jobIdOf)
      if (numbers.length < 2 || numbers.length > 4 || numbers.some((n) => n === undefined)) {
        return invalid("compare-jobs needs two to four job ids separated by commas")
      }
      return Effect.map(
        Effect.forEach(numbers, (id) => embedded(principal, Resources.jobUri(id!))),
        (jobs) => ({
          description: `Compare jobs ${ids.join(", ")}`,
          messages: [
            ...jobs,
            text(
              "Compare these jobs side by side in a table: score, verdict, matching and missing skills, red " +
                "flags, salary if stated, location. Then recommend one and say why, and what I would give up."
            )
          ]
        })
      )
    }
    case "weekly-review": {
      const status = args["status"]?.trim() || "applied"
      if (!(statuses as ReadonlyArray<string>).includes(status)) {
        return invalid(`weekly-review's status is one of ${statuses.join(", ")}`)
      }
      return Effect.map(
        Gateway.callTool(principal, Tools.get_saved_jobs, { status, limit: 50 }),
        (page) => ({
          description: `Weekly review of ${status} jobs`,
          messages: [
            text(
              `These are my ${status === "all" ? "" : `${status} `}jobs (${page.total} in all; the list is ` +
                `${Resources.JOBS}):\n\n` +
                page.jobs.map((j) =>
                  `- job ${j.id}: ${j.title} at ${j.company || "an unnamed employer"}, ${j.match_score}/100 ` +
                  `${j.verdict}, ${j.status} (analysed ${j.analyzed_at.toJSON()})`
                ).join("\n") +
                "\n\nFor each, say what to follow up this week (a message, an application, a decision to drop " +
                "it), the most promising first. Use get_job or update_job_status where it helps."
            )
          ]
        })
      )
    }
    default:
      return invalid(`Unknown prompt: ${name}`)
  }
}
