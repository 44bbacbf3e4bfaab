import { DateTime, Duration, Effect, Metric, Option, Schema } from "effect"
import { Analysis } from "../Analysis.js"
import * as CallLog from "../CallLog.js"
import { catalogue, FeatureUnavailable } from "../Errors.js"
import type { StoredJob } from "../JobStore.js"
import * as JobUrl from "../JobUrl.js"
import * as Json from "../Json.js"
import * as Metrics from "../Metrics.js"
import * as Progress from "../Progress.js"
import type * as Tools from "../Tools.js"
import { verdictFor } from "../Verdict.js"
import type { Handler, Steps } from "./Steps.js"

/** How long an analysis of a URL is answered from memory, free. */
export const CACHE_TTL = Duration.hours(24)

const resultOf = (stored: StoredJob, cached: boolean, cost: number) => ({
  ...stored.analysis,
  job_id: stored.job.id,
  url: stored.job.url,
  title: stored.job.title,
  company: stored.job.company,
  location: stored.job.location,
  match_score: stored.job.match_score,
  verdict: stored.job.verdict,
  status: stored.job.status,
  analyzed_at: stored.job.analyzed_at,
  cached,
  cost_cents: cost
})

/** analyze_job: a recent analysis from memory, else fetch (or read the given text), analyse, keep, charge. */
export const make = (steps: Steps): Handler<typeof Tools.analyze_job> => {
  const { analyzer, jobs, paid, postings, requireProfile, transactor, verdictRule } = steps
  const validateAnalysis = Schema.validate(Analysis)
  const readText = (url: string, text: string) =>
    postings.read === undefined
      ? Effect.fail(new FeatureUnavailable({ feature: "Reading posting_text" }))
      : postings.read(url, text)

  const counted = (outcome: string) => Metric.increment(Metrics.analyses.of(outcome))

  return Effect.fn("Gateway.analyze_job")(function*(principal, args) {
    const userId = principal.user.id
    const profile = yield* requireProfile(principal)
    const url = yield* JobUrl.check(args.job_url)
    const now = yield* DateTime.now
    const text = args.posting_text
    // Text the user gives is read afresh: the stored analysis may be of another text.
    if (!args.force && text === undefined) {
      const recent = Option.filter(
        yield* jobs.findByUrl(userId, url),
        (stored) => DateTime.greaterThan(DateTime.addDuration(stored.job.analyzed_at, CACHE_TTL), now)
      )
      if (Option.isSome(recent)) {
        yield* CallLog.log("info", "Answered from the analysis saved in the last 24 hours (free)", {
          job_id: recent.value.job.id,
          analyzed_at: DateTime.formatIso(recent.value.job.analyzed_at)
        })
        return resultOf(recent.value, true, 0)
      }
    }
    return yield* paid(principal, "analyze_job", (commit, price) =>
      Effect.gen(function*() {
        yield* Progress.report({
          stage: "fetching",
          progress: 0,
          total: 3,
          message: text === undefined ? "Fetching the posting" : "Reading the posting's text"
        })
        yield* CallLog.log("info", text === undefined ? `Fetching ${url}` : "Reading the posting's text", { url })
        // A page may hold NUL, which text columns refuse: it goes before anything reads or keeps the posting.
        const posting = yield* (text === undefined ? postings.fetch(url) : readText(url, text)).pipe(
          Effect.map(Json.withoutNul),
          Effect.tapError((error) =>
            CallLog.log("warning", `The posting could not be read: ${error.message}`, {
              url,
              code: catalogue[error._tag].code
            })
          )
        )
        yield* CallLog.log("info", `Read "${posting.title}" at ${posting.company || "an unnamed employer"}`, {
          source: posting.source ?? "unknown",
          title: posting.title,
          company: posting.company
        })
        yield* Progress.report({ stage: "matching", progress: 1, total: 3, message: "Matching it against the profile" })
        const analysis = yield* analyzer.analyze(posting, profile).pipe(
          Effect.flatMap((a) => Effect.orDie(validateAnalysis(Json.withoutNul(a)))),
          // The verdict follows the score by the one rule, whatever the analyzer said.
          Effect.map((a) => ({ ...a, verdict: verdictFor(a.match_score, a.red_flags, verdictRule) }))
        )
        yield* Progress.report({ stage: "saving", progress: 2, total: 3, message: "Saving the analysis" })
        const analyzedAt = yield* DateTime.now
        // The job, its charge and (for an idempotent call) the answer to its retries commit together, or none does.
        return yield* transactor.withTransaction(
          Effect.flatMap(jobs.saveAnalysis(userId, url, analysis, analyzedAt), (stored) => {
            const result = resultOf(stored, false, price)
            return Effect.as(commit(stored.job.id, result), result)
          })
        )
      }))
  }, (self) =>
    self.pipe(
      Effect.tap((result) =>
        result.cached
          ? counted("cached")
          : Effect.zipRight(counted("fresh"), Metric.increment(Metrics.verdicts.of(result.verdict)))
      ),
      Effect.tapError((error) => counted(catalogue[error._tag].code))
    ))
}
