import * as SqlClient from "@effect/sql/SqlClient"
import { Errors, Ids, Ledger } from "@jobfit/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { all, first, Id, Int, Millis, single, toMillis } from "./Columns.js"

const BalanceRow = Schema.Struct({ balance_cents: Int })
const IdRow = Schema.Struct({ id: Id(Ids.LedgerEntryId) })
const ChargeRow = Schema.Struct({ user_id: Id(Ids.UserId), amount_cents: Int, tool: Schema.NullOr(Schema.String) })

const EntryRow = Schema.Struct({
  ...Ledger.LedgerEntry.fields,
  id: Id(Ids.LedgerEntryId),
  amount_cents: Int,
  job_id: Schema.NullOr(Int),
  created_at: Millis
})

const isPositiveCents = (cents: number) => Number.isSafeInteger(cents) && cents > 0

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const oneBalance = first(BalanceRow)
  const newId = single(IdRow)
  const oneCharge = first(ChargeRow)
  const entryRows = all(EntryRow)
  const transaction = <A>(self: Effect.Effect<A>) => Effect.orDie(sql.withTransaction(self))

  const balance = Effect.fn("Ledger.balance")(function*(userId: Ids.UserId) {
    const found = yield* oneBalance(sql`SELECT balance_cents FROM users WHERE id = ${userId}`)
    return Option.match(found, { onNone: () => 0, onSome: (row) => row.balance_cents })
  })

  const grant = Effect.fn("Ledger.grant")(function*(userId: Ids.UserId, cents: number, note: string) {
    if (!isPositiveCents(cents)) return yield* Effect.dieMessage(`Ledger.grant: bad amount ${cents}`)
    const now = toMillis(yield* DateTime.now)
    return yield* transaction(Effect.gen(function*() {
      const updated = yield* oneBalance(sql`
        UPDATE users SET balance_cents = balance_cents + ${cents} WHERE id = ${userId} RETURNING balance_cents`)
      if (Option.isNone(updated)) return yield* Effect.dieMessage(`Ledger.grant: no user ${userId}`)
      yield* newId(sql`
        INSERT INTO ledger (user_id, kind, amount_cents, note, created_at)
        VALUES (${userId}, 'grant', ${cents}, ${note}, ${now}) RETURNING id`)
      return updated.value.balance_cents
    }))
  })

  const charge = Effect.fn("Ledger.charge")(function*(userId: Ids.UserId, cents: number, tool: string) {
    if (!isPositiveCents(cents)) return yield* Effect.dieMessage(`Ledger.charge: bad amount ${cents}`)
    const now = toMillis(yield* DateTime.now)
    // One conditional UPDATE decides: the row lock (PostgreSQL) or the write lock (SQLite) makes
    // concurrent charges see each other's result, so the balance cannot go below zero.
    const charged = yield* transaction(Effect.gen(function*() {
      const taken = yield* oneBalance(sql`
        UPDATE users SET balance_cents = balance_cents - ${cents}
        WHERE id = ${userId} AND balance_cents >= ${cents}
        RETURNING balance_cents`)
      if (Option.isNone(taken)) return Option.none()
      const entry = yield* newId(sql`
        INSERT INTO ledger (user_id, kind, amount_cents, tool, state, created_at)
        VALUES (${userId}, 'charge', ${-cents}, ${tool}, 'pending', ${now}) RETURNING id`)
      return Option.some(entry.id)
    }))
    if (Option.isSome(charged)) return charged.value
    return yield* new Errors.InsufficientCredits({ required_credits: cents, available_credits: yield* balance(userId) })
  })

  const settle = Effect.fn("Ledger.settle")(function*(chargeId: Ids.LedgerEntryId, jobId: Option.Option<Ids.JobId>) {
    yield* Effect.orDie(sql`
      UPDATE ledger SET state = 'settled', job_id = ${Option.getOrNull(jobId)}
      WHERE id = ${chargeId} AND kind = 'charge' AND state = 'pending'`)
  })

  const refund = Effect.fn("Ledger.refund")(function*(chargeId: Ids.LedgerEntryId) {
    const now = toMillis(yield* DateTime.now)
    yield* transaction(Effect.gen(function*() {
      // Only the caller that moves the charge out of pending gives it back: refunding twice gives back once.
      const claimed = yield* oneCharge(sql`
        UPDATE ledger SET state = 'refunded'
        WHERE id = ${chargeId} AND kind = 'charge' AND state = 'pending'
        RETURNING user_id, amount_cents, tool`)
      if (Option.isNone(claimed)) return
      const { amount_cents, tool, user_id } = claimed.value
      yield* oneBalance(sql`
        UPDATE users SET balance_cents = balance_cents + ${-amount_cents} WHERE id = ${user_id}
        RETURNING balance_cents`)
      yield* newId(sql`
        INSERT INTO ledger (user_id, kind, amount_cents, tool, charge_id, note, created_at)
        VALUES (${user_id}, 'refund', ${-amount_cents}, ${tool}, ${chargeId}, ${`refund of charge ${chargeId}`},
          ${now})
        RETURNING id`)
    }))
  })

  const staleIds = all(IdRow)

  const refundStale = Effect.fn("Ledger.refundStale")(function*(cutoff: DateTime.Utc) {
    const stale = yield* staleIds(sql`
      SELECT id FROM ledger WHERE kind = 'charge' AND state = 'pending' AND created_at < ${toMillis(cutoff)}
      ORDER BY id`)
    // Each goes through refund, which claims the charge first: a charge settled meanwhile is left alone.
    yield* Effect.forEach(stale, (row) => refund(row.id), { discard: true })
    return stale.length
  })

  const entries = Effect.fn("Ledger.entries")(
    function*(userId: Ids.UserId, options: { readonly limit: number; readonly before?: Ledger.EntryPosition }) {
      if (!Number.isSafeInteger(options.limit) || options.limit < 0) {
        return yield* Effect.dieMessage(`Ledger.entries: bad limit ${options.limit}`)
      }
      const at = options.before === undefined ? 0 : toMillis(options.before.at)
      const before = options.before === undefined
        ? []
        : [sql`(created_at < ${at} OR (created_at = ${at} AND id < ${options.before.id}))`]
      return yield* entryRows(sql`
        SELECT id, kind, amount_cents, tool, job_id, note, created_at FROM ledger
        WHERE ${sql.and([sql`user_id = ${userId}`, ...before])}
        ORDER BY created_at DESC, id DESC LIMIT ${options.limit}`)
    }
  )

  return Ledger.Ledger.of({ balance, grant, charge, settle, refund, refundStale, entries })
})

/** The Ledger over the SqlClient in context: the balance lives on the user row, each movement in `ledger`. */
export const layer: Layer.Layer<Ledger.Ledger, never, SqlClient.SqlClient> = Layer.effect(Ledger.Ledger, make)
