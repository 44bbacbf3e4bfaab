import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, it, type Vitest } from "@effect/vitest"
import { Credentials, Vouchers } from "@jobfit/core"
import { StoreFixtures } from "@jobfit/testing"
import { Effect, type Layer, Schema, TestClock } from "effect"
import { Secrets, type SqlStore } from "../src/index.js"

const { inAnHour, newUser } = StoreFixtures

const Text = Schema.Array(Schema.Struct({ value: Schema.String }))

/** SQL stores only: sessions, reset tokens and voucher codes are stored as hashes, never in clear. */
const secretsContract = (
  it: Vitest.MethodsNonLive<SqlStore.Stores | SqlStore.DashboardStores | SqlClient.SqlClient>
) => {
  it.effect("tokens and codes are kept only as SHA-256 hashes", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const credentials = yield* Credentials.Credentials
      const user = yield* newUser
      const session = yield* credentials.createSession(user.id, yield* inAnHour)
      const reset = yield* credentials.createResetToken(user.id, yield* inAnHour)
      const { code } = yield* (yield* Vouchers.Vouchers).create(5, "hash check")
      const read = (query: Effect.Effect<ReadonlyArray<unknown>, unknown>) =>
        Effect.map(Effect.flatMap(Effect.orDie(query), Schema.decodeUnknown(Text)), (rows) => rows.map((r) => r.value))
      assert.deepStrictEqual(
        yield* read(sql`SELECT token_hash AS value FROM sessions WHERE user_id = ${user.id}`),
        [Secrets.sha256(session)]
      )
      assert.deepStrictEqual(
        yield* read(sql`SELECT token_hash AS value FROM reset_tokens WHERE user_id = ${user.id}`),
        [Secrets.sha256(reset)]
      )
      assert.deepStrictEqual(
        yield* read(sql`SELECT code_prefix AS value FROM vouchers WHERE code_hash = ${Secrets.sha256(code)}`),
        [code.slice(0, 7)]
      )
      const clear = yield* read(sql`
        SELECT token_hash AS value FROM sessions UNION ALL SELECT token_hash FROM reset_tokens
        UNION ALL SELECT code_hash FROM vouchers UNION ALL SELECT code_prefix FROM vouchers
        UNION ALL SELECT note FROM vouchers`)
      for (const secret of [session, reset, code]) assert.notInclude(clear, secret)
    }))

  it.effect("a new session clears its user's expired ones, and only those", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const credentials = yield* Credentials.Credentials
      const [user, other] = [yield* newUser, yield* newUser]
      const expires = yield* inAnHour
      const old = yield* credentials.createSession(user.id, expires)
      const others = yield* credentials.createSession(other.id, expires)
      yield* TestClock.adjust("2 hours")
      const fresh = yield* credentials.createSession(user.id, yield* inAnHour)
      const rows = yield* Effect.flatMap(
        Effect.orDie(sql`SELECT token_hash AS value FROM sessions WHERE user_id IN (${user.id}, ${other.id})`),
        Schema.decodeUnknown(Text)
      )
      assert.sameMembers(rows.map((r) => r.value), [Secrets.sha256(fresh), Secrets.sha256(others)])
      assert.notInclude(rows.map((r) => r.value), Secrets.sha256(old))
    }))
}

/** The SQL store's own checks of what it keeps: hashes, never the secrets. */
export const sqlSecrets = (
  name: string,
  layer: Layer.Layer<SqlStore.Stores | SqlStore.DashboardStores | SqlClient.SqlClient, unknown>
) =>
  it.layer(layer, { timeout: "60 seconds" })(name, (it) => {
    describe("secrets at rest", () => secretsContract(it))
  })
