import { Effect } from "effect"
import type * as Tools from "../Tools.js"
import type { Handler, Steps } from "./Steps.js"

/** generate_cv: a CV for one of the caller's jobs, charged, settled against that job. */
export const make = (steps: Steps): Handler<typeof Tools.generate_cv> => {
  const { cvWriter, jobs, paid, requireProfile, transactor } = steps
  return Effect.fn("Gateway.generate_cv")(function*(principal, args) {
    const profile = yield* requireProfile(principal)
    const job = yield* jobs.find(principal.user.id, args.job_id)
    return yield* paid(principal, "generate_cv", (commit, price) =>
      Effect.gen(function*() {
        const cv = yield* cvWriter.write({ profile, job, format: args.format })
        const result = {
          job_id: job.job.id,
          format: args.format,
          content: cv.content,
          resume: cv.resume,
          cost_cents: price
        }
        yield* transactor.withTransaction(commit(job.job.id, result))
        return result
      }))
  })
}
