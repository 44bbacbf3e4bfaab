import { assert, describe, it } from "@effect/vitest"
import { SqlStore, TestDatabases } from "@jobfit/store-sql"
import { ConfigProvider, Effect, Layer, Schema } from "effect"
import { decodeJson, environment, errorOf, runIn } from "./support/Harness.js"

const enabled = await TestDatabases.pgAvailable()

describe.skipIf(!enabled)("on PostgreSQL (JOBFIT_DATABASE_URL=postgres://...)", () => {
  it.scoped("runs the admin commands against a schema of its own", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabases.pgSchema("jobfit_cli")
      const fromEnv = Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["JOBFIT_DATABASE_URL", url]])))
      const jobfit = runIn(environment(SqlStore.layerConfig.pipe(Layer.provide(fromEnv))))
      const user = yield* jobfit("users", "create", "--email", "pg@example.com", "--json")
      assert.strictEqual(user.code, 0, user.stderr)
      assert.strictEqual(
        errorOf(yield* jobfit("users", "create", "--email", "pg@example.com", "--json")).code,
        "EMAIL_TAKEN"
      )
      const key = yield* jobfit("keys", "create", "--email", "pg@example.com", "--scopes", "jobs_read", "--json")
      assert.strictEqual(key.code, 0, key.stderr)
      const credits = yield* jobfit("credits", "add", "--email", "pg@example.com", "--cents", "999", "--json")
      assert.deepStrictEqual(
        decodeJson(Schema.Struct({ balance_cents: Schema.Int, balance_dollars: Schema.String }), credits),
        { balance_cents: 999, balance_dollars: "9.99" }
      )
      const seeded = yield* jobfit("jobs", "seed", "--email", "pg@example.com", "--count", "12", "--json")
      assert.deepStrictEqual(decodeJson(Schema.Struct({ created: Schema.Int }), seeded), { created: 12 })
    }), { timeout: 60_000 })
})
