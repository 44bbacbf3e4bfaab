import { assert, describe, it, layer } from "@effect/vitest"
import { Errors, Tools } from "@jobfit/core"
import { Arbitrary, Effect, FastCheck as fc, Schema } from "effect"
import { spawn } from "node:child_process"
import * as path from "node:path"
import { sqlite, tempDir } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as Fleet from "./support/Fleet.js"
import { root } from "./support/Process.js"
import * as TestServer from "./support/TestServer.js"

/**
 * Property tests over every tool's arguments on every transport: arguments the contract accepts (from the tools'
 * own Schemas), the same with one field replaced by any JSON, and any JSON at all, under a tool's name or an unknown
 * one. Whatever comes in, the answer is the contract's: a result, or an error of the catalogue in its shape (REST
 * `{detail: {code, message}}` with the code's status; JSON-RPC a tool result or an error code), never a 5xx, never
 * INTERNAL_ERROR or -32603, within 5 s.
 */

const RUNS = 60
const LIMIT_MS = 5_000

const names = Object.keys(Tools.tools) as ReadonlyArray<Tools.ToolName>

const validArgs = (name: Tools.ToolName): fc.Arbitrary<unknown> => {
  const schema = Tools.tools[name].args as unknown as Schema.Schema<unknown, unknown>
  return Arbitrary.make(schema).map((value) => Schema.encodeSync(schema)(value))
}

// A field of valid arguments replaced by any JSON value (or a field added).
const mutated = (name: Tools.ToolName) =>
  fc.tuple(validArgs(name), fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 4 })).map(([args, key, value]) => {
    const object = typeof args === "object" && args !== null ? { ...args } as Record<string, unknown> : {}
    const keys = Object.keys(object)
    object[keys.length > 0 && key.length % 2 === 0 ? keys[key.length % keys.length]! : key] = value
    return object
  })

const argsOf = (name: Tools.ToolName) =>
  fc.oneof(validArgs(name), mutated(name), fc.jsonValue({ maxDepth: 5 }), fc.constant(undefined))

/** A call: a tool's name (or, now and then, one that is no tool) with arguments of any of the kinds above. */
const calls: fc.Arbitrary<{ readonly name: string; readonly args: unknown }> = fc.oneof(
  ...names.map((name) => argsOf(name).map((args) => ({ name, args }))),
  fc.tuple(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 3 })).map(([name, args]) => ({ name, args }))
)

const codes = new Map(Object.values(Errors.catalogue).map((entry) => [entry.code, entry.status]))
// Routing codes the catalogue does not hold; none can answer a tool call, but the shape holds for them too.
const restCodes = new Map([...codes, ["NOT_FOUND", 404], ["METHOD_NOT_ALLOWED", 405]])

const assertRest = (call: unknown, reply: Answer, ms: number) => {
  const what = `${JSON.stringify(call).slice(0, 300)} -> ${reply.status} ${reply.text.slice(0, 300)}`
  assert.isBelow(ms, LIMIT_MS, what)
  if (reply.status === 200) return
  const detail = (reply.body as { detail?: { code?: unknown; message?: unknown } } | undefined)?.detail
  assert.isString(detail?.code, what)
  assert.isString(detail?.message, what)
  assert.strictEqual(restCodes.get(detail!.code as string), reply.status, what)
  assert.notStrictEqual(detail!.code, "INTERNAL_ERROR", what)
}

const rpcCodes = new Set([-32700, -32600, -32601, -32602, -32001, -32002, -32003, -32004])

/** One JSON-RPC answer to a tools/call: a tool result (maybe isError, with the code in its text), or an error. */
const assertRpc = (answer: unknown, what: string) => {
  const response = answer as { jsonrpc?: unknown; result?: { content?: unknown; isError?: unknown }; error?: unknown }
  assert.strictEqual(response.jsonrpc, "2.0", what)
  if (response.error !== undefined) {
    const error = response.error as { code?: unknown; message?: unknown }
    assert.isTrue(rpcCodes.has(error.code as number), `${what}: code ${String(error.code)} is not the contract's`)
    assert.isString(error.message, what)
    return
  }
  assert.isArray(response.result?.content, what)
  if (response.result?.isError === true) assert.notInclude(JSON.stringify(response.result), "INTERNAL_ERROR", what)
}

/** A JSON-RPC tools/call message for `call` (arguments left out when undefined). */
const message = (id: number, call: { readonly name: string; readonly args: unknown }) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: call.args === undefined ? { name: call.name } : { name: call.name, arguments: call.args }
})

interface Answer {
  readonly status: number
  readonly text: string
  readonly body: unknown
}

const post = async (url: string, key: string, body: unknown, headers: Record<string, string> = {}) => {
  const started = Date.now()
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...headers },
    body: JSON.stringify(body)
  })
  const text = await response.text()
  const parsed: unknown = (response.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : undefined
  return { answer: { status: response.status, text, body: parsed } satisfies Answer, ms: Date.now() - started }
}

describe("any arguments to any tool", () => {
  layer(TestServer.layer({ store: sqlite }), { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.effect("REST: a result or a catalogue error in the contract's shape and status, never a 5xx", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ cents: 1_000_000 })
        const { baseUrl } = yield* TestServer.TestServer
        const seen = new Map<number, number>()
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(calls, async (call) => {
              const body = call.args === undefined ? { name: call.name } : { name: call.name, arguments: call.args }
              const { answer, ms } = await post(`${baseUrl}/api/mcp/tools/call`, key, body)
              assertRest(call, answer, ms)
              seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1)
            }),
            { numRuns: RUNS * names.length }
          )
        )
        // The mix reaches the tools' work as well as their refusals.
        assert.isAbove(seen.get(200) ?? 0, RUNS, JSON.stringify([...seen]))
        assert.isAbove(seen.get(400) ?? 0, RUNS, JSON.stringify([...seen]))
      }))

    it.effect("MCP over HTTP: a tool result or a JSON-RPC error of the contract, never -32603, always HTTP 200", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ cents: 1_000_000 })
        const { baseUrl } = yield* TestServer.TestServer
        let id = 0
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(calls, async (call) => {
              const { answer, ms } = await post(`${baseUrl}/api/mcp`, key, message(++id, call), {
                accept: "application/json, text/event-stream"
              })
              const what = `${JSON.stringify(call).slice(0, 300)} -> ${answer.status} ${answer.text.slice(0, 300)}`
              assert.isBelow(ms, LIMIT_MS, what)
              assert.strictEqual(answer.status, 200, what)
              assertRpc(answer.body, what)
            }),
            { numRuns: RUNS * names.length }
          )
        )
      }))
  })
})

/** Runs `jobfit mcp` (stdio) with `lines` on stdin, then closes stdin and waits for the exit. */
const stdio = (env: Record<string, string>, lines: ReadonlyArray<unknown>) =>
  Effect.async<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }>((resume) => {
    const child = spawn(process.execPath, [path.join(root, "apps/stdio/scripts/start.mjs")], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("close", (code) => resume(Effect.succeed({ code, stdout, stderr })))
    for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`)
    child.stdin.end()
  })

describe("any arguments to any tool over stdio", () => {
  it.live(
    "one contract answer per call on stdout, nothing else, and a clean exit",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const database = path.join(yield* tempDir, "jobfit.db")
        const { key } = yield* Fleet.seed(database, 1_000_000)
        const samples = fc.sample(calls, RUNS * names.length)
        const run = yield* stdio(
          { JOBFIT_DATABASE_URL: database, JOBFIT_API_KEY: key },
          samples.map((call, i) => message(i + 1, call))
        )
        const answers = new Map<number, unknown>()
        for (const line of run.stdout.split("\n").filter((l) => l !== "")) {
          const parsed = JSON.parse(line) as { id?: unknown }
          assert.isNumber(parsed.id, line.slice(0, 300))
          answers.set(parsed.id as number, parsed)
        }
        samples.forEach((call, i) => {
          const answer = answers.get(i + 1)
          const what = `${JSON.stringify(call).slice(0, 300)} -> ${JSON.stringify(answer)?.slice(0, 300)}`
          assert.isDefined(answer, what)
          assertRpc(answer, what)
        })
        assert.strictEqual(answers.size, samples.length)
        assert.strictEqual(run.code, 0, run.stderr.slice(0, 500))
      })),
    { timeout: 120_000 }
  )
})
