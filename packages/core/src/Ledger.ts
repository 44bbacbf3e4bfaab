import { Context, type DateTime, type Effect, type Option, Schema } from "effect"
import type { InsufficientCredits } from "./Errors.js"
import { type JobId, LedgerEntryId, type UserId } from "./Ids.js"

export const EntryKind = Schema.Literal("grant", "charge", "refund")

/** One movement of credits; the balance is always the sum of a user's entries. */
export const LedgerEntry = Schema.Struct({
  id: LedgerEntryId,
  kind: EntryKind,
  amount_cents: Schema.Int,
  tool: Schema.NullOr(Schema.String),
  job_id: Schema.NullOr(Schema.Int),
  note: Schema.NullOr(Schema.String),
  created_at: Schema.DateTimeUtc
})
export type LedgerEntry = typeof LedgerEntry.Type

/** Where an entry stands in a user's history: by time, then by id. */
export interface EntryPosition {
  readonly at: DateTime.Utc
  readonly id: LedgerEntryId
}

/** The credit balance as an integer-cents ledger that never goes below zero. */
export class Ledger extends Context.Tag("@jobfit/core/Ledger")<Ledger, {
  readonly balance: (userId: UserId) => Effect.Effect<number>
  /** Adds credits (an operator grant or a payment); returns the new balance. */
  readonly grant: (userId: UserId, cents: number, note: string) => Effect.Effect<number>
  /** Takes `cents` if the balance covers them, in one conditional statement; otherwise fails. */
  readonly charge: (userId: UserId, cents: number, tool: string) => Effect.Effect<LedgerEntryId, InsufficientCredits>
  /** Marks a charge as paid for; runs inside the transaction of the write it paid for. */
  readonly settle: (chargeId: LedgerEntryId, jobId: Option.Option<JobId>) => Effect.Effect<void>
  /** Gives a pending charge back; a settled or refunded charge is left alone. */
  readonly refund: (chargeId: LedgerEntryId) => Effect.Effect<void>
  /**
   * Refunds every charge still pending that was made before `cutoff`: the work it paid for was left unfinished
   * (a process stopped between charge and settle). Returns how many such charges it found.
   */
  readonly refundStale: (cutoff: DateTime.Utc) => Effect.Effect<number>
  /** Newest first; `before` is the last entry of the previous page (entries can share a millisecond). */
  readonly entries: (
    userId: UserId,
    options: { readonly limit: number; readonly before?: EntryPosition }
  ) => Effect.Effect<ReadonlyArray<LedgerEntry>>
}>() {}
