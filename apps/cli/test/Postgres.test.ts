import { SqlClient } from "@effect/sql"
import { assert, describe, it } from "@effect/vitest"
import { SqlStore } from "@jobfit/store-sql"
import { ConfigProvider, Context, Effect, Layer, Schema } from "effect"
import { randomBytes } from "node:crypto"
import * as net from "node:net"
import { decodeJson, environment, errorOf, runIn } from "./support/Harness.js"

const configured = process.env.JOBFIT_TEST_DATABASE_URL
const pgUrl = configured ?? "postgres://postgres@127.0.0.1:5432/test"

const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = net.connect({ host: hostname || "127.0.0.1", port: Number(port || 5432) })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(2_000, () => done(false))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })

// Runs whenever JOBFIT_TEST_DATABASE_URL is set (and then fails without a server), else only if the default answers.
const enabled = configured !== undefined || (await reachable(pgUrl))
if (!enabled) process.stderr.write(`CLI PostgreSQL test skipped: nothing listens at ${pgUrl}\n`)

/** A schema of the test's own, dropped afterwards; yields a URL whose connections use it. */
const ownSchema = Effect.gen(function*() {
  const schema = `jobfit_cli_${randomBytes(6).toString("hex")}`
  // Built in the test's scope, so that the pool outlives the DROP below.
  const sql = Context.get(yield* Layer.build(SqlStore.pgClient(pgUrl)), SqlClient.SqlClient)
  yield* sql`CREATE SCHEMA ${sql(schema)}`
  yield* Effect.addFinalizer(() => Effect.orDie(sql`DROP SCHEMA ${sql(schema)} CASCADE`))
  const url = new URL(pgUrl)
  url.searchParams.set("options", `-c search_path=${schema}`)
  return url.toString()
})

describe.skipIf(!enabled)("on PostgreSQL (JOBFIT_DATABASE_URL=postgres://...)", () => {
  it.scoped("runs the admin commands against a schema of its own", () =>
    Effect.gen(function*() {
      const url = yield* ownSchema
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
