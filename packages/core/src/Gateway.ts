import { DateTime, Duration, Effect, Exit, Option, Schema } from "effect"
import type { Principal } from "./Account.js"
import { AccountStore } from "./AccountStore.js"
import { Analysis } from "./Analysis.js"
import { Analyzer } from "./Analyzer.js"
import * as ApiKey from "./ApiKey.js"
import { balanceOf } from "./Credits.js"
import * as Cursor from "./Cursor.js"
import { CvWriter } from "./CvWriter.js"
import * as DashboardLinks from "./DashboardLinks.js"
import {
  type AppError,
  FeatureUnavailable,
  InternalError,
  InvalidApiKey,
  invalidInput,
  InvalidRequest,
  InvalidTransition,
  ProfileNotFound,
  ScopeNotAllowed
} from "./Errors.js"
import type { LedgerEntryId } from "./Ids.js"
import { canTransition } from "./Job.js"
import { JobStore, type StoredJob } from "./JobStore.js"
import * as JobUrl from "./JobUrl.js"
import { Ledger } from "./Ledger.js"
import { PostingSource } from "./PostingSource.js"
import { Prices } from "./Prices.js"
import * as Progress from "./Progress.js"
import { type Policy, RateLimiter, RateLimits, type RateState } from "./RateLimiter.js"
import * as Server from "./Server.js"
import * as Tools from "./Tools.js"
import { Transactor } from "./Transactor.js"
import { verdictFor, VerdictRule } from "./Verdict.js"

/** Who is asking: the Authorization header as sent, and the client's address for unauthenticated limits. */
export interface Caller {
  readonly authorization: string | undefined
  readonly client: string
}

export interface CallRequest extends Caller {
  readonly tool: string
  /** The tool's arguments as received; undefined is taken as `{}`. */
  readonly arguments: unknown
}

/** A result in its wire form, and the rate-limit state for the transport's headers. */
export interface Outcome<A> {
  readonly value: A
  readonly rate: Option.Option<RateState>
}

type Handler<T extends Tools.Tool> = (
  principal: Principal,
  args: Schema.Schema.Type<T["args"]>
) => Effect.Effect<Schema.Schema.Type<T["result"]>, AppError>

type Bound = (principal: Principal, raw: unknown) => Effect.Effect<unknown, AppError>

const CACHE_TTL = Duration.hours(24)

/** The one entry point of every transport: authenticate, rate limit, scope, decode, charge, run, commit or refund. */
export class Gateway extends Effect.Service<Gateway>()("@jobfit/core/Gateway", {
  effect: Effect.gen(function*() {
    const accounts = yield* AccountStore
    const jobs = yield* JobStore
    const ledger = yield* Ledger
    const limiter = yield* RateLimiter
    const limits = yield* RateLimits
    const transactor = yield* Transactor
    const postings = yield* PostingSource
    const analyzer = yield* Analyzer
    const cvWriter = yield* CvWriter
    const prices = yield* Prices
    const verdictRule = yield* VerdictRule
    // Optional: without a dashboard, errors carry no link.
    const links = Option.map(
      yield* Effect.serviceOption(DashboardLinks.DashboardLinks),
      (l) => DashboardLinks.attach(l.baseUrl)
    )

    const limit = (bucket: string, policy: Option.Option<Policy>) =>
      Option.match(policy, {
        onNone: () => Effect.succeed(Option.none<RateState>()),
        onSome: (p) => Effect.map(limiter.take(bucket, p), Option.some)
      })

    // Every request passes here: untraced (a traced Effect.fn costs ~10x more), the call's span covers it.
    const authenticate = Effect.fnUntraced(function*(caller: Caller) {
      const secret = ApiKey.fromAuthorization(caller.authorization)
      const principal = Option.isNone(secret)
        ? Effect.fail(
          new InvalidApiKey({
            message: caller.authorization === undefined
              ? "Missing Authorization header; send Authorization: Bearer <API_KEY>"
              : "Malformed Authorization header; expected Bearer <API_KEY>"
          })
        )
        : ApiKey.isWellFormed(secret.value)
        ? accounts.authenticate(secret.value)
        : Effect.fail(new InvalidApiKey({ message: "Invalid API key" }))
      // Refused requests count too: against the client's address, since there is no key to count them on.
      return yield* Effect.catchTag(
        principal,
        "InvalidApiKey",
        (error) => Effect.zipRight(limit(`client:${caller.client}`, limits.perKey), Effect.fail(error))
      )
    })

    const admit = Effect.fnUntraced(function*(caller: Caller) {
      const principal = yield* authenticate(caller)
      const rate = yield* limit(`key:${principal.key.id}`, limits.perKey)
      return { principal, rate }
    })

    const requireProfile = (principal: Principal) =>
      Effect.flatMap(
        accounts.getProfile(principal.user.id),
        Option.match({ onNone: () => Effect.fail(new ProfileNotFound()), onSome: Effect.succeed })
      )

    /** Charges `price`, runs `use`, and gives the charge back if `use` does not succeed (interruption included). */
    const paid = <A, E, R>(
      principal: Principal,
      tool: Tools.ToolName,
      price: number,
      use: (charge: Option.Option<LedgerEntryId>) => Effect.Effect<A, E, R>
    ) =>
      price === 0 ? use(Option.none()) : Effect.acquireUseRelease(
        ledger.charge(principal.user.id, price, tool),
        (charge) => use(Option.some(charge)),
        (charge, exit) => (Exit.isSuccess(exit) ? Effect.void : ledger.refund(charge))
      )

    const settle = (charge: Option.Option<LedgerEntryId>, jobId: StoredJob["job"]["id"]) =>
      Option.match(charge, { onNone: () => Effect.void, onSome: (id) => ledger.settle(id, Option.some(jobId)) })

    const analyzeResult = (stored: StoredJob, cached: boolean, cost: number) => ({
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

    const validateAnalysis = Schema.validate(Analysis)

    const readText = (url: string, text: string) =>
      postings.read === undefined
        ? Effect.fail(new FeatureUnavailable({ feature: "Reading posting_text" }))
        : postings.read(url, text)

    const analyzeJob: Handler<typeof Tools.analyze_job> = Effect.fn("Gateway.analyze_job")(function*(principal, args) {
      // Taken once the arguments decoded: a malformed call does not use up the caller's analyses.
      yield* limit(`analyze:${principal.key.id}`, limits.analyze)
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
        if (Option.isSome(recent)) return analyzeResult(recent.value, true, 0)
      }
      const price = prices.analyze_job
      return yield* paid(principal, "analyze_job", price, (charge) =>
        Effect.gen(function*() {
          yield* Progress.report({
            stage: "fetching",
            progress: 0,
            total: 3,
            message: text === undefined ? "Fetching the posting" : "Reading the posting's text"
          })
          const posting = yield* (text === undefined ? postings.fetch(url) : readText(url, text))
          yield* Progress.report({
            stage: "matching",
            progress: 1,
            total: 3,
            message: "Matching it against the profile"
          })
          const analysis = yield* analyzer.analyze(posting, profile).pipe(
            Effect.flatMap((a) => Effect.orDie(validateAnalysis(a))),
            // The verdict follows the score by the one rule, whatever the analyzer said.
            Effect.map((a) => ({ ...a, verdict: verdictFor(a.match_score, a.red_flags, verdictRule) }))
          )
          yield* Progress.report({ stage: "saving", progress: 2, total: 3, message: "Saving the analysis" })
          const analyzedAt = yield* DateTime.now
          const stored = yield* transactor.withTransaction(
            Effect.tap(jobs.saveAnalysis(userId, url, analysis, analyzedAt), (s) => settle(charge, s.job.id))
          )
          return analyzeResult(stored, false, price)
        }))
    })

    const generateCv: Handler<typeof Tools.generate_cv> = Effect.fn("Gateway.generate_cv")(function*(principal, args) {
      const profile = yield* requireProfile(principal)
      const job = yield* jobs.find(principal.user.id, args.job_id)
      const price = prices.generate_cv
      return yield* paid(principal, "generate_cv", price, (charge) =>
        Effect.gen(function*() {
          const cv = yield* cvWriter.write({ profile, job, format: args.format })
          yield* transactor.withTransaction(settle(charge, job.job.id))
          return { job_id: job.job.id, format: args.format, content: cv.content, resume: cv.resume, cost_cents: price }
        }))
    })

    const getSavedJobs: Handler<typeof Tools.get_saved_jobs> = Effect.fnUntraced(
      function*(principal, args) {
        const after = args.cursor === undefined ? Option.none() : Cursor.decode(args.cursor)
        if (args.cursor !== undefined && Option.isNone(after)) {
          return yield* new InvalidRequest({ message: "cursor is not one this service returned" })
        }
        const page = yield* jobs.list(principal.user.id, { status: args.status, limit: args.limit, after })
        return {
          jobs: page.jobs,
          total: page.total,
          has_more: page.has_more,
          next_cursor: Option.getOrNull(Option.map(page.next, Cursor.encode))
        }
      }
    )

    const getJob: Handler<typeof Tools.get_job> = (principal, args) =>
      Effect.map(jobs.find(principal.user.id, args.job_id), (stored) => ({ ...stored.job, analysis: stored.analysis }))

    const updateJobStatus: Handler<typeof Tools.update_job_status> = Effect.fn("Gateway.update_job_status")(
      function*(principal, args) {
        const current = yield* jobs.find(principal.user.id, args.job_id)
        const from = current.job.status
        if (!canTransition(from, args.status)) return yield* new InvalidTransition({ from, to: args.status })
        const moved = yield* jobs.setStatus(principal.user.id, args.job_id, from, args.status)
        if (Option.isSome(moved)) return moved.value
        // Someone else changed it meanwhile: report against what it is now.
        const now = yield* jobs.find(principal.user.id, args.job_id)
        return yield* new InvalidTransition({ from: now.job.status, to: args.status })
      }
    )

    const getCredits: Handler<typeof Tools.get_credits> = (principal) =>
      Effect.map(ledger.balance(principal.user.id), (cents) => ({ credits: balanceOf(cents) }))

    const getProfile: Handler<typeof Tools.get_profile> = requireProfile

    const updateProfile: Handler<typeof Tools.update_profile> = (principal, profile) =>
      Effect.as(accounts.setProfile(principal.user.id, profile), profile)

    const bind = <T extends Tools.Tool>(tool: T, handler: Handler<T>): Bound => {
      const decode = Schema.decodeUnknown(tool.args, { onExcessProperty: "error", errors: "all" })
      const encode = Schema.encode(tool.result)
      return (principal, raw) =>
        decode(raw).pipe(
          Effect.mapError(invalidInput(`Invalid arguments for ${tool.name}`)),
          Effect.flatMap((args) => handler(principal, args)),
          Effect.flatMap((value) => Effect.orDie(encode(value)))
        )
    }

    const handlers: Record<Tools.ToolName, Bound> = {
      get_saved_jobs: bind(Tools.get_saved_jobs, getSavedJobs),
      get_job: bind(Tools.get_job, getJob),
      analyze_job: bind(Tools.analyze_job, analyzeJob),
      generate_cv: bind(Tools.generate_cv, generateCv),
      update_job_status: bind(Tools.update_job_status, updateJobStatus),
      get_credits: bind(Tools.get_credits, getCredits),
      get_profile: bind(Tools.get_profile, getProfile),
      update_profile: bind(Tools.update_profile, updateProfile)
    }

    // A defect never reaches a caller as anything but INTERNAL_ERROR; the log keeps the cause.
    const shielded = <A>(self: Effect.Effect<A, AppError>): Effect.Effect<A, AppError> =>
      Effect.catchAllDefect(
        self,
        (defect) => Effect.zipRight(Effect.logError("unexpected failure", defect), Effect.fail(new InternalError()))
      )

    /** Runs a tool for a caller already admitted (one admission per transport request). */
    const callAs = (principal: Principal, tool: string, args: unknown): Effect.Effect<unknown, AppError> =>
      shielded(Effect.gen(function*() {
        if (!Tools.isToolName(tool)) return yield* new InvalidRequest({ message: `Unknown tool: ${tool}` })
        const contract = Tools.tools[tool]
        if (!principal.key.scopes.includes(contract.scope)) {
          return yield* new ScopeNotAllowed({ required_scope: contract.scope })
        }
        return yield* handlers[tool](principal, args === undefined ? {} : args)
      })).pipe(
        (self) => Option.match(links, { onNone: () => self, onSome: (attach) => Effect.mapError(self, attach) }),
        Effect.withSpan("Gateway.callAs", { attributes: { tool } })
      )

    const call = (request: CallRequest): Effect.Effect<Outcome<unknown>, AppError> =>
      shielded(admit(request)).pipe(
        Effect.flatMap(({ principal, rate }) =>
          Effect.map(callAs(principal, request.tool, request.arguments), (value) => ({ value, rate }))
        ),
        Effect.withSpan("Gateway.call", { attributes: { tool: request.tool } })
      )

    /** The connection test: any valid key, no scope. */
    const status = (caller: Caller) =>
      shielded(Effect.gen(function*() {
        const { principal, rate } = yield* admit(caller)
        const cents = yield* ledger.balance(principal.user.id)
        const value: Server.StatusResponse = {
          status: "ok",
          user: { id: principal.user.id, email: principal.user.email },
          key: { id: principal.key.id, name: principal.key.name, scopes: principal.key.scopes },
          credits: balanceOf(cents),
          server: Server.info
        }
        return { value, rate }
      })).pipe(Effect.withSpan("Gateway.status"))

    return { call, callAs, admit: (caller: Caller) => shielded(admit(caller)), status, tools: Tools.tools } as const
  })
}) {}
