import * as SqlClient from "@effect/sql/SqlClient"
import { Errors, type Ids, Vouchers } from "@jobfit/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { randomBytes } from "node:crypto"
import { first, Int, run, toMillis } from "./Columns.js"
import * as Secrets from "./Secrets.js"
import * as SqlLedger from "./SqlLedger.js"

const ClaimRow = Schema.Struct({ cents: Int, code_prefix: Schema.String })

const MAX_CENTS = 100_000_000

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const oneClaim = first(ClaimRow)
  // The ledger's own grant, inside this transaction: one place writes balances and ledger rows.
  const ledger = yield* SqlLedger.make

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
        RETURNING cents, code_prefix`)
      if (Option.isNone(claimed)) return Option.none()
      const { cents, code_prefix } = claimed.value
      const balance_cents = yield* ledger.grant(userId, cents, `voucher ${code_prefix}…`)
      return Option.some({ cents, balance_cents })
    })))
    if (Option.isNone(granted)) return yield* new Errors.VoucherInvalid()
    return granted.value
  })

  return Vouchers.Vouchers.of({ create, redeem })
})

/** Vouchers over the SqlClient in context. */
export const layer: Layer.Layer<Vouchers.Vouchers, never, SqlClient.SqlClient> = Layer.effect(Vouchers.Vouchers, make)
