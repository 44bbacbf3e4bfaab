import { Schema } from "effect"

/** A user's id: a positive integer. */
export const UserId = Schema.Int.pipe(Schema.positive(), Schema.brand("UserId"))
export type UserId = typeof UserId.Type

/** A job's id: the positive integer generate_cv and get_job take. */
export const JobId = Schema.Int.pipe(Schema.positive(), Schema.brand("JobId"))
export type JobId = typeof JobId.Type

/** An API key's id (not its secret). */
export const ApiKeyId = Schema.Int.pipe(Schema.positive(), Schema.brand("ApiKeyId"))
export type ApiKeyId = typeof ApiKeyId.Type

/** A ledger entry's id; a charge is referred to by it until it is settled or refunded. */
export const LedgerEntryId = Schema.Int.pipe(Schema.positive(), Schema.brand("LedgerEntryId"))
export type LedgerEntryId = typeof LedgerEntryId.Type
