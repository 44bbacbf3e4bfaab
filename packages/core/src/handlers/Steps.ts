import { type Context, Effect, FiberRef, Metric, Option, type Schema } from "effect"
import type { Principal } from "../Account.js"
import type { AccountStore } from "../AccountStore.js"
import type { Analyzer } from "../Analyzer.js"
import type { CvWriter } from "../CvWriter.js"
import { type AppError, type IdempotencyConflict, InsufficientCredits, ProfileNotFound } from "../Errors.js"
import * as Idempotency from "../Idempotency.js"
import type { JobId } from "../Ids.js"
import type { JobStore } from "../JobStore.js"
import type { Ledger } from "../Ledger.js"
import * as Metrics from "../Metrics.js"
import type { PostingSource } from "../PostingSource.js"
import { of as priceOf, type Prices } from "../Prices.js"
import type * as Profile from "../Profile.js"
import type * as Tools from "../Tools.js"
import type { Transactor } from "../Transactor.js"
import type { VerdictRule } from "../Verdict.js"

/** What one tool does for an admitted caller whose arguments decoded; the Gateway runs everything around it. */
export type Handler<T extends Tools.Tool> = (
  principal: Principal,
  args: Schema.Schema.Type<T["args"]>
) => Effect.Effect<Schema.Schema.Type<T["result"]>, AppError>

/** The services the handlers work with, and the steps several of them share. */
export interface Steps {
  readonly accounts: Context.Tag.Service<AccountStore>
  readonly jobs: Context.Tag.Service<JobStore>
  readonly ledger: Context.Tag.Service<Ledger>
  readonly transactor: Context.Tag.Service<Transactor>
  readonly postings: Context.Tag.Service<PostingSource>
  readonly analyzer: Context.Tag.Service<Analyzer>
  readonly cvWriter: Context.Tag.Service<CvWriter>
  readonly verdictRule: Context.Tag.Service<VerdictRule>
  readonly prices: Context.Tag.Service<Prices>
  /** The caller's profile, or PROFILE_NOT_FOUND. */
  readonly requireProfile: (principal: Principal) => Effect.Effect<Profile.Profile, ProfileNotFound>
  /**
   * Runs a paid tool with no money in flight: the balance is checked first (402 before any work), `use` does the
   * work, and `commit` — which `use` calls inside the transaction that saves the result — takes the price, marks it
   * settled against the job and, for an idempotent call, records `result` as the answer to its retries. A balance
   * spent meanwhile makes `commit` fail with 402 and the transaction (result included) roll back; a failure or a
   * crash before it charges nothing. A tool priced at 0 charges nothing.
   */
  readonly paid: <A, E, R>(
    principal: Principal,
    tool: Tools.ToolName,
    use: (commit: Commit, price: number) => Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | Failure, R>
}

/** Takes a paid call's price for the job it saved, and records its result for retries; inside that transaction. */
export type Commit = (jobId: JobId, result: unknown) => Effect.Effect<void, Failure>

type Failure = InsufficientCredits | IdempotencyConflict

// An idempotent call's result is recorded with its charge (Gateway sets the recorder); other calls record nothing.
const recordResult = (result: unknown) =>
  Effect.flatMap(
    FiberRef.get(Idempotency.recorder),
    Option.match({ onNone: () => Effect.void, onSome: (record) => record(result) })
  )

type Services = Omit<Steps, "requireProfile" | "paid">

export const make = (services: Services): Steps => {
  const { accounts, ledger, prices } = services
  return {
    ...services,
    requireProfile: (principal) =>
      Effect.flatMap(
        accounts.getProfile(principal.user.id),
        Option.match({ onNone: () => Effect.fail(new ProfileNotFound()), onSome: Effect.succeed })
      ),
    paid: <A, E, R>(
      principal: Principal,
      tool: Tools.ToolName,
      use: (commit: Commit, price: number) => Effect.Effect<A, E, R>
    ): Effect.Effect<A, E | Failure, R> => {
      const price = priceOf(prices, tool)
      if (price === 0) return use((_, result) => recordResult(result), 0)
      const userId = principal.user.id
      const counted = Effect.zipRight(
        Metric.increment(Metrics.charges.of(tool)),
        Metric.incrementBy(Metrics.chargedCents.of(tool), price)
      )
      const commit: Commit = (jobId, result) =>
        Effect.flatMap(ledger.charge(userId, price, tool), (charge) => ledger.settle(charge, Option.some(jobId))).pipe(
          Effect.zipRight(recordResult(result))
        )
      return Effect.flatMap(
        ledger.balance(userId),
        (balance): Effect.Effect<A, E | Failure, R> =>
          balance < price
            ? Effect.fail(new InsufficientCredits({ required_credits: price, available_credits: balance }))
            : Effect.tap(use(commit, price), () => counted)
      )
    }
  }
}
