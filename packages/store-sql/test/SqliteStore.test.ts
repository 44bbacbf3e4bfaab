import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, it } from "@effect/vitest"
import { dashboardStoreContract, idempotencyStoreContract, storeContract } from "@jobfit/testing"
import { ConfigError, ConfigProvider, Effect, Layer, Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { Migrations, SqlStore } from "../src/index.js"
import { jobCounts } from "./JobCounts.js"
import { migrateInProcesses } from "./Processes.js"
import { sqlSecrets } from "./SqlSecrets.js"
import { SqliteTest, tempDir } from "./TestDatabases.js"

storeContract("SqlStore on SQLite", SqliteTest)
dashboardStoreContract("SqlStore on SQLite, dashboard", SqliteTest)
idempotencyStoreContract("SqlStore on SQLite, Idempotency-Keys", SqliteTest)
sqlSecrets("SqlStore on SQLite, secrets", SqliteTest)
jobCounts("SqlStore on SQLite, job counts", SqliteTest)

const Pragma = Schema.Array(Schema.Record({ key: Schema.String, value: Schema.Union(Schema.String, Schema.Number) }))
const pragma = (name: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* Schema.decodeUnknown(Pragma)(yield* sql.unsafe(`PRAGMA ${name}`))
    return Object.values(rows[0]!)[0]
  })

describe("SqlStore on SQLite", () => {
  it.scoped("creates the file's folder, turns WAL and a busy timeout on, and migrates once", () =>
    Effect.gen(function*() {
      const dir = yield* tempDir
      const filename = path.join(dir, "a", "b", "jobfit.db")
      const checks = Effect.gen(function*() {
        assert.strictEqual(yield* pragma("journal_mode"), "wal")
        assert.strictEqual(yield* pragma("busy_timeout"), 5000)
        assert.strictEqual(yield* pragma("foreign_keys"), 1)
        assert.deepStrictEqual(yield* Migrations.run, [])
      })
      yield* Effect.provide(checks, SqlStore.layerSqlite(filename))
      assert.isTrue(fs.existsSync(filename))
    }))

  it.effect("runs in memory, and the database itself refuses a negative balance or a dangling user id", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`INSERT INTO users (email, email_lower, name, created_at) VALUES ('a@b.c', 'a@b.c', 'a', 0)`
      const negative = yield* Effect.flip(sql`UPDATE users SET balance_cents = -1`)
      assert.strictEqual(negative._tag, "SqlError")
      const dangling = yield* Effect.flip(sql`INSERT INTO ledger (user_id, kind, amount_cents, created_at)
        VALUES (999999, 'grant', 1, 0)`)
      assert.strictEqual(dangling._tag, "SqlError")
    }).pipe(Effect.provide(SqlStore.layerSqlite(":memory:"))))

  it.scoped("fails with one clear message when the path cannot be written", () =>
    Effect.gen(function*() {
      const dir = yield* tempDir
      const file = path.join(dir, "not-a-folder")
      fs.writeFileSync(file, "")
      const error = yield* Effect.flip(Layer.build(SqlStore.layerSqlite(path.join(file, "jobfit.db"))))
      assert.strictEqual(error._tag, "SqlError")
      assert.include(error.message, path.join(file, "jobfit.db"))
      assert.include(error.message, "cannot be created or written")
      assert.include(error.message, "JOBFIT_DATABASE_URL")
    }))

  it.scoped("layerConfig reads JOBFIT_DATABASE_URL; a bad one is a ConfigError naming it", () =>
    Effect.gen(function*() {
      const dir = yield* tempDir
      const filename = path.join(dir, "config", "jobfit.db")
      const withUrl = (url: string) =>
        Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["JOBFIT_DATABASE_URL", url]])))
      yield* Layer.build(SqlStore.layerConfig.pipe(Layer.provide(withUrl(`sqlite:${filename}`))))
      assert.isTrue(fs.existsSync(filename))
      const error = yield* Effect.flip(Layer.build(SqlStore.layerConfig.pipe(Layer.provide(withUrl("mysql://x")))))
      assert.isTrue(ConfigError.isConfigError(error) && error._op === "InvalidData", String(error))
      assert.include(String(error), "JOBFIT_DATABASE_URL")
      const fromUrl = yield* Effect.flip(Layer.build(SqlStore.layerFromUrl("mysql://x")))
      assert.include(String(fromUrl), "JOBFIT_DATABASE_URL")
    }))

  it.scoped("migrations are safe when several processes start at once", () =>
    Effect.gen(function*() {
      const dir = yield* tempDir
      const filename = path.join(dir, "shared", "jobfit.db")
      const outputs = yield* migrateInProcesses(`sqlite:${filename}`, 3)
      assert.deepStrictEqual(outputs.map((out) => out.ran).sort(), [0, 0, Object.keys(Migrations.migrations).length])
      const migrated = Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        return yield* sql`SELECT migration_id FROM jobfit_migrations`
      })
      const rows = yield* Effect.provide(migrated, SqlStore.layerSqlite(filename))
      assert.strictEqual(rows.length, Object.keys(Migrations.migrations).length)
    }), { timeout: 60_000 })
})
