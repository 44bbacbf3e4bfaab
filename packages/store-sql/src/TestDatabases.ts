import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import * as SqlStore from "./SqlStore.js"

/**
 * Databases for test suites, ours and those of anyone running the store contract: a SQLite file in a temporary
 * folder, or a PostgreSQL schema of the suite's own, dropped afterwards, so parallel runs never meet.
 */

/** JOBFIT_TEST_DATABASE_URL, or the local default. */
// Test support runs before any Effect does, so it reads the variable directly.
export const pgUrl: string = process.env.JOBFIT_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"

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

/**
 * Whether PostgreSQL suites should run: always when JOBFIT_TEST_DATABASE_URL is set (CI, where they then fail
 * without a server), otherwise when the default server answers; says so on stderr when they will not.
 */
export const pgAvailable = async (): Promise<boolean> => {
  const available = process.env.JOBFIT_TEST_DATABASE_URL !== undefined || (await reachable(pgUrl))
  if (!available) {
    process.stderr.write(`PostgreSQL suites skipped: nothing listens at ${pgUrl}; set JOBFIT_TEST_DATABASE_URL\n`)
  }
  return available
}

/** A temporary folder, removed with everything in it when the scope closes. */
export const tempDir = Effect.acquireRelease(
  Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-test-"))),
  (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
)

/** The URL with every connection's search_path set to one schema (libpq's `options` parameter). */
export const inSchema = (url: string, schema: string): string => {
  const parsed = new URL(url)
  parsed.searchParams.set("options", `-c search_path=${schema}`)
  return parsed.toString()
}

/** A fresh schema for the scope, dropped with everything in it afterwards; gives a URL pointing at it. */
export const pgSchema = (prefix = "jobfit_test") =>
  Effect.gen(function*() {
    const schema = `${prefix}_${randomBytes(6).toString("hex")}`
    // Built in the caller's scope, so that the pool outlives the DROP below.
    const sql = Context.get(yield* Layer.build(SqlStore.pgClient(pgUrl)), SqlClient.SqlClient)
    yield* sql`CREATE SCHEMA ${sql(schema)}`
    yield* Effect.addFinalizer(() => Effect.orDie(sql`DROP SCHEMA ${sql(schema)} CASCADE`))
    return inSchema(pgUrl, schema)
  })

/** The stores on a fresh SQLite file (in a folder the store has to create), deleted afterwards. */
export const sqlite: Layer.Layer<
  SqlStore.Stores | SqlStore.DashboardStores | SqlClient.SqlClient,
  SqlStore.StoreError
> = Layer.unwrapScoped(
  Effect.map(tempDir, (dir) => SqlStore.layerSqlite(path.join(dir, "nested", "jobfit.db")))
)

/** The stores on PostgreSQL, in a schema of their own. */
export const postgres: Layer.Layer<
  SqlStore.Stores | SqlStore.DashboardStores | SqlClient.SqlClient,
  SqlStore.StoreError
> = Layer.unwrapScoped(
  Effect.map(pgSchema(), (url) => SqlStore.layerPg(url))
)
