import { type Context, Effect, Exit, Option, type Schema } from "effect"
import type { Principal } from "../Account.js"
import type { AccountStore } from "../AccountStore.js"
import type { Analyzer } from "../Analyzer.js"
import type { CvWriter } from "../CvWriter.js"
import { type AppError, ProfileNotFound } from "../Errors.js"
import type { JobId, LedgerEntryId } from "../Ids.js"
import type { JobStore } from "../JobStore.js"
import type { Ledger } from "../Ledger.js"
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
   * Charges the tool's price, runs `use` with the charge and the price, and gives the charge back if `use` does not
   * succeed (interruption included). A tool priced at 0 runs uncharged.
   */
  readonly paid: <A, E, R>(
    principal: Principal,
    tool: Tools.ToolName,
    use: (charge: Option.Option<LedgerEntryId>, price: number) => Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | AppError, R>
  /** Settles the charge (if any) against the job it paid for. */
  readonly settle: (charge: Option.Option<LedgerEntryId>, jobId: JobId) => Effect.Effect<void>
}

type Services = Omit<Steps, "requireProfile" | "paid" | "settle">

export const make = (services: Services): Steps => {
  const { accounts, ledger, prices } = services
  return {
    ...services,
    requireProfile: (principal) =>
      Effect.flatMap(
        accounts.getProfile(principal.user.id),
        Option.match({ onNone: () => Effect.fail(new ProfileNotFound()), onSome: Effect.succeed })
      ),
    paid: (principal, tool, use) => {
      const price = priceOf(prices, tool)
      return price === 0 ? use(Option.none(), 0) : Effect.acquireUseRelease(
        ledger.charge(principal.user.id, price, tool),
        (charge) => use(Option.some(charge), price),
        (charge, exit) => (Exit.isSuccess(exit) ? Effect.void : ledger.refund(charge))
      )
    },
    settle: (charge, jobId) =>
      Option.match(charge, { onNone: () => Effect.void, onSome: (id) => ledger.settle(id, Option.some(jobId)) })
  }
}
