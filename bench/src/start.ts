/**
 * `pnpm bench:start`: cold start to the first answer, compiled against tsx, for the HTTP server (GET /healthz) and
 * the stdio MCP server (the answer to `initialize`), with the floor of this machine: a bare `node -e` that answers
 * at once. Each is started 7 times; the median is printed. Uses a temporary SQLite file and 127.0.0.1 only.
 */
import { Admin } from "@jobfit/core"
import { SqlStore } from "@jobfit/store-sql"
import { Effect, Layer, Logger } from "effect"
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

const root = path.resolve(import.meta.dirname, "../..")
const ROUNDS = 7
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-start-"))
const database = path.join(folder, "bench.db")

const key = await Effect.runPromise(
  Effect.gen(function*() {
    const admin = yield* Admin.Admin
    yield* admin.createUser({ email: "start@example.com" })
    return (yield* admin.createKey({ email: "start@example.com", scopes: ["jobs_read"] })).secret
  }).pipe(
    Effect.provide(Admin.Admin.Default.pipe(Layer.provideMerge(SqlStore.layerFromUrl(database)))),
    Effect.provide(Logger.remove(Logger.defaultLogger)),
    Effect.orDie
  )
)

const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("JOBFIT_"))),
  JOBFIT_DATABASE_URL: database,
  JOBFIT_API_KEY: key,
  JOBFIT_PORT: "0",
  JOBFIT_LOG_FORMAT: "json"
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } }
}) + "\n"

/** Milliseconds from spawn to the first line on stdout that `ready` accepts; then the process is stopped. */
const once = (args: ReadonlyArray<string>, ready: (out: string) => Promise<boolean> | boolean, stdin?: string) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["pipe", "pipe", "ignore"] })
    if (stdin !== undefined) child.stdin.write(stdin)
    let out = ""
    child.stdout.on("data", async (chunk: Buffer) => {
      out += chunk.toString("utf8")
      if (await ready(out)) {
        const took = performance.now() - started
        child.stdout.removeAllListeners("data")
        child.once("exit", () => resolve(took))
        child.stdin.end()
        child.kill("SIGTERM")
      }
    })
    child.once("error", reject)
  })

// The HTTP server is ready when /healthz answers at the address it logged.
const healthy = async (out: string) => {
  const found = /Listening on (http:\/\/[\d.]+:\d+)/.exec(out)
  if (found === null) return false
  const response = await fetch(`${found[1]}/healthz`)
  return response.status === 200
}
const answered = (out: string) => out.includes("\"id\":1")

const median = async (
  args: ReadonlyArray<string>,
  ready: (out: string) => Promise<boolean> | boolean,
  stdin?: string
) => {
  await once(args, ready, stdin) // the first start builds the bundle (or warms tsx's cache); not counted
  const runs: Array<number> = []
  for (let i = 0; i < ROUNDS; i++) runs.push(await once(args, ready, stdin))
  runs.sort((a, b) => a - b)
  return runs[Math.floor(ROUNDS / 2)]!
}

const targets = [
  [
    "floor: node -e, answers at once",
    ["-e", "process.stdout.write('{\"id\":1}\\n'); setInterval(() => {}, 1000)"],
    answered,
    undefined
  ],
  ["server, compiled (pnpm start)", ["apps/server/scripts/start.mjs"], healthy, undefined],
  ["server, tsx (pnpm dev)", ["--import", "tsx", "apps/server/src/main.ts"], healthy, undefined],
  ["stdio MCP, compiled", ["apps/stdio/scripts/start.mjs"], answered, initialize],
  ["stdio MCP, tsx", ["--import", "tsx", "apps/stdio/src/main.ts"], answered, initialize]
] as const

const rows: Array<[string, number]> = []
for (const [name, args, ready, stdin] of targets) rows.push([name, await median(args, ready, stdin)])
const floor = rows[0]![1]
console.log(`cold start to the first answer, median of ${ROUNDS} (the first start, which builds, not counted)`)
for (const [name, ms] of rows) {
  console.log(`${name.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms   ${(ms / floor).toFixed(1).padStart(5)}x the floor`)
}
fs.rmSync(folder, { recursive: true, force: true })
