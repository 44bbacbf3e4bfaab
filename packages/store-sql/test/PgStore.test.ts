import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, it } from "@effect/vitest"
import { dashboardStoreContract, idempotencyStoreContract, storeContract } from "@jobfit/testing"
import { Effect, Layer } from "effect"
import { Migrations, SqlStore } from "../src/index.js"
import { jobCounts } from "./JobCounts.js"
import { migrateInProcesses } from "./Processes.js"
import { sqlSecrets } from "./SqlSecrets.js"
import { pgEnabled, pgSchema, PgTest } from "./TestDatabases.js"

const migrationCount = Object.keys(Migrations.migrations).length

const migratedIds = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* sql`SELECT migration_id FROM jobfit_migrations`
})

describe.runIf(pgEnabled)("PostgreSQL", () => {
  storeContract("SqlStore on PostgreSQL", PgTest)
  dashboardStoreContract("SqlStore on PostgreSQL, dashboard", PgTest)
  idempotencyStoreContract("SqlStore on PostgreSQL, Idempotency-Keys", PgTest)
  sqlSecrets("SqlStore on PostgreSQL, secrets", PgTest)
  jobCounts("SqlStore on PostgreSQL, job counts", PgTest)

  describe("SqlStore on PostgreSQL", () => {
    it.scoped("migrations are safe when two stores start at once in one process", () =>
      Effect.gen(function*() {
        const url = yield* pgSchema()
        const [one, two] = yield* Effect.all([
          Effect.provide(Migrations.run, SqlStore.pgClient(url)),
          Effect.provide(Migrations.run, SqlStore.pgClient(url))
        ], { concurrency: "unbounded" })
        assert.deepStrictEqual([one.length, two.length].sort(), [0, migrationCount])
        yield* Layer.build(SqlStore.layerPg(url))
        const rows = yield* Effect.provide(migratedIds, SqlStore.pgClient(url))
        assert.strictEqual(rows.length, migrationCount)
      }), { timeout: 60_000 })

    it.scoped("migrations are safe when several processes start at once", () =>
      Effect.gen(function*() {
        const url = yield* pgSchema()
        const outputs = yield* migrateInProcesses(url, 3)
        assert.deepStrictEqual(outputs.map((out) => out.ran).sort(), [0, 0, migrationCount])
        const rows = yield* Effect.provide(migratedIds, SqlStore.pgClient(url))
        assert.strictEqual(rows.length, migrationCount)
      }), { timeout: 60_000 })

    it.scoped("the database itself refuses a negative balance", () =>
      Effect.gen(function*() {
        const url = yield* pgSchema()
        const refused = Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`INSERT INTO users (email, email_lower, name, created_at) VALUES ('a@b.c', 'a@b.c', 'a', 0)`
          return yield* Effect.flip(sql`UPDATE users SET balance_cents = -1`)
        })
        const error = yield* Effect.provide(refused, SqlStore.layerPg(url))
        assert.strictEqual(error._tag, "SqlError")
      }))
  })
})
