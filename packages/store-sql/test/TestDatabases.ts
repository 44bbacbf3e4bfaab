import * as Reactivity from "@effect/experimental/Reactivity"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { SqlStore } from "../src/index.js"

/** A temporary folder, removed with everything in it when the scope closes. */
export const tempDir = Effect.acquireRelease(
  Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-store-"))),
  (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
)

/** The stores on a fresh SQLite file (in a folder the store has to create), deleted after the suite. */
export const SqliteTest = Layer.unwrapScoped(
  Effect.map(tempDir, (dir) => SqlStore.layerSqlite(path.join(dir, "nested", "jobfit.db")))
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

/**
 * Whether the PostgreSQL suites run: always when JOBFIT_TEST_DATABASE_URL is set (CI; they fail without a
 * server), otherwise only when the default local server answers.
 */
export const pgEnabled: boolean = configuredPgUrl !== undefined || (await reachable(pgUrl))
if (!pgEnabled) {
  process.stderr.write(`PostgreSQL suites skipped: nothing listens at ${pgUrl}; set JOBFIT_TEST_DATABASE_URL\n`)
}

/** The URL with every connection's search_path set to one schema (libpq's `options` parameter). */
export const inSchema = (url: string, schema: string): string => {
  const parsed = new URL(url)
  parsed.searchParams.set("options", `-c search_path=${schema}`)
  return parsed.toString()
}

/** A fresh schema for the scope, dropped with everything in it afterwards; returns a URL pointing at it. */
export const pgSchema = Effect.gen(function*() {
  const schema = `jobfit_test_${randomBytes(6).toString("hex")}`
  const admin = yield* PgClient.make({ url: Redacted.make(pgUrl) })
  yield* admin`CREATE SCHEMA ${admin(schema)}`
  yield* Effect.addFinalizer(() => Effect.orDie(admin`DROP SCHEMA ${admin(schema)} CASCADE`))
  return inSchema(pgUrl, schema)
}).pipe(Effect.provide(Reactivity.layer))

/** The stores on PostgreSQL, in a schema of their own for the suite. */
export const PgTest = Layer.unwrapScoped(Effect.map(pgSchema, (url) => SqlStore.layerPg(url)))
