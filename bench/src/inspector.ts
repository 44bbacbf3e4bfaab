import { HttpServer } from "@effect/platform"
import { NodeRuntime } from "@effect/platform-node"
import { Admin } from "@jobfit/core"
import { Server } from "@jobfit/host"
import { SqlStore } from "@jobfit/store-sql"
import { Console, Data, Effect, Layer, Logger } from "effect"
import { execFile } from "node:child_process"
import * as path from "node:path"
import { root } from "./Child.js"
import * as Fixture from "./Fixture.js"

/**
 * Runs the official MCP Inspector's CLI against jobfit: over streamable HTTP (our server in this process, on a temp
 * SQLite file, 127.0.0.1) and over stdio (`pnpm --silent jobfit mcp` on the same file). Each run must list our
 * tools and report the seeded balance; any mismatch exits 1.
 */

const tools = [
  "analyze_job",
  "generate_cv",
  "get_credits",
  "get_job",
  "get_profile",
  "get_saved_jobs",
  "update_job_status",
  "update_profile"
]
const CENTS = 250

class Mismatch extends Data.TaggedError("Mismatch")<{ readonly message: string }> {}

/** The Inspector's launcher, as installed in bench/ (never a download). */
const bin = path.join(root, "bench", "node_modules", ".bin", "mcp-inspector")

/**
 * `mcp-inspector --cli ...` (what `npx @modelcontextprotocol/inspector --cli ...` runs), from `cwd`. Inspector
 * 1.0.3 tests `../package.json` against the working directory but imports it relative to its own file, so from
 * bench/ (whose parent has a package.json) it fails with "Cannot find module .../cli/package.json"; it is run from
 * the temporary folder instead, whose parent has none.
 */
const inspector = (cwd: string, args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  Effect.async<{ readonly code: number; readonly stdout: string; readonly stderr: string }>((resume) => {
    const child = execFile(
      bin,
      ["--cli", ...args],
      { cwd, env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 10_000_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1
        resume(Effect.succeed({ code, stdout, stderr }))
      }
    )
    return Effect.sync(() => child.kill())
  })

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The tool names a tools/list answer holds. */
const toolNames = (output: unknown): ReadonlyArray<string> =>
  isRecord(output) && Array.isArray(output.tools)
    ? output.tools.flatMap((tool) => (isRecord(tool) && typeof tool.name === "string" ? [tool.name] : []))
    : []

/** The balance a get_credits answer holds, from its structured content or else its text. */
const balanceOf = (output: unknown): unknown => {
  if (!isRecord(output)) return undefined
  const structured = output.structuredContent
  if (isRecord(structured) && isRecord(structured.credits)) return structured.credits.balance_cents
  const first = Array.isArray(output.content) ? output.content[0] : undefined
  const text = isRecord(first) && typeof first.text === "string" ? parse(first.text) : undefined
  return isRecord(text) && isRecord(text.credits) ? text.credits.balance_cents : undefined
}

/** Runs tools/list and tools/call get_credits over one transport and checks both answers. */
const check = (cwd: string, name: string, target: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const list = yield* inspector(cwd, [...target, "--method", "tools/list"], env)
    const names = toolNames(parse(list.stdout))
    const missing = tools.filter((tool) => !names.includes(tool))
    if (list.code !== 0 || missing.length > 0) {
      return yield* new Mismatch({
        message: `${name} tools/list: exit ${list.code}, missing ${missing.join(", ") || "none"}\n` +
          `${list.stdout.slice(0, 1000)}\n${list.stderr.slice(-2000)}`
      })
    }
    yield* Console.log(`${name} tools/list: ${names.length} tools (${names.join(", ")})`)
    const call = yield* inspector(cwd, [...target, "--method", "tools/call", "--tool-name", "get_credits"], env)
    const balance = balanceOf(parse(call.stdout))
    if (call.code !== 0 || balance !== CENTS) {
      return yield* new Mismatch({
        message: `${name} tools/call get_credits: exit ${call.code}, balance ${String(balance)}, want ${CENTS}\n` +
          `${call.stdout.slice(0, 1000)}\n${call.stderr.slice(-2000)}`
      })
    }
    yield* Console.log(`${name} tools/call get_credits: balance_cents ${balance}`)
  })

const program = Effect.gen(function*() {
  const database = yield* Fixture.tempDatabase
  const served = Admin.Admin.Default.pipe(
    Layer.provideMerge(Server.layer({
      store: SqlStore.layerSqlite(database),
      rateLimits: Fixture.noRateLimits,
      listen: { host: "127.0.0.1", port: 0 }
    })),
    Layer.provide(Logger.remove(Logger.defaultLogger))
  )
  yield* Effect.gen(function*() {
    const { key } = yield* Fixture.seedUser({ scopes: ["jobs_read", "credits_read"], jobs: 3, cents: CENTS })
    const { address } = yield* HttpServer.HttpServer
    if (address._tag !== "TcpAddress") return yield* Effect.dieMessage("expected a TCP address")
    const url = `http://127.0.0.1:${address.port}/api/mcp`
    yield* Console.log(`jobfit at ${url}, database ${database}`)
    const cwd = path.dirname(database)
    yield* check(cwd, "http", [url, "--transport", "http", "--header", `Authorization: Bearer ${key}`])
    // The stdio server inherits the Inspector's environment, so the key never appears on a command line.
    yield* check(cwd, "stdio", ["pnpm", "-C", root, "--silent", "jobfit", "mcp"], {
      JOBFIT_API_KEY: key,
      JOBFIT_DATABASE_URL: database
    })
  }).pipe(
    Effect.tapErrorTag("Mismatch", (error) => Console.error(`inspector: ${error.message}`)),
    Effect.provide(served)
  )
  yield* Console.log("inspector: OK")
})

program.pipe(
  Effect.scoped,
  NodeRuntime.runMain({ disablePrettyLogger: true, disableErrorReporting: true })
)
