import { Cause, DateTime, Duration, Effect, Exit, Metric, Option, Schema } from "effect"
import { credentialOf, type Principal, scopesOf } from "./Account.js"
import { AccountStore } from "./AccountStore.js"
import { Analyzer } from "./Analyzer.js"
import * as ApiKey from "./ApiKey.js"
import { balanceOf } from "./Credits.js"
import { CvWriter } from "./CvWriter.js"
import * as Encoder from "./Encoder.js"
import {
  type AppError,
  catalogue,
  IdempotencyConflict,
  InternalError,
  InvalidApiKey,
  invalidInput,
  InvalidRequest,
  ScopeNotAllowed
} from "./Errors.js"
import * as Account from "./handlers/Account.js"
import * as AnalyzeJob from "./handlers/AnalyzeJob.js"
import * as GenerateCv from "./handlers/GenerateCv.js"
import * as Jobs from "./handlers/Jobs.js"
import * as Steps from "./handlers/Steps.js"
import type { Handler } from "./handlers/Steps.js"
import * as Idempotency from "./Idempotency.js"
import { ApiKeyId, type UserId } from "./Ids.js"
import { JobStore } from "./JobStore.js"
import * as Json from "./Json.js"
import { Ledger } from "./Ledger.js"
import * as Metrics from "./Metrics.js"
import * as OAuthStore from "./OAuthStore.js"
import { PostingSource } from "./PostingSource.js"
import { Prices } from "./Prices.js"
import { type Policy, RateLimiter, RateLimits, type RateState } from "./RateLimiter.js"
import * as Server from "./Server.js"
import * as Spans from "./Spans.js"
import * as Tools from "./Tools.js"
import { Transactor } from "./Transactor.js"
import { VerdictRule } from "./Verdict.js"

/** Who is asking: the Authorization header as sent, and the client's address for unauthenticated limits. */
export interface Caller {
  readonly authorization: string | undefined
  readonly client: string
}

/** How a call is made, beside its tool and arguments. */
export interface CallOptions {
  /**
   * The caller's Idempotency-Key: the call runs once per key and user within 24 hours, a retry with the same
   * arguments is answered with the first result, other arguments are IDEMPOTENCY_CONFLICT.
   */
  readonly idempotencyKey?: string | undefined
}

export interface CallRequest extends Caller, CallOptions {
  readonly tool: string
  /** The tool's arguments as received; undefined is taken as `{}`. */
  readonly arguments: unknown
}

/** A result in its wire form, and the rate-limit state for the transport's headers. */
export interface Outcome<A> {
  readonly value: A
  readonly rate: Option.Option<RateState>
}

type Bound = (principal: Principal, raw: unknown) => Effect.Effect<unknown, AppError>

/** Arguments nested too deep to decode or fingerprint safely, refused before either. */
const tooDeep = (tool: string) =>
  new InvalidRequest({ message: `Invalid arguments for ${tool}: ${Json.tooDeepMessage}` })

/**
 * The one entry point of every transport: authenticate, rate limit, scope, decode, the tool's own limit, run its
 * handler (handlers/: charge, work, commit or refund), encode.
 */
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
    // A store without records of its own keeps them in this process's memory (enough for one process).
    const idempotency = Option.getOrElse(
      yield* Effect.serviceOption(Idempotency.IdempotencyStore),
      () => Idempotency.memory()
    )

    // Optional: a host with an OAuth authorization server also takes its access tokens as bearers.
    const oauth = yield* Effect.serviceOption(OAuthStore.OAuthStore)
    const bearer = (store: typeof OAuthStore.OAuthStore.Service, token: string) =>
      Effect.flatMap(store.authenticate(token), (found) =>
        Option.match(found, {
          onNone: () => Effect.fail(new InvalidApiKey({ message: "Invalid, expired or revoked access token" })),
          onSome: ({ grant, user }): Effect.Effect<Principal> =>
            Effect.succeed({
              user,
              grant: { id: grant.id, client_id: grant.client_id, client_name: grant.client_name, scopes: grant.scopes }
            })
        }))

    const refusedBy = {
      client: Metric.increment(Metrics.rateLimited.of("client")),
      key: Metric.increment(Metrics.rateLimited.of("key")),
      analyze: Metric.increment(Metrics.rateLimited.of("analyze"))
    }
    const limit = (kind: keyof typeof refusedBy, subject: string | number, policy: Option.Option<Policy>) =>
      Option.match(policy, {
        onNone: () => Effect.succeed(Option.none<RateState>()),
        onSome: (p) =>
          limiter.take(`${kind}:${subject}`, p).pipe(
            Effect.tapError(() => refusedBy[kind]),
            Effect.map(Option.some)
          )
      })

    // Every request passes here: untraced (a traced Effect.fn costs ~10x more), the call's span covers it. The
    // per-call spans capture no stack trace: a new Error per request showed in the profile (tracer.addSpanStackTrace).
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
        : secret.value.startsWith(OAuthStore.ACCESS_PREFIX) && Option.isSome(oauth)
        ? bearer(oauth.value, secret.value)
        : Effect.fail(new InvalidApiKey({ message: "Invalid API key" }))
      // Refused requests count too: against the client's address, since there is no key to count them on.
      return yield* Effect.catchTag(
        principal,
        "InvalidApiKey",
        (error) => Effect.zipRight(limit("client", caller.client, limits.perKey), Effect.fail(error))
      )
    })

    const admit = Effect.fnUntraced(function*(caller: Caller) {
      const principal = yield* authenticate(caller)
      const rate = yield* limit("key", credentialOf(principal), limits.perKey)
      return { principal, rate }
    })

    const steps = Steps.make({ accounts, jobs, ledger, transactor, postings, analyzer, cvWriter, prices, verdictRule })

    /** Decode, the contract's own rate limit, the handler, encode: each tool's part of the pipeline. */
    const bind = <T extends Tools.Tool>(tool: T, handler: Handler<T>): Bound => {
      const decode = Schema.decodeUnknown(tool.args, { onExcessProperty: "error", errors: "all" })
      const encode = Encoder.encoder(tool.result)
      // Taken once the arguments decoded: a malformed call does not use up the caller's analyses.
      const ownLimit = tool.limit === undefined
        ? undefined
        : (principal: Principal) => limit(tool.limit!, credentialOf(principal), limits[tool.limit!])
      const decoded = (raw: unknown) =>
        // In-process callers hand over objects that no transport measured: too deep is refused before decoding.
        Json.tooDeep(raw)
          ? Effect.fail(tooDeep(tool.name))
          : Json.hasNul(raw)
          ? Effect.fail(new InvalidRequest({ message: `Invalid arguments for ${tool.name}: ${Json.nulMessage}` }))
          : Effect.mapError(decode(raw), invalidInput(`Invalid arguments for ${tool.name}`))
      // A paid tool records an idempotent call's result in the transaction that charges for it, in its wire form.
      const run = !tool.paid
        ? handler
        : (principal: Principal, args: Schema.Schema.Type<T["args"]>) =>
          Effect.locallyWith(
            handler(principal, args),
            Idempotency.recorder,
            Option.map((record) => (value: unknown) =>
              Effect.flatMap(Effect.orDie(encode(value as Schema.Schema.Type<T["result"]>)), record)
            )
          )
      return (principal, raw) =>
        decoded(raw).pipe(
          Effect.tap(() => (ownLimit === undefined ? Effect.void : ownLimit(principal))),
          Effect.flatMap((args) => run(principal, args)),
          Effect.flatMap((value) => Effect.orDie(encode(value)))
        )
    }

    const handlers: Record<Tools.ToolName, Bound> = {
      get_saved_jobs: bind(Tools.get_saved_jobs, Jobs.getSavedJobs(steps)),
      get_job: bind(Tools.get_job, Jobs.getJob(steps)),
      analyze_job: bind(Tools.analyze_job, AnalyzeJob.make(steps)),
      generate_cv: bind(Tools.generate_cv, GenerateCv.make(steps)),
      get_cv: bind(Tools.get_cv, GenerateCv.get(steps)),
      update_job_status: bind(Tools.update_job_status, Jobs.updateJobStatus(steps)),
      track_job: bind(Tools.track_job, Jobs.trackJob(steps)),
      get_credits: bind(Tools.get_credits, Account.getCredits(steps)),
      get_profile: bind(Tools.get_profile, Account.getProfile(steps)),
      update_profile: bind(Tools.update_profile, Account.updateProfile(steps))
    }

    // A defect never reaches a caller as anything but INTERNAL_ERROR; the log keeps the cause.
    const shielded = <A>(self: Effect.Effect<A, AppError>): Effect.Effect<A, AppError> =>
      Effect.catchAllDefect(
        self,
        (defect) => Effect.zipRight(Effect.logError("unexpected failure", defect), Effect.fail(new InternalError()))
      )

    // Checked before anything else a call does, the idempotency record included: a replay answers only a caller
    // that may call the tool now.
    const authorized = (principal: Principal, tool: string): Effect.Effect<Tools.ToolName, AppError> => {
      if (!Tools.isToolName(tool)) return Effect.fail(new InvalidRequest({ message: `Unknown tool: ${tool}` }))
      const contract = Tools.tools[tool]
      return scopesOf(principal).includes(contract.scope)
        ? Effect.succeed(tool)
        : Effect.fail(new ScopeNotAllowed({ required_scope: contract.scope }))
    }

    const execute = (principal: Principal, tool: Tools.ToolName, args: unknown): Effect.Effect<unknown, AppError> =>
      handlers[tool](principal, args === undefined ? {} : args)

    const run = (principal: Principal, tool: string, args: unknown): Effect.Effect<unknown, AppError> =>
      Effect.flatMap(authorized(principal, tool), (name) => execute(principal, name, args))

    // A running call renews its lease every third of it, so only a stopped process lets its key go.
    const renewEvery = Duration.unsafeDivide(Idempotency.LEASE, 3)
    const renewing = (userId: UserId, key: string, token: string) =>
      Effect.flatMap(
        DateTime.now,
        (now) => idempotency.renew(userId, key, token, DateTime.addDuration(now, Idempotency.LEASE))
      ).pipe(Effect.delay(renewEvery), Effect.forever)

    /**
     * Runs a call once per (user, key): the first runs while holding the key (its lease renewed), a retry with the
     * same arguments gets the recorded result, other arguments or a call still running are IDEMPOTENCY_CONFLICT. Only
     * a result is recorded: a failure changed nothing (nothing was charged), so it frees the key and a retry runs
     * again.
     */
    const once = (principal: Principal, tool: string, args: unknown, key: string): Effect.Effect<unknown, AppError> =>
      Effect.gen(function*() {
        const name = yield* authorized(principal, tool)
        if (!Idempotency.isValidKey(key)) return yield* new InvalidRequest({ message: Idempotency.invalidKeyMessage })
        if (Json.tooDeep(args)) {
          return yield* tooDeep(tool)
        }
        const userId = principal.user.id
        const claim = yield* idempotency.claim(
          userId,
          key,
          Idempotency.fingerprint(tool, args),
          Idempotency.timesAt(yield* DateTime.now)
        )
        switch (claim._tag) {
          case "Replay":
            return JSON.parse(claim.outcome) as unknown
          case "Conflict":
            return yield* new IdempotencyConflict({
              message: "This Idempotency-Key was used with other arguments in the last 24 hours; use a new key"
            })
          case "Running":
            return yield* new IdempotencyConflict({
              message: "A request with this Idempotency-Key is still running; retry once it has finished"
            })
        }
        const { token } = claim
        let recorded = false
        const record = (value: unknown) =>
          Effect.flatMap(idempotency.complete(userId, key, token, JSON.stringify(value)), (ok) => {
            recorded = ok
            return ok ? Effect.void : Effect.fail(
              new IdempotencyConflict({ message: "Another request with this Idempotency-Key finished first" })
            )
          })
        return yield* Effect.locally(execute(principal, name, args), Idempotency.recorder, Option.some(record)).pipe(
          Effect.tap((value) => (recorded ? Effect.void : record(value))),
          Effect.onExit((exit) => (exit._tag === "Success" ? Effect.void : idempotency.release(userId, key, token))),
          (call) => Effect.scoped(Effect.zipRight(Effect.forkScoped(renewing(userId, key, token)), call))
        )
      })

    // Counted by tool and outcome; a name that is no tool is counted as "unknown", so labels stay few. Timed with
    // the wall clock and counted in one step at the exit: Clock reads and metric effects cost a request 5% more.
    const measured = (tool: string) => {
      const name = Tools.isToolName(tool) ? tool : "unknown"
      const seconds = Metrics.toolSeconds.of(name)
      return <A>(self: Effect.Effect<A, AppError>): Effect.Effect<A, AppError> =>
        Effect.suspend(() => {
          const start = Date.now()
          return Effect.onExit(self, (exit) =>
            Effect.sync(() => {
              const outcome = Exit.isSuccess(exit)
                ? "ok"
                : Option.match(Cause.failureOption(exit.cause), {
                  onNone: () => "INTERRUPTED",
                  onSome: (error) => catalogue[error._tag].code
                })
              Metrics.toolCalls.of(name, outcome).unsafeUpdate(1, [])
              seconds.unsafeUpdate((Date.now() - start) / 1000, [])
            }))
        })
    }

    /** Runs a tool for a caller already admitted (one admission per transport request). */
    const callAs = (
      principal: Principal,
      tool: string,
      args: unknown,
      options: CallOptions = {}
    ): Effect.Effect<unknown, AppError> =>
      shielded(
        options.idempotencyKey === undefined
          ? run(principal, tool, args)
          : once(principal, tool, args, options.idempotencyKey)
      ).pipe(
        measured(tool),
        Spans.withSpan("Gateway.callAs", { attributes: { tool }, captureStackTrace: false })
      )

    const call = (request: CallRequest): Effect.Effect<Outcome<unknown>, AppError> =>
      shielded(admit(request)).pipe(
        Effect.flatMap(({ principal, rate }) =>
          Effect.map(callAs(principal, request.tool, request.arguments, request), (value) => ({ value, rate }))
        ),
        Spans.withSpan("Gateway.call", { attributes: { tool: request.tool }, captureStackTrace: false })
      )

    /** The connection test: any valid key, no scope. */
    const status = (caller: Caller) =>
      shielded(Effect.gen(function*() {
        const { principal, rate } = yield* admit(caller)
        const cents = yield* ledger.balance(principal.user.id)
        const value: Server.StatusResponse = {
          status: "ok",
          user: { id: principal.user.id, email: principal.user.email },
          // An OAuth client's grant shows as its key: the status is the connection test of either.
          key: principal.key !== undefined
            ? { id: principal.key.id, name: principal.key.name, scopes: principal.key.scopes }
            : principal.grant !== undefined
            ? {
              id: ApiKeyId.make(principal.grant.id),
              name: `OAuth: ${principal.grant.client_name}`,
              scopes: principal.grant.scopes
            }
            : { id: ApiKeyId.make(0), name: "dashboard session", scopes: scopesOf(principal) },
          credits: balanceOf(cents),
          server: Server.info
        }
        return { value, rate }
      })).pipe(Spans.withSpan("Gateway.status", { captureStackTrace: false }))

    /** One more request of a caller already admitted, against its per-key limit: each message of a batch. */
    const admitAnother = (principal: Principal): Effect.Effect<Option.Option<RateState>, AppError> =>
      limit("key", credentialOf(principal), limits.perKey)

    return {
      call,
      callAs,
      admit: (caller: Caller) => shielded(admit(caller)),
      admitAnother,
      status,
      tools: Tools.tools
    } as const
  })
}) {}

/**
 * Runs a tool as `principal` and gives its result as the tool's decoded type: for in-process callers (the dashboard,
 * MCP resources and prompts) that read what the tool answers. The arguments are decoded by the Gateway, as any
 * caller's are.
 */
export const callTool = <T extends Tools.Tool>(
  principal: Principal,
  tool: T,
  args: unknown
): Effect.Effect<Schema.Schema.Type<T["result"]>, AppError, Gateway> =>
  Effect.flatMap(Gateway, (gateway) =>
    gateway.callAs(principal, tool.name, args).pipe(
      Effect.flatMap((value) => Effect.orDie(Schema.decodeUnknown(tool.result)(value)))
    ))
