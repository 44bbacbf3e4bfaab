import * as SqlClient from "@effect/sql/SqlClient"
import { Idempotency, type Ids } from "@jobfit/core"
import { Effect, Layer, Option, Schema } from "effect"
import { randomUUID } from "node:crypto"
import { all, first, run, toMillis } from "./Columns.js"
import * as Secrets from "./Secrets.js"

const TokenRow = Schema.Struct({ token: Schema.String })
const RecordRow = Schema.Struct({ fingerprint: Schema.String, outcome: Schema.NullOr(Schema.String) })

/** The records in the idempotency_keys table, shared by every process on the database. */
export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const tokens = all(TokenRow)
  const oneRecord = first(RecordRow)

  const claim = Effect.fn("Idempotency.claim")(
    function*(userId: Ids.UserId, key: string, fingerprint: string, times: Idempotency.ClaimTimes) {
      const now = toMillis(times.now)
      // Only the hash of the call is kept: arguments can be long (a pasted posting).
      const hash = Secrets.sha256(fingerprint)
      // A record past its day, or a claim whose process stopped renewing it, is as good as none.
      yield* run(sql`
        DELETE FROM idempotency_keys WHERE user_id = ${userId} AND idem_key = ${key}
        AND (created_at < ${toMillis(times.createdAfter)} OR (outcome IS NULL AND locked_until < ${now}))`)
      const token = randomUUID()
      // The primary key lets exactly one of concurrent claims insert; the others find its row.
      const inserted = yield* tokens(sql`
        INSERT INTO idempotency_keys (user_id, idem_key, fingerprint, token, locked_until, created_at)
        VALUES (${userId}, ${key}, ${hash}, ${token}, ${toMillis(times.leaseUntil)}, ${now})
        ON CONFLICT (user_id, idem_key) DO NOTHING
        RETURNING token`)
      if (inserted.length > 0) return Idempotency.Claim.Run({ token })
      const found = yield* oneRecord(sql`
        SELECT fingerprint, outcome FROM idempotency_keys WHERE user_id = ${userId} AND idem_key = ${key}`)
      // Gone between the insert and the select (its call failed and let it go): the caller may try again.
      if (Option.isNone(found)) return Idempotency.Claim.Running()
      if (found.value.fingerprint !== hash) return Idempotency.Claim.Conflict()
      const outcome = found.value.outcome
      return outcome === null ? Idempotency.Claim.Running() : Idempotency.Claim.Replay({ outcome })
    }
  )

  return Idempotency.IdempotencyStore.of({
    claim,
    renew: (userId, key, token, until) =>
      run(sql`
        UPDATE idempotency_keys SET locked_until = ${toMillis(until)}
        WHERE user_id = ${userId} AND idem_key = ${key} AND token = ${token} AND outcome IS NULL`),
    complete: (userId, key, token, outcome) =>
      Effect.map(
        tokens(sql`
          UPDATE idempotency_keys SET outcome = ${outcome}
          WHERE user_id = ${userId} AND idem_key = ${key} AND token = ${token}
          RETURNING token`),
        (rows) => rows.length > 0
      ),
    release: (userId, key, token) =>
      run(sql`
        DELETE FROM idempotency_keys
        WHERE user_id = ${userId} AND idem_key = ${key} AND token = ${token} AND outcome IS NULL`),
    purge: (before) => run(sql`DELETE FROM idempotency_keys WHERE created_at < ${toMillis(before)}`)
  })
})

/** The records over the SqlClient in context. */
export const layer: Layer.Layer<Idempotency.IdempotencyStore, never, SqlClient.SqlClient> = Layer.effect(
  Idempotency.IdempotencyStore,
  make
)
