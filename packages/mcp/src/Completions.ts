import { Account, CvWriter, type Errors, Gateway, Tools } from "@jobfit/core"
import { Effect } from "effect"
import * as Prompts from "./Prompts.js"
import * as Resources from "./Resources.js"

const MAX_VALUES = 100

interface Completion {
  readonly completion: { readonly values: ReadonlyArray<string>; readonly total: number; readonly hasMore: boolean }
}

const empty: Completion = { completion: { values: [], total: 0, hasMore: false } }

const answer = (matches: ReadonlyArray<string>): Completion => ({
  completion: {
    values: matches.slice(0, MAX_VALUES),
    total: matches.length,
    hasMore: matches.length > MAX_VALUES
  }
})

const startsWith = (text: string, typed: string) => text.toLowerCase().startsWith(typed.toLowerCase())

/** A word of the title or the company begins with what was typed, or the id does. */
const jobMatches = (job: { id: number; title: string; company: string }, typed: string) =>
  typed === "" ||
  String(job.id).startsWith(typed) ||
  [job.title, job.company].some((field) => field.split(/[\s,/()-]+/).some((word) => startsWith(word, typed)))

/** The caller's most recent jobs (two pages), nothing without jobs_read. */
const recentJobs = (principal: Account.Principal) =>
  Account.scopesOf(principal).includes("jobs_read")
    ? Effect.gen(function*() {
      const first = yield* Gateway.callTool(principal, Tools.get_saved_jobs, { limit: 50 })
      if (first.next_cursor === null) return first.jobs
      const second = yield* Gateway.callTool(principal, Tools.get_saved_jobs, { limit: 50, cursor: first.next_cursor })
      return [...first.jobs, ...second.jobs]
    })
    : Effect.succeed([])

const jobIds = (principal: Account.Principal, typed: string) =>
  Effect.map(recentJobs(principal), (jobs) => answer(jobs.filter((j) => jobMatches(j, typed)).map((j) => String(j.id))))

/**
 * completion/complete for prompt arguments (job ids by id, title or company; statuses; CV formats) and the job template's
 * `id`. A reference this server does not know gets no values, as the specification allows.
 */
export const complete = (
  principal: Account.Principal,
  ref: { readonly type: string; readonly name?: unknown; readonly uri?: unknown },
  argument: { readonly name: string; readonly value: string }
): Effect.Effect<Completion, Errors.AppError, Gateway.Gateway> => {
  const kind = ref.type === "ref/prompt" && typeof ref.name === "string"
    ? Prompts.argumentKinds[ref.name]?.[argument.name]
    : ref.type === "ref/resource" && Resources.templates.some((t) => t.uriTemplate === ref.uri) &&
        argument.name === "id"
    ? "job"
    : undefined
  switch (kind) {
    case "job":
      return jobIds(principal, argument.value.trim())
    case "jobs": {
      // Several ids separated by commas: the last one is being typed; the values are the whole list.
      const parts = argument.value.split(",")
      const done = parts.slice(0, -1).map((p) => p.trim()).filter((p) => p !== "")
      return Effect.map(
        jobIds(principal, parts.at(-1)!.trim()),
        ({ completion }) =>
          answer(completion.values.filter((id) => !done.includes(id)).map((id) => [...done, id].join(", ")))
      )
    }
    case "status":
      return Effect.succeed(answer(Tools.StatusFilter.literals.filter((s) => startsWith(s, argument.value.trim()))))
    case "format":
      return Effect.succeed(answer(CvWriter.CvFormat.literals.filter((f) => startsWith(f, argument.value.trim()))))
    default:
      return Effect.succeed(empty)
  }
}
