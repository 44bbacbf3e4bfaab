import { Effect, Option } from "effect"
import * as Cursor from "../Cursor.js"
import { InvalidRequest, InvalidTransition } from "../Errors.js"
import { canTransition, today } from "../Job.js"
import type * as Tools from "../Tools.js"
import type { Handler, Steps } from "./Steps.js"

/** get_saved_jobs: a page of the caller's jobs, newest first, filtered by status. */
export const getSavedJobs = ({ jobs }: Steps): Handler<typeof Tools.get_saved_jobs> =>
  Effect.fnUntraced(function*(principal, args) {
    const after = args.cursor === undefined ? Option.none() : Cursor.decode(args.cursor)
    if (args.cursor !== undefined && Option.isNone(after)) {
      return yield* new InvalidRequest({ message: "cursor is not one this service returned" })
    }
    if (Option.isSome(after) && Cursor.sortOf(after.value) !== args.sort) {
      return yield* new InvalidRequest({
        message: `cursor belongs to the list sorted by ${Cursor.sortOf(after.value)}`
      })
    }
    const page = yield* jobs.list(principal.user.id, {
      status: args.status,
      limit: args.limit,
      after,
      sort: args.sort,
      ...(args.verdict === undefined ? {} : { verdict: args.verdict }),
      ...(args.search === undefined ? {} : { search: args.search }),
      // "Due" is by the calendar day in UTC, as the day applied is; read only when asked.
      ...(args.follow_up === undefined ? {} : { followUpBy: yield* today })
    })
    return {
      jobs: page.jobs,
      total: page.total,
      has_more: page.has_more,
      next_cursor: Option.getOrNull(Option.map(page.next, Cursor.encode))
    }
  })

/** get_job: one of the caller's jobs with its analysis and what the caller keeps about it. */
export const getJob = ({ jobs }: Steps): Handler<typeof Tools.get_job> => (principal, args) =>
  Effect.zipWith(
    jobs.find(principal.user.id, args.job_id),
    jobs.tracking(principal.user.id, args.job_id),
    (stored, tracking) => ({ ...stored.job, analysis: stored.analysis, tracking })
  )

/** track_job: notes and days for one of the caller's jobs; fields left out stay. */
export const trackJob = ({ jobs }: Steps): Handler<typeof Tools.track_job> => (principal, args) => {
  const { job_id, ...given } = args
  // Only the fields the caller sent: a field left out stays as it was.
  const patch = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined))
  return Effect.map(jobs.track(principal.user.id, job_id, patch), (tracking) => ({ job_id, ...tracking }))
}

/** update_job_status: a change the status rules allow, as a compare-and-set. */
export const updateJobStatus = ({ jobs }: Steps): Handler<typeof Tools.update_job_status> =>
  Effect.fn("Gateway.update_job_status")(function*(principal, args) {
    const current = yield* jobs.find(principal.user.id, args.job_id)
    const from = current.job.status
    if (!canTransition(from, args.status)) return yield* new InvalidTransition({ from, to: args.status })
    const moved = yield* jobs.setStatus(principal.user.id, args.job_id, from, args.status)
    if (Option.isSome(moved)) return moved.value
    // Someone else changed it meanwhile: report against what it is now.
    const now = yield* jobs.find(principal.user.id, args.job_id)
    return yield* new InvalidTransition({ from: now.job.status, to: args.status })
  })
