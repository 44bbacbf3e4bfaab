import * as SqlClient from "@effect/sql/SqlClient"
import { SqlStore } from "@jobfit/store-sql"
import { Effect, Layer } from "effect"
import { randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"

/** A temporary folder, removed with everything in it when the scope closes. */
export const tempDir = Effect.acquireRelease(
  Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-e2e-"))),
  (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
)

/** The stores on a fresh SQLite file, deleted after the suite. */
export const sqlite = Layer.unwrapScoped(
  Effect.map(tempDir, (dir) => SqlStore.layerSqlite(path.join(dir, "jobfit.db")))
)

const configuredPgUrl = process.env.JOBFIT_TEST_DATABASE_URL
export const pgUrl = configuredPgUrl ?? "postgres://postgres@127.0.0.1:5432/test"

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

/** PostgreSQL suites run whenever JOBFIT_TEST_DATABASE_URL is set (and fail without a server), else if one answers. */
export const pgEnabled: boolean = configuredPgUrl !== undefined || (await reachable(pgUrl))
if (!pgEnabled) {
  process.stderr.write(`PostgreSQL e2e suites skipped: nothing listens at ${pgUrl}; set JOBFIT_TEST_DATABASE_URL\n`)
}

/** The URL with every connection's search_path set to one schema (libpq's `options` parameter). */
const inSchema = (url: string, schema: string): string => {
  const parsed = new URL(url)
  parsed.searchParams.set("options", `-c search_path=${schema}`)
  return parsed.toString()
}

/** A fresh schema for the scope, dropped with everything in it afterwards; gives a URL pointing at it. */
const pgSchema = Effect.gen(function*() {
  const schema = `jobfit_e2e_${randomBytes(6).toString("hex")}`
  const context = yield* Layer.build(SqlStore.pgClient(pgUrl))
  const admin = SqlClient.SqlClient.pipe(Effect.provide(context))
  yield* Effect.flatMap(admin, (sql) => sql`CREATE SCHEMA ${sql(schema)}`)
  yield* Effect.addFinalizer(() =>
    Effect.orDie(Effect.flatMap(admin, (sql) => sql`DROP SCHEMA ${sql(schema)} CASCADE`))
  )
  return inSchema(pgUrl, schema)
})

/** The stores on PostgreSQL, in a schema of their own for the suite. */
export const postgres = Layer.unwrapScoped(Effect.map(pgSchema, (url) => SqlStore.layerPg(url)))

/** The databases a suite that "runs on both" runs on; PostgreSQL only when it is there. */
export const both = [
  { name: "SQLite", store: sqlite, enabled: true },
  { name: "PostgreSQL", store: postgres, enabled: pgEnabled }
] as const
