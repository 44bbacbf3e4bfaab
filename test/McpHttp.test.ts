import { assert, describe, layer } from "@effect/vitest"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { McpError } from "@modelcontextprotocol/sdk/types.js"
import { Effect, Option } from "effect"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const { mcp, rpc } = Client

describe("MCP over streamable HTTP at /api/mcp", () => {
  layer(TestServer.layer({ store: sqlite }), {
    excludeTestServices: true,
    timeout: "60 seconds"
  })((it) => {
    it.effect("answers JSON-RPC with JSON, notifications with 202, and malformed input with its code", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ scopes: ["jobs_read"] })
        const ping = yield* mcp(key, rpc(1, "ping"))
        assert.strictEqual(ping.status, 200)
        assert.strictEqual(ping.headers.get("content-type"), "application/json")
        assert.deepStrictEqual(ping.body, { jsonrpc: "2.0", id: 1, result: {} })
        const note = yield* mcp(key, { jsonrpc: "2.0", method: "notifications/initialized" })
        assert.deepStrictEqual([note.status, note.text], [202, ""])
        const garbage = yield* mcp(key, "{nope")
        assert.deepStrictEqual([garbage.status, garbage.body], [200, {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32700, message: "Parse error: the body is not valid JSON" }
        }])
        assert.deepInclude((yield* mcp(key, { jsonrpc: "1.0", id: 5, method: "ping" })).body, {
          id: 5,
          error: { code: -32600, message: "Invalid request: jsonrpc must be \"2.0\"" }
        })
        assert.deepInclude((yield* mcp(key, rpc(6, "resources/subscribe", { uri: "jobfit://profile" }))).body, {
          error: { code: -32601, message: "Method not found: resources/subscribe" }
        })
        const params = yield* mcp(key, rpc(7, "tools/call", { name: "get_saved_jobs", arguments: { limit: 0 } }))
        assert.deepInclude(params.body, { id: 7 })
        assert.strictEqual((params.body as { error: { code: number } }).error.code, -32602)
        const job = yield* mcp(key, rpc(8, "tools/call", { name: "get_job", arguments: { job_id: 999 } }))
        assert.deepStrictEqual(job.body, {
          jsonrpc: "2.0",
          id: 8,
          result: { content: [{ type: "text", text: "JOB_NOT_FOUND: Job 999 not found" }], isError: true }
        })
      }))

    it.effect("refuses bad keys with 401, foreign origins with 403, unknown versions with 400", () =>
      Effect.gen(function*() {
        const refused = yield* mcp(undefined, rpc(1, "ping"))
        assert.strictEqual(refused.status, 401)
        // The server has OAuth, so the challenge names its protected-resource metadata (RFC 9728).
        assert.strictEqual(
          refused.headers.get("www-authenticate"),
          `Bearer resource_metadata="http://jobfit.test/.well-known/oauth-protected-resource/api/mcp"`
        )
        assert.deepStrictEqual(refused.body, {
          jsonrpc: "2.0",
          id: 1,
          error: {
            code: -32001,
            message: "Missing Authorization header; send Authorization: Bearer <API_KEY>",
            data: { code: "INVALID_API_KEY" }
          }
        })
        const { key } = yield* Fixtures.user({ scopes: ["jobs_read"] })
        const foreign = yield* mcp(key, rpc(2, "ping"), { origin: "https://evil.example" })
        assert.strictEqual(foreign.status, 403)
        assert.deepInclude(foreign.body, { id: null })
        const version = yield* mcp(key, rpc(3, "ping"), { "mcp-protocol-version": "1999-01-01" })
        assert.strictEqual(version.status, 400)
        assert.strictEqual((yield* mcp(key, rpc(4, "ping"), { "mcp-protocol-version": "2025-06-18" })).status, 200)
        const get = yield* Client.request("/api/mcp", { headers: { authorization: `Bearer ${key}` } })
        assert.deepStrictEqual([get.status, get.headers.get("allow")], [405, "POST"])
      }))

    it.effect("the official SDK client calls every tool, and runs out of credits with -32003", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ cents: 25, profile: false })
        const { baseUrl } = yield* TestServer.TestServer
        const client = new McpClient({ name: "jobfit-e2e", version: "1.0.0" })
        const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${key}` } }
        })
        yield* Effect.acquireRelease(
          Effect.promise(() => client.connect(transport)),
          () => Effect.promise(() => client.close())
        )
        const call = (name: string, args: Record<string, unknown>) =>
          Effect.promise(() => client.callTool({ name, arguments: args }))
        const resume = { basics: { name: "Grace Hopper" }, skills: [{ name: "COBOL" }] }
        const written = yield* call("update_profile", { resume, preferences: { remote: "remote" } })
        assert.deepStrictEqual(written.structuredContent, { resume, preferences: { remote: "remote" } })
        assert.deepStrictEqual((yield* call("get_profile", {})).structuredContent, written.structuredContent)
        const analysis = yield* call("analyze_job", { job_url: "https://jobs.example.com/every-tool" })
        const jobId = (analysis.structuredContent as { job_id: number }).job_id
        assert.deepInclude((yield* call("get_job", { job_id: jobId })).structuredContent, { id: jobId })
        assert.deepInclude((yield* call("update_job_status", { job_id: jobId, status: "saved" })).structuredContent, {
          id: jobId,
          status: "saved"
        })
        assert.deepInclude((yield* call("get_saved_jobs", { status: "saved" })).structuredContent, { total: 1 })
        assert.deepInclude((yield* call("generate_cv", { job_id: jobId })).structuredContent, { cost_cents: 10 })
        assert.deepStrictEqual((yield* call("get_credits", {})).structuredContent, {
          credits: { balance_dollars: "0.10", balance_cents: 10 }
        })
        yield* call("generate_cv", { job_id: jobId, format: "json" })
        const broke = yield* Effect.flip(
          Effect.tryPromise(() => client.callTool({ name: "generate_cv", arguments: { job_id: jobId } }))
        )
        assert.instanceOf(broke.error, McpError)
        if (broke.error instanceof McpError) {
          assert.strictEqual(broke.error.code, -32003)
          assert.deepStrictEqual(broke.error.data, {
            code: "INSUFFICIENT_CREDITS",
            required_credits: 10,
            available_credits: 0,
            dashboard_url: `${TestServer.DASHBOARD_URL}/credits`
          })
        }
      }).pipe(Effect.scoped))

    it.effect("the official SDK client connects, lists the tools and calls them", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ cents: 20, scopes: ["jobs_read", "credits_read", "jobs_analyze"] })
        const { baseUrl } = yield* TestServer.TestServer
        const client = new McpClient({ name: "jobfit-e2e", version: "1.0.0" })
        const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${key}` } }
        })
        yield* Effect.acquireRelease(Effect.promise(() => client.connect(transport)), () =>
          Effect.promise(() => client.close()))
        const { tools } = yield* Effect.promise(() =>
          client.listTools()
        )
        assert.deepStrictEqual(tools.map((t) => t.name).sort(), [
          "analyze_job",
          "generate_cv",
          "get_credits",
          "get_cv",
          "get_job",
          "get_profile",
          "get_saved_jobs",
          "track_job",
          "update_job_status",
          "update_profile"
        ])
        const analysis = yield* Effect.promise(() =>
          client.callTool({ name: "analyze_job", arguments: { job_url: "https://jobs.example.com/mcp" } })
        )
        assert.deepInclude(analysis.structuredContent, { cached: false, cost_cents: 5, status: "analyzed" })
        const credits = yield* Effect.promise(() => client.callTool({ name: "get_credits", arguments: {} }))
        assert.deepStrictEqual(credits.structuredContent, { credits: { balance_dollars: "0.15", balance_cents: 15 } })
        // analyze_job with a progress token, read raw: the SSE stream's events, in order.
        const streamed = (id: number, jobUrl: string) =>
          Effect.promise(async () => {
            const response = await fetch(`${baseUrl}/api/mcp`, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                accept: "application/json, text/event-stream",
                authorization: `Bearer ${key}`
              },
              body: JSON.stringify(rpc(id, "tools/call", {
                name: "analyze_job",
                arguments: { job_url: jobUrl },
                _meta: { progressToken: `p-${id}` }
              }))
            })
            const text = await response.text()
            const events = text.trim().split("\n\n").map((event) =>
              JSON.parse(event.split("data: ")[1]!) as Record<string, unknown>
            )
            return { headers: response.headers, events }
          })
        const raw = yield* streamed(9, "https://jobs.example.com/raw")
        assert.strictEqual(raw.headers.get("content-type"), "text/event-stream")
        const events = raw.events
        assert.deepStrictEqual(events.map((e) => e.method ?? e.id), [
          "notifications/progress",
          "notifications/progress",
          "notifications/progress",
          9
        ])
        assert.deepStrictEqual(events[0]!.params, {
          progressToken: "p-9",
          progress: 0,
          total: 3,
          message: "Fetching the posting"
        })
        // A call that fails after reporting progress still ends its stream, with the error as the reply.
        const ended = (yield* streamed(10, "https://jobs.example.com/defect")).events
        const last = ended.at(-1) as { id: number; error?: { code: number } }
        assert.strictEqual(last.id, 10)
        assert.strictEqual(last.error?.code, -32603)
        const jobs = yield* Effect.promise(() => client.callTool({ name: "get_saved_jobs", arguments: { limit: 1 } }))
        assert.deepInclude(jobs.structuredContent, { total: 2, has_more: true })
        const steps: Array<string> = []
        const fresh = yield* Effect.promise(() =>
          client.callTool(
            { name: "analyze_job", arguments: { job_url: "https://jobs.example.com/progress" } },
            undefined,
            {
              onprogress: (progress) => void steps.push(`${progress.progress}/${progress.total} ${progress.message}`)
            }
          )
        )
        assert.deepInclude(fresh.structuredContent, { cached: false, cost_cents: 5 })
        assert.deepStrictEqual(steps, [
          "0/3 Fetching the posting",
          "1/3 Matching it against the profile",
          "2/3 Saving the analysis"
        ])
        const refused = yield* Effect.flip(
          Effect.tryPromise(() => client.callTool({ name: "generate_cv", arguments: { job_id: 1 } }))
        )
        assert.instanceOf(refused.error, McpError)
        if (refused.error instanceof McpError) assert.strictEqual(refused.error.code, -32004)
      }).pipe(Effect.scoped))
  })

  layer(
    TestServer.layer({
      store: sqlite,
      rateLimits: { perKey: Option.some({ perMinute: 60, burst: 2 }), analyze: Option.none() }
    }),
    { excludeTestServices: true, timeout: "60 seconds" }
  )((it) => {
    it.effect("a streamed call ends with its response: a client that goes away mid-call is not charged", () =>
      Effect.gen(function*() {
        const { key, user } = yield* Fixtures.user({ cents: 5 })
        const { baseUrl } = yield* TestServer.TestServer
        const first = yield* Effect.promise(async () => {
          const abort = new AbortController()
          const response = await fetch(`${baseUrl}/api/mcp`, {
            method: "POST",
            signal: abort.signal,
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              authorization: `Bearer ${key}`
            },
            body: JSON.stringify(rpc(1, "tools/call", {
              name: "analyze_job",
              arguments: { job_url: "https://jobs.example.com/slow-and-gone" },
              _meta: { progressToken: "gone" }
            }))
          })
          // The first progress event arrives while the posting is still being fetched; then the client leaves.
          const reader = response.body!.getReader()
          const chunk = await reader.read()
          abort.abort()
          return new TextDecoder().decode(chunk.value)
        })
        assert.include(first, "notifications/progress")
        yield* Effect.sleep("1 second")
        const ledger = yield* Fixtures.ledgerOf(user.id)
        assert.strictEqual(ledger.balance, 5)
        const jobs = yield* Client.call(key, "get_saved_jobs", {})
        assert.deepInclude(jobs.body as object, { total: 0 })
      }))

    it.effect("a flood is HTTP 429 with Retry-After and the -32002 body", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ scopes: ["jobs_read"] })
        yield* mcp(key, rpc(1, "ping"))
        yield* mcp(key, rpc(2, "ping"))
        const limited = yield* mcp(key, rpc(3, "ping"))
        assert.strictEqual(limited.status, 429)
        assert.strictEqual(limited.headers.get("retry-after"), "1")
        assert.deepStrictEqual(limited.body, {
          jsonrpc: "2.0",
          id: 3,
          error: {
            code: -32002,
            message: "Rate limit exceeded; retry after 1 seconds",
            data: { code: "RATE_LIMIT_EXCEEDED", retry_after: 1, limit: 60 }
          }
        })
      }))
  })
})
