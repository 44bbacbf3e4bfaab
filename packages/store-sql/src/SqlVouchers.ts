import * as SqlClient from "@effect/sql/SqlClient"
import { Errors, Ids, Vouchers } from "@jobfit/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { randomBytes } from "node:crypto"
import { first, Id, Int, run, single, toMillis } from "./Columns.js"
import * as Secrets from "./Secrets.js"

const ClaimRow = Schema.Struct({ id: Id(Ids.LedgerEntryId), cents: Int, code_prefix: Schema.String })
const BalanceRow = Schema.Struct({ balance_cents: Int })

const MAX_CENTS = 100_000_000

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const oneClaim = first(ClaimRow)
  const balanceOf = single(BalanceRow)

  const create = Effect.fn("Vouchers.create")(function*(cents: number, note: string) {
    if (!Number.isSafeInteger(cents) || cents < 1 || cents > MAX_CENTS) {
      return yield* Effect.dieMessage(`Vouchers.create: bad amount ${cents}`)
    }
    const code = Vouchers.format(randomBytes(10))
    yield* run(sql`
      INSERT INTO vouchers (code_hash, code_prefix, cents, note, created_at)
      VALUES (${Secrets.sha256(code)}, ${code.slice(0, 7)}, ${cents}, ${note}, ${toMillis(yield* DateTime.now)})`)
    return { code, cents }
  })

  const redeem = Effect.fn("Vouchers.redeem")(function*(userId: Ids.UserId, typed: string) {
    const at = toMillis(yield* DateTime.now)
    const hash = Secrets.sha256(Vouchers.normalize(typed))
    // Claim and grant commit together; the conditional UPDATE lets exactly one redeemer claim the code.
    const granted = yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
      const claimed = yield* oneClaim(sql`
        UPDATE vouchers SET redeemed_by = ${userId}, redeemed_at = ${at}
        WHERE code_hash = ${hash} AND redeemed_at IS NULL
        RETURNING id, cents, code_prefix`)
      if (Option.isNone(claimed)) return Option.none()
      const { cents, code_prefix } = claimed.value
      const balance = yield* balanceOf(sql`
        UPDATE users SET balance_cents = balance_cents + ${cents} WHERE id = ${userId} RETURNING balance_cents`)
      yield* run(sql`
        INSERT INTO ledger (user_id, kind, amount_cents, note, created_at)
        VALUES (${userId}, 'grant', ${cents}, ${`voucher ${code_prefix}…`}, ${at})`)
      return Option.some({ cents, balance_cents: balance.balance_cents })
    })))
    if (Option.isNone(granted)) return yield* new Errors.VoucherInvalid()
    return granted.value
  })

  return Vouchers.Vouchers.of({ create, redeem })
})

/** Vouchers over the SqlClient in context. */
export const layer: Layer.Layer<Vouchers.Vouchers, never, SqlClient.SqlClient> = Layer.effect(Vouchers.Vouchers, make)
