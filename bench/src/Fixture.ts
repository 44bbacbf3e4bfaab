import { Seed } from "@jobfit/cli"
import {
  type Account,
  AccountStore,
  Admin,
  Gateway,
  JobStore,
  RateLimiter,
  type Scope,
  type Transactor
} from "@jobfit/core"
import { Server } from "@jobfit/host"
import { SqlStore } from "@jobfit/store-sql"
import { Context, Effect, Layer, Logger, Option } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

/** A temporary folder holding the SQLite file, removed with everything in it when the scope closes. */
export const tempDatabase = Effect.acquireRelease(
  Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-bench-"))),
  (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
).pipe(Effect.map((dir) => path.join(dir, "jobfit.db")))

/** Benchmarks measure throughput, so no request is ever refused for its rate. */
export const noRateLimits = RateLimiter.layerRateLimits({ perKey: Option.none(), analyze: Option.none() })

/**
 * The SQL store, except that a key's principal and a jobs page are read from SQLite once and then answered from
 * memory: the Gateway's own work (key check, scope, decoding, encoding) stays, the database round trips go.
 */
export const cachedStore = (database: string): Layer.Layer<SqlStore.Stores | SqlStore.DashboardStores, unknown> =>
  Layer.effectContext(Effect.gen(function*() {
    const context = yield* Effect.context<SqlStore.Stores | SqlStore.DashboardStores>()
    const accounts = Context.get(context, AccountStore.AccountStore)
    const jobs = Context.get(context, JobStore.JobStore)
    const principals = new Map<string, Account.KeyPrincipal>()
    const pages = new Map<string, JobStore.JobPage>()
    const pageKey = (userId: number, query: JobStore.ListQuery) =>
      JSON.stringify([userId, query.status, query.limit, Option.getOrNull(query.after)])
    return context.pipe(
      Context.add(AccountStore.AccountStore, {
        ...accounts,
        authenticate: (secret) => {
          const known = principals.get(secret)
          return known !== undefined
            ? Effect.succeed(known)
            : Effect.tap(accounts.authenticate(secret), (principal) => principals.set(secret, principal))
        }
      }),
      Context.add(JobStore.JobStore, {
        ...jobs,
        list: (userId, query) => {
          const known = pages.get(pageKey(userId, query))
          return known !== undefined
            ? Effect.succeed(known)
            : Effect.tap(jobs.list(userId, query), (page) => pages.set(pageKey(userId, query), page))
        }
      })
    )
  })).pipe(Layer.provide(SqlStore.layerSqlite(database)))

/** Where a benchmark server reads: the SQLite file each call, or that file once and memory after (`cachedStore`). */
export type StoreKind = "sqlite" | "cached"

export const storeLayer = (
  database: string,
  kind: StoreKind
): Layer.Layer<SqlStore.Stores | SqlStore.DashboardStores, unknown> =>
  kind === "cached" ? cachedStore(database) : SqlStore.layerSqlite(database)

/** The Gateway and the stores on one SQLite file, rate limits off, without log output. */
export const gatewayLayer = (
  database: string,
  kind: StoreKind = "sqlite"
): Layer.Layer<Gateway.Gateway | Admin.Admin | SqlStore.Stores, unknown> =>
  Admin.Admin.Default.pipe(
    Layer.provideMerge(Server.layerGateway({ store: storeLayer(database, kind), rateLimits: noRateLimits })),
    Layer.provide(Logger.remove(Logger.defaultLogger))
  )

export interface Setup {
  readonly scopes: ReadonlyArray<Scope.Scope>
  /** Synthetic analysed jobs stored through JobStore.saveAnalysis (what `jobfit jobs seed` does). */
  readonly jobs: number
  readonly cents: number
}

export interface Seeded {
  readonly email: string
  /** The API key's secret, for `Authorization: Bearer`. */
  readonly key: string
}

/** A user with one key, a profile, `cents` credits and `jobs` seeded jobs, through core's Admin and the JobStore. */
export const seedUser: (
  setup: Setup
) => Effect.Effect<Seeded, never, Admin.Admin | JobStore.JobStore | Transactor.Transactor> = Effect.fn(
  "Fixture.seedUser"
)(function*(setup: Setup) {
  const admin = yield* Admin.Admin
  const email = `bench-${Date.now().toString(36)}@example.com`
  const user = yield* admin.createUser({ email, name: "Bench User" })
  const { secret } = yield* admin.createKey({ email, scopes: setup.scopes, name: "bench" })
  yield* admin.setProfile(email, { basics: { name: "Bench User", email }, skills: [{ name: "TypeScript" }] })
  if (setup.cents > 0) yield* admin.addCredits(email, setup.cents)
  if (setup.jobs > 0) yield* Seed.seed(user.id, setup.jobs)
  return { email, key: secret } satisfies Seeded
}, Effect.orDie)

/** A Gateway caller with a Bearer key, as a transport would build it. */
export const callerOf = (key: string, client = "127.0.0.1"): Gateway.Caller => ({
  authorization: `Bearer ${key}`,
  client
})

/**
 * Seeds a user with `jobs` jobs and asks the Gateway, in this process, for the page of `get_saved_jobs {limit: 10}`
 * that every server's answer must then carry, byte for byte.
 */
export const expectedPage = (jobs: number) =>
  Effect.gen(function*() {
    const seeded = yield* seedUser({ scopes: ["jobs_read"], jobs, cents: 0 })
    const gateway = yield* Gateway.Gateway
    const { value } = yield* gateway.call({ ...callerOf(seeded.key), tool: "get_saved_jobs", arguments: { limit: 10 } })
      .pipe(Effect.orDie)
    const text = JSON.stringify(value)
    const page: unknown = JSON.parse(text)
    const ok = typeof page === "object" && page !== null && "jobs" in page && Array.isArray(page.jobs) &&
      page.jobs.length === 10 && "total" in page && page.total === jobs
    if (!ok) return yield* Effect.dieMessage(`unexpected seeded page: ${text.slice(0, 200)}`)
    return { key: seeded.key, text }
  })
