import { SqlClient } from "@effect/sql"
import { Admin, type Ids, Scope } from "@jobfit/core"
import { SqlStore } from "@jobfit/store-sql"
import { Effect, Layer } from "effect"
import { resume } from "./Fixtures.js"
import * as Process from "./Process.js"

/** A server process as `pnpm start` runs it, on `database`, allowed to fetch the fixture site on 127.0.0.2. */
export const startServer = (database: string, env: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const started = yield* Process.start({
      JOBFIT_PORT: "0",
      JOBFIT_DATABASE_URL: database,
      JOBFIT_FETCH_ALLOW: "127.0.0.2",
      JOBFIT_RATE_LIMIT: "0",
      JOBFIT_ANALYZE_RATE_LIMIT: "0",
      ...env
    })
    return { started, baseUrl: yield* Process.listening(started) }
  })

export type Running = Effect.Effect.Success<ReturnType<typeof startServer>>

/** Admin and SQL on the database the processes share, from this (the test's) process. */
const storeOf = (database: string) => Admin.Admin.Default.pipe(Layer.provideMerge(SqlStore.layerFromUrl(database)))

/** A user with a key of every scope, `cents` of credit and a profile, made on `database`. */
export const seed = (database: string, cents: number) =>
  Effect.gen(function*() {
    const admin = yield* Admin.Admin
    const email = `fleet-${Math.random().toString(36).slice(2)}@example.com`
    const user = yield* admin.createUser({ email })
    const { secret } = yield* admin.createKey({ email, scopes: Scope.all })
    if (cents > 0) yield* admin.addCredits(email, cents)
    yield* admin.setProfile(email, resume)
    return { userId: user.id, key: secret }
  }).pipe(Effect.orDie, Effect.provide(storeOf(database)))

/**
 * What the database holds of a user's money: the balance, its charges (each with its state and job) and jobs. Read
 * with SQL, so that a charge left pending shows.
 */
export const money = (database: string, userId: Ids.UserId) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const entries = yield* sql<{ kind: string; state: string | null; job_id: unknown; amount_cents: unknown }>`
      SELECT kind, state, job_id, amount_cents FROM ledger WHERE user_id = ${userId}`
    const jobs = yield* sql<{ id: unknown }>`SELECT id FROM jobs WHERE user_id = ${userId}`
    const charges = entries.filter((e) => e.kind === "charge")
    return {
      balance: entries.reduce((sum, e) => sum + Number(e.amount_cents), 0),
      charges: charges.length,
      settledWithJob: charges.filter((c) => c.state === "settled" && c.job_id !== null).length,
      pending: charges.filter((c) => c.state === "pending").length,
      refunds: entries.filter((e) => e.kind === "refund").length,
      jobs: jobs.length
    }
  }).pipe(Effect.orDie, Effect.provide(storeOf(database)))

export interface Answer {
  readonly status: number
  readonly text: string
}

/** A tool call over REST; a connection that failed (a process killed) is status 0. */
export const call = (
  baseUrl: string,
  key: string,
  name: string,
  args: object,
  headers: Record<string, string> = {}
): Effect.Effect<Answer> =>
  Effect.promise(() =>
    fetch(`${baseUrl}/api/mcp/tools/call`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...headers },
      body: JSON.stringify({ name, arguments: args })
    }).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      (error: unknown) => ({ status: 0, text: String(error) })
    )
  )

/** Ends a process the hard way, as a crash or the OOM killer would, and waits for it to be gone. */
export const kill9 = (running: Running) =>
  Effect.async<void>((resume) => {
    if (running.started.child.exitCode !== null || running.started.child.signalCode !== null) {
      return resume(Effect.void)
    }
    running.started.child.once("exit", () => resume(Effect.void))
    running.started.child.kill("SIGKILL")
  })
