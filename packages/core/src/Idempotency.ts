import { Context, Data, DateTime, Duration, Effect, FiberRef, Option } from "effect"
import type { IdempotencyConflict } from "./Errors.js"
import type { UserId } from "./Ids.js"

/** The header a REST or MCP-over-HTTP call carries its key in. */
export const HEADER = "idempotency-key"

/** Where an MCP `tools/call` carries its key in `params._meta` (stdio has no headers). */
export const META_KEY = "jobfit/idempotency_key"

/** How long a key is remembered: a retry within it is answered from the record. */
export const RETENTION = Duration.hours(24)

/**
 * How long a running call holds its key without renewing; it renews every third of this while it runs. A key whose
 * process stopped is free again after it.
 */
export const LEASE = Duration.seconds(30)

/** A key: 1 to 255 visible ASCII characters (a UUID is the usual choice). */
export const isValidKey = (key: string): boolean => key.length >= 1 && key.length <= 255 && /^[\x21-\x7e]+$/.test(key)

export const invalidKeyMessage = "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID"

/** What a claim on (user, key) found. */
export type Claim = Data.TaggedEnum<{
  /** The key is this call's: it runs, holding `token`. */
  Run: { readonly token: string }
  /** A call with the same arguments finished: its result, as the JSON text it was recorded as. */
  Replay: { readonly outcome: string }
  /** The key was used with other arguments. */
  Conflict: Record<never, never>
  /** A call with this key is still running. */
  Running: Record<never, never>
}>
export const Claim = Data.taggedEnum<Claim>()

/** The times a claim is judged by. */
export interface ClaimTimes {
  readonly now: DateTime.Utc
  /** Until when a new claim holds the key without renewing it. */
  readonly leaseUntil: DateTime.Utc
  /** A record made before this is forgotten (RETENTION ago). */
  readonly createdAfter: DateTime.Utc
}

/**
 * The record of each (user, Idempotency-Key): which call it was (a fingerprint of the tool and its arguments), and
 * its result once it finished. Shared by every process on the store, so a retry that lands on another process is
 * answered from the same record.
 */
export class IdempotencyStore extends Context.Tag("@jobfit/core/IdempotencyStore")<IdempotencyStore, {
  /**
   * Takes the key for a call, or says why not. A record older than `createdAfter`, or a running claim whose lease
   * ran out (its process stopped), counts as none. Exactly one of concurrent claims on a free key gets Run.
   */
  readonly claim: (userId: UserId, key: string, fingerprint: string, times: ClaimTimes) => Effect.Effect<Claim>
  /** Extends a running claim's lease; a claim taken over meanwhile is left alone. */
  readonly renew: (userId: UserId, key: string, token: string, until: DateTime.Utc) => Effect.Effect<void>
  /**
   * Records the result of the call holding `token`; false when the key is no longer its claim (its lease ran out and
   * another call took it). Joins the surrounding transaction, so a result is kept exactly when what it paid commits.
   */
  readonly complete: (userId: UserId, key: string, token: string, outcome: string) => Effect.Effect<boolean>
  /** Frees a claim whose call failed without a result: a retry runs afresh. */
  readonly release: (userId: UserId, key: string, token: string) => Effect.Effect<void>
  /** Forgets every record made before `before`. */
  readonly purge: (before: DateTime.Utc) => Effect.Effect<void>
}>() {}

/**
 * While an idempotent call of a paid tool runs: records the tool's result (its wire form) in the transaction that
 * charges for it, so that a charge never commits without the result a retry is answered with.
 */
export const recorder = FiberRef.unsafeMake<
  Option.Option<(result: unknown) => Effect.Effect<void, IdempotencyConflict>>
>(
  Option.none()
)

interface MemoryRecord {
  readonly fingerprint: string
  readonly token: string
  readonly createdAt: number
  leaseUntil: number
  outcome: string | undefined
}

/**
 * The records in a map, for the in-memory store and for stores without records of their own (one process only).
 * `write` runs each change (the in-memory store passes its transaction-aware writer).
 */
export const memory = (
  records: Map<string, MemoryRecord> = new Map(),
  write: <A>(change: Effect.Effect<A>) => Effect.Effect<A> = (change) => change
): Context.Tag.Service<IdempotencyStore> => {
  let tokens = 0
  const at = (userId: UserId, key: string) => `${userId}\u0000${key}`
  const held = (userId: UserId, key: string, token: string) => {
    const record = records.get(at(userId, key))
    return record !== undefined && record.token === token ? record : undefined
  }
  return IdempotencyStore.of({
    claim: (userId, key, fingerprint, times) =>
      write(Effect.sync(() => {
        const now = times.now.epochMillis
        const found = records.get(at(userId, key))
        const gone = found === undefined || found.createdAt < times.createdAfter.epochMillis ||
          (found.outcome === undefined && found.leaseUntil < now)
        if (gone) {
          const token = `memory-${++tokens}`
          records.set(at(userId, key), {
            fingerprint,
            token,
            createdAt: now,
            leaseUntil: times.leaseUntil.epochMillis,
            outcome: undefined
          })
          return Claim.Run({ token })
        }
        if (found.fingerprint !== fingerprint) return Claim.Conflict()
        return found.outcome === undefined ? Claim.Running() : Claim.Replay({ outcome: found.outcome })
      })),
    renew: (userId, key, token, until) =>
      write(Effect.sync(() => {
        const record = held(userId, key, token)
        if (record !== undefined && record.outcome === undefined) record.leaseUntil = until.epochMillis
      })),
    complete: (userId, key, token, outcome) =>
      write(Effect.sync(() => {
        const record = held(userId, key, token)
        if (record === undefined) return false
        record.outcome = outcome
        return true
      })),
    release: (userId, key, token) =>
      write(Effect.sync(() => {
        const record = held(userId, key, token)
        if (record !== undefined && record.outcome === undefined) records.delete(at(userId, key))
      })),
    purge: (before) =>
      write(Effect.sync(() => {
        for (const [k, record] of records) if (record.createdAt < before.epochMillis) records.delete(k)
      }))
  })
}

export type { MemoryRecord }

/** The times of a claim made now. */
export const timesAt = (now: DateTime.Utc): ClaimTimes => ({
  now,
  leaseUntil: DateTime.addDuration(now, LEASE),
  createdAfter: DateTime.subtractDuration(now, RETENTION)
})

/** A call's identity: its tool and its arguments with object keys sorted, so that key order does not matter. */
export const fingerprint = (tool: string, args: unknown): string => `${tool}\n${canonical(args ?? {})}`

const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`
  }
  return JSON.stringify(value) ?? "null"
}
