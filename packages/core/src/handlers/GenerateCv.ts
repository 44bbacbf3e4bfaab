import { DateTime, Effect, Option } from "effect"
import { CvNotFound } from "../Errors.js"
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
        // The CV is kept with its charge, so get_cv (and the MCP resource) read what was paid for, free.
        const generatedAt = yield* DateTime.now
        yield* transactor.withTransaction(Effect.zipRight(
          jobs.saveCv(principal.user.id, {
            job_id: job.job.id,
            format: args.format,
            content: cv.content,
            resume: cv.resume,
            generated_at: generatedAt
          }),
          commit(job.job.id, result)
        ))
        return result
      }))
  })
}

/** get_cv: the last CV generated for one of the caller's jobs, in a format; free. */
export const get = ({ jobs }: Steps): Handler<typeof Tools.get_cv> =>
  Effect.fnUntraced(function*(principal, args) {
    // Another user's job is not found, as for get_job; the user's own without that CV is CV_NOT_FOUND.
    yield* jobs.find(principal.user.id, args.job_id)
    const cv = yield* jobs.findCv(principal.user.id, args.job_id, args.format)
    return yield* Option.match(cv, {
      onNone: () => Effect.fail(new CvNotFound({ job_id: args.job_id, format: args.format })),
      onSome: Effect.succeed
    })
  })
