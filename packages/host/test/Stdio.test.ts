import { NodeContext } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Admin } from "@jobfit/core"
import { SqlStore } from "@jobfit/store-sql"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { LoggingMessageNotificationSchema, McpError } from "@modelcontextprotocol/sdk/types.js"
import { Effect, Layer } from "effect"
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

const root = path.resolve(import.meta.dirname, "../../..")
// As a user's MCP client starts it: the compiled bundle, built first when the sources changed.
const node = process.execPath
const main = path.join(root, "apps/stdio/scripts/start.mjs")

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs the stdio server with `lines` on stdin, then closes stdin and waits for the exit. */
const runStdio = (env: Record<string, string>, lines: ReadonlyArray<unknown>) =>
  Effect.async<Run>((resume) => {
    const child = spawn(node, [main], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("close", (code) => resume(Effect.succeed({ code, stdout, stderr })))
    for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`)
    child.stdin.end()
  })

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-stdio-"))
const database = path.join(dir, "jobfit.db")
// Admin on the database the stdio server opens: users and keys made here are the ones it sees.
const adminOnDatabase = Admin.Admin.Default.pipe(
  Layer.provide(SqlStore.layerSqlite(database)),
  Layer.orDie,
  Layer.merge(NodeContext.layer)
)

describe("jobfit mcp (stdio)", () => {
  it.effect("answers on stdout with nothing but JSON-RPC and exits when stdin closes", () =>
    Effect.gen(function*() {
      const admin = yield* Admin.Admin
      yield* admin.createUser({ email: "stdio@example.com" })
      const { secret } = yield* admin.createKey({ email: "stdio@example.com", scopes: ["credits_read"] })
      yield* admin.addCredits("stdio@example.com", 123)
      const env = {
        JOBFIT_DATABASE_URL: database,
        JOBFIT_API_KEY: secret,
        JOBFIT_DASHBOARD_URL: "https://jobfit.example/dash"
      }
      const run = yield* runStdio(env, [
        {
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } }
        },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_credits", arguments: {} } },
        { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "get_saved_jobs", arguments: {} } }
      ])
      assert.strictEqual(run.code, 0, run.stderr)
      const replies = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>)
      assert.deepStrictEqual(replies.map((r) => r.id).sort(), [1, 2, 3])
      const init = replies.find((r) => r.id === 1)!.result as Record<string, unknown>
      assert.deepInclude(init, {
        protocolVersion: "2025-06-18",
        capabilities: {
          tools: { listChanged: false },
          resources: { listChanged: false, subscribe: false },
          prompts: { listChanged: false },
          completions: {},
          logging: {}
        },
        serverInfo: { name: "jobfit", title: "jobfit", version: "0.1.0" }
      })
      assert.deepInclude(replies.find((r) => r.id === 2), {
        result: {
          content: [{ type: "text", text: "{\"credits\":{\"balance_dollars\":\"1.23\",\"balance_cents\":123}}" }],
          structuredContent: { credits: { balance_dollars: "1.23", balance_cents: 123 } },
          isError: false
        }
      })
      assert.deepInclude(replies.find((r) => r.id === 3), {
        error: {
          code: -32004,
          message: "This API key lacks the scope jobs_read; edit the key or create one with that scope",
          data: {
            code: "SCOPE_NOT_ALLOWED",
            required_scope: "jobs_read",
            dashboard_url: "https://jobfit.example/dash/keys"
          }
        }
      })
    }).pipe(Effect.provide(adminOnDatabase)), { timeout: 60_000 })

  it.effect("a replayed idempotency key answers only a key that holds the tool's scope", () =>
    Effect.gen(function*() {
      const admin = yield* Admin.Admin
      yield* admin.createUser({ email: "replay@example.com" })
      yield* admin.setProfile("replay@example.com", { basics: { name: "Grace Hopper" } })
      const wide = yield* admin.createKey({ email: "replay@example.com", scopes: ["profile_read"] })
      const narrow = yield* admin.createKey({ email: "replay@example.com", scopes: ["credits_read"] })
      const call = {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "get_profile", arguments: {}, _meta: { "jobfit/idempotency_key": "profile-1" } }
      }
      const replyOf = (secret: string) =>
        Effect.map(
          runStdio({ JOBFIT_DATABASE_URL: database, JOBFIT_API_KEY: secret }, [call]),
          (run) => JSON.parse(run.stdout.trim()) as Record<string, unknown>
        )
      const first = yield* replyOf(wide.secret)
      assert.include(JSON.stringify(first.result), "Grace Hopper")
      const replay = yield* replyOf(narrow.secret)
      const error = replay.error as { code: number; message: string; data: Record<string, unknown> }
      assert.deepStrictEqual(
        [error.code, error.message, error.data.code, error.data.required_scope],
        [
          -32004,
          "This API key lacks the scope profile_read; edit the key or create one with that scope",
          "SCOPE_NOT_ALLOWED",
          "profile_read"
        ]
      )
      assert.notInclude(JSON.stringify(replay), "Grace Hopper")
    }).pipe(Effect.provide(adminOnDatabase)), { timeout: 60_000 })

  it.effect("refuses to start without JOBFIT_API_KEY, with one line on stderr", () =>
    Effect.gen(function*() {
      const env = { JOBFIT_DATABASE_URL: database, JOBFIT_API_KEY: "" }
      const run = yield* runStdio(env, [])
      assert.strictEqual(run.code, 1)
      assert.strictEqual(run.stdout, "")
      assert.match(run.stderr.trim(), /^jobfit mcp: .*JOBFIT_API_KEY/)
      assert.strictEqual(run.stderr.trim().split("\n").length, 1)
    }), { timeout: 60_000 })
})

describe("jobfit mcp with the official SDK client", () => {
  it.effect("connects over stdio, lists the tools and calls them", () =>
    Effect.gen(function*() {
      const admin = yield* Admin.Admin
      yield* admin.createUser({ email: "sdk@example.com" })
      const { secret } = yield* admin.createKey({ email: "sdk@example.com", scopes: ["credits_read", "jobs_read"] })
      const client = new Client({ name: "jobfit-test", version: "1.0.0" })
      const transport = new StdioClientTransport({
        command: node,
        args: [main],
        env: { ...stringEnv(), JOBFIT_DATABASE_URL: database, JOBFIT_API_KEY: secret },
        stderr: "pipe"
      })
      yield* Effect.acquireRelease(Effect.promise(() => client.connect(transport)), () =>
        Effect.promise(() => client.close()))
      assert.strictEqual(client.getServerVersion()?.name, "jobfit")
      const { tools } = yield* Effect.promise(() =>
        client.listTools()
      )
      assert.strictEqual(tools.length, 10)
      const credits = yield* Effect.promise(() => client.callTool({ name: "get_credits", arguments: {} }))
      assert.deepStrictEqual(credits.structuredContent, { credits: { balance_dollars: "0.00", balance_cents: 0 } })
      const jobs = yield* Effect.promise(() => client.callTool({ name: "get_saved_jobs", arguments: { limit: 5 } }))
      assert.deepStrictEqual(jobs.structuredContent, { jobs: [], total: 0, has_more: false, next_cursor: null })
      const refused = yield* Effect.flip(
        Effect.tryPromise(() => client.callTool({ name: "get_profile", arguments: {} }))
      )
      assert.instanceOf(refused.error, McpError)
      if (refused.error instanceof McpError) assert.strictEqual(refused.error.code, -32004)
    }).pipe(
      Effect.scoped,
      Effect.provide(Admin.Admin.Default.pipe(Layer.provide(SqlStore.layerSqlite(database)), Layer.orDie))
    ), { timeout: 60_000 })

  it.effect("reads resources and sends log messages over stdio at the level asked for", () =>
    Effect.gen(function*() {
      const admin = yield* Admin.Admin
      yield* admin.createUser({ email: "stdio-log@example.com" })
      yield* admin.setProfile("stdio-log@example.com", { basics: { name: "Lin" } })
      yield* admin.addCredits("stdio-log@example.com", 5)
      const { secret } = yield* admin.createKey({
        email: "stdio-log@example.com",
        scopes: ["jobs_analyze", "profile_read", "credits_read"]
      })
      const client = new Client({ name: "jobfit-test", version: "1.0.0" })
      const messages: Array<{ level: string; message: unknown }> = []
      client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
        messages.push({ level: note.params.level, message: (note.params.data as { message: unknown }).message })
      })
      const transport = new StdioClientTransport({
        command: node,
        args: [main],
        env: {
          ...stringEnv(),
          JOBFIT_DATABASE_URL: database,
          JOBFIT_API_KEY: secret,
          JOBFIT_FETCH_ALLOW: "127.0.0.2"
        },
        stderr: "pipe"
      })
      yield* Effect.acquireRelease(Effect.promise(() => client.connect(transport)), () =>
        Effect.promise(() => client.close()))
      const profile = yield* Effect.promise(() =>
        client.readResource({ uri: "jobfit://profile" })
      )
      assert.deepStrictEqual(JSON.parse((profile.contents[0] as { text: string }).text), {
        resume: { basics: { name: "Lin" } },
        preferences: {}
      })
      yield* Effect.promise(() => client.setLoggingLevel("info"))
      // A loopback port nobody listens on (allowed for this test): the fetch fails, nothing is charged, and the
      // log says why.
      const failed = yield* Effect.promise(() =>
        client.callTool({ name: "analyze_job", arguments: { job_url: "http://127.0.0.2:9/posting" } })
      )
      assert.isTrue(failed.isError)
      assert.deepStrictEqual(messages.map((m) => m.level), ["info", "warning"])
      assert.strictEqual(messages[0]!.message, "Fetching http://127.0.0.2:9/posting")
      assert.match(String(messages[1]!.message), /^The posting could not be read: /)
      const credits = yield* Effect.promise(() => client.callTool({ name: "get_credits", arguments: {} }))
      assert.deepStrictEqual(credits.structuredContent, { credits: { balance_dollars: "0.05", balance_cents: 5 } })
    }).pipe(
      Effect.scoped,
      Effect.provide(Admin.Admin.Default.pipe(Layer.provide(SqlStore.layerSqlite(database)), Layer.orDie))
    ), { timeout: 60_000 })
})

const stringEnv = (): Record<string, string> =>
  Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined))
