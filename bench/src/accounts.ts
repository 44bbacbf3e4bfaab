/**
 * `pnpm bench:accounts`: `get_saved_jobs` for a user with 1,000 jobs against one with 1,000,000, through the Gateway
 * in this process (key check, scope, decoding, the store's two queries, encoding), on SQLite and on PostgreSQL.
 * The 1,000 jobs are made by `jobfit jobs seed` (Seed.seed); the million by copying a seeded thousand 999 times in
 * one SQL statement, with new URLs and times (seeding a million through the store one by one takes an hour on
 * PostgreSQL). BENCH_JOBS changes the large count.
 */
import { SqlClient } from "@effect/sql"
import { Seed } from "@jobfit/cli"
import { Admin, Gateway, type Ids, Scope } from "@jobfit/core"
import { Server } from "@jobfit/host"
import { SqlStore, TestDatabases } from "@jobfit/store-sql"
import { Effect, Layer, Logger } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { noRateLimits } from "./Fixture.js"

const LARGE = Number(process.env.BENCH_JOBS ?? 1_000_000)
const WARMUP = 200
const CALLS = 2_000

const user = (jobs: number) =>
  Effect.gen(function*() {
    const admin = yield* Admin.Admin
    const email = `accounts-${jobs}-${Date.now().toString(36)}@example.com`
    const created = yield* admin.createUser({ email })
    const { secret } = yield* admin.createKey({ email, scopes: Scope.all })
    yield* Seed.seed(created.id, Math.min(jobs, 1_000))
    if (jobs > 1_000) yield* multiply(created.id, Math.ceil(jobs / 1_000) - 1)
    return secret
  })

/** Copies the user's jobs `times` times, each copy with its own URL and an older time. */
const multiply = (userId: Ids.UserId, times: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const started = Date.now()
    const series = yield* sql.onDialectOrElse({
      pg: () => Effect.succeed(sql`SELECT generate_series(1, ${times}) AS k`),
      orElse: () =>
        Effect.succeed(sql`WITH RECURSIVE s(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM s WHERE k < ${times})
          SELECT k FROM s`)
    })
    yield* sql`INSERT INTO jobs (user_id, url, title, company, location, match_score, verdict, status, analyzed_at,
        analysis, created_at)
      SELECT j.user_id, j.url || '/copy/' || s.k, j.title, j.company, j.location, j.match_score, j.verdict, j.status,
        j.analyzed_at - s.k * CAST(86400000 AS BIGINT), j.analysis, j.created_at
      FROM jobs j CROSS JOIN (${series}) s WHERE j.user_id = ${userId}`
    console.log(`  copied to ${(times + 1) * 1_000} jobs in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  })

/** p50 and p99 of `get_saved_jobs` with these arguments, in ms. */
const time = (key: string, args: object) =>
  Effect.gen(function*() {
    const gateway = yield* Gateway.Gateway
    const call = gateway.call({
      authorization: `Bearer ${key}`,
      client: "bench",
      tool: "get_saved_jobs",
      arguments: args
    })
    for (let i = 0; i < WARMUP; i++) yield* Effect.orDie(call)
    const ms: Array<number> = []
    let total = 0
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now()
      const { value } = yield* Effect.orDie(call)
      ms.push(performance.now() - started)
      total = (value as { total: number }).total
    }
    ms.sort((a, b) => a - b)
    return { p50: ms[Math.floor(CALLS / 2)]!, p99: ms[Math.floor(CALLS * 0.99)]!, total }
  })

const measure = (
  name: string,
  store: Layer.Layer<SqlStore.Stores | SqlStore.DashboardStores | SqlClient.SqlClient, unknown>
) =>
  Effect.gen(function*() {
    console.log(name)
    const small = yield* user(1_000)
    const large = yield* user(LARGE)
    for (const args of [{ limit: 10 }, { limit: 10, status: "applied" }]) {
      const a = yield* time(small, args)
      const b = yield* time(large, args)
      console.log(
        `  get_saved_jobs ${JSON.stringify(args).padEnd(32)} ${a.total} jobs: p50 ${a.p50.toFixed(3)} ms p99 ${
          a.p99.toFixed(3)
        }   ${b.total} jobs: p50 ${b.p50.toFixed(3)} ms p99 ${b.p99.toFixed(3)}   ratio ${(b.p50 / a.p50).toFixed(2)}x`
      )
    }
  }).pipe(
    Effect.provide(
      Layer.mergeAll(Admin.Admin.Default, Server.layerGateway({ store, rateLimits: noRateLimits })).pipe(
        Layer.provideMerge(store)
      )
    ),
    Effect.provide(Logger.remove(Logger.defaultLogger))
  )

const program = Effect.gen(function*() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-accounts-"))
  yield* Effect.addFinalizer(() => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true })))
  const sqlite = SqlStore.layerSqlite(path.join(dir, "jobfit.db"))
  yield* measure("SQLite", sqlite)
  if (yield* Effect.promise(() => TestDatabases.pgAvailable())) {
    const url = yield* TestDatabases.pgSchema("jobfit_accounts")
    yield* measure("PostgreSQL", SqlStore.layerPg(url))
  } else {
    console.log("PostgreSQL not reachable: skipped")
  }
})

void Effect.runPromise(Effect.scoped(program).pipe(Effect.provide(Logger.remove(Logger.defaultLogger))))
