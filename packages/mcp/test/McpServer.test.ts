import { assert, describe, it } from "@effect/vitest"
import { Admin, Analyzer, CvWriter, Gateway, MemoryStore, PostingSource, Prices, RateLimiter } from "@jobfit/core"
import { McpServer } from "@jobfit/mcp"
import { Effect, Layer, Option } from "effect"

const withBurst = (burst: number) =>
  RateLimiter.layerRateLimits({ perKey: Option.some({ perMinute: 60, burst }), analyze: Option.none() })

// The two blocks build the same service layers; without fresh, the second block was seen to reuse the first one's.
const testLayer = (burst: number) =>
  Layer.mergeAll(Layer.fresh(McpServer.McpServer.Default), Layer.fresh(Admin.Admin.Default)).pipe(
    Layer.provideMerge(Layer.fresh(Gateway.Gateway.Default)),
    Layer.provide([
      Layer.fresh(MemoryStore.layer),
      Layer.fresh(RateLimiter.layerMemory),
      withBurst(burst),
      Prices.layer(),
      PostingSource.layerUnavailable,
      Analyzer.layerUnavailable,
      CvWriter.layerUnavailable
    ])
  )

const keyWith = (scopes: Array<string>, cents = 0) =>
  Effect.gen(function*() {
    const admin = yield* Admin.Admin
    const email = `m${Math.random().toString(36).slice(2)}@example.com`
    yield* admin.createUser({ email })
    const { secret } = yield* admin.createKey({ email, scopes })
    if (cents > 0) yield* admin.addCredits(email, cents)
    return secret
  })

const send = (secret: string | undefined, message: unknown, protocolVersion?: string) =>
  Effect.flatMap(
    McpServer.McpServer,
    (server) =>
      server.handle(typeof message === "string" ? message : JSON.stringify(message), {
        caller: { authorization: secret === undefined ? undefined : `Bearer ${secret}`, client: "test" },
        protocolVersion
      })
  )

const body = (secret: string | undefined, message: unknown, protocolVersion?: string) =>
  Effect.map(send(secret, message, protocolVersion), (reply) => {
    const value: unknown = Option.getOrThrow(reply).body
    return value
  })

const rpc = (id: number, method: string, params?: object) => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params ? { params } : {})
})

describe("McpServer", () => {
  it.layer(testLayer(1000))((it) => {
    it.effect("answers malformed input with the JSON-RPC codes", () =>
      Effect.gen(function*() {
        const key = yield* keyWith(["jobs_read"])
        assert.deepStrictEqual(yield* body(key, "{not json"), {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32700, message: "Parse error: the body is not valid JSON" }
        })
        assert.deepStrictEqual(yield* body(key, { id: 7, method: "ping" }), {
          jsonrpc: "2.0",
          id: 7,
          error: { code: -32600, message: "Invalid request: jsonrpc must be \"2.0\"" }
        })
        assert.deepInclude(yield* body(key, { jsonrpc: "2.0", id: 3 }), { id: 3 })
        assert.deepInclude(yield* body(key, 42), { id: null })
        assert.deepStrictEqual(yield* body(key, rpc(4, "sampling/createMessage")), {
          jsonrpc: "2.0",
          id: 4,
          error: { code: -32601, message: "Method not found: sampling/createMessage" }
        })
        assert.deepStrictEqual(yield* body(key, { jsonrpc: "2.0", id: null, method: "ping" }), {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32600, message: "Invalid request: id must be a string or a number" }
        })
      }))

    it.effect("negotiates the protocol version and lists the tools", () =>
      Effect.gen(function*() {
        const key = yield* keyWith(["jobs_read"])
        const init = (version: string) =>
          body(
            key,
            rpc(1, "initialize", {
              protocolVersion: version,
              capabilities: {},
              clientInfo: { name: "t", version: "1" }
            })
          )
        assert.deepInclude(yield* init("2025-06-18"), { id: 1 })
        const negotiated = (v: unknown) => (v as { result: { protocolVersion: string } }).result.protocolVersion
        assert.strictEqual(negotiated(yield* init("2025-06-18")), "2025-06-18")
        assert.strictEqual(negotiated(yield* init("2025-03-26")), "2025-03-26")
        assert.strictEqual(negotiated(yield* init("1999-01-01")), "2025-11-25")
        assert.deepStrictEqual(yield* body(key, rpc(2, "ping")), { jsonrpc: "2.0", id: 2, result: {} })
        const list = (yield* body(key, rpc(3, "tools/list"))) as {
          result: { tools: Array<{ name: string; inputSchema: { type: string }; annotations: object }> }
        }
        assert.deepStrictEqual(list.result.tools.map((t) => t.name), [
          "get_saved_jobs",
          "get_job",
          "analyze_job",
          "generate_cv",
          "get_cv",
          "update_job_status",
          "track_job",
          "get_credits",
          "get_profile",
          "update_profile"
        ])
        for (const tool of list.result.tools) assert.strictEqual(tool.inputSchema.type, "object")
        assert.deepInclude(list.result.tools[0]!.annotations, { readOnlyHint: true })
        assert.isTrue(Option.isNone(yield* send(key, { jsonrpc: "2.0", method: "notifications/initialized" })))
        assert.isTrue(Option.isNone(yield* send(key, { jsonrpc: "2.0", id: 9, result: {} })))
      }))

    it.effect("calls tools through the Gateway with the spec's error codes", () =>
      Effect.gen(function*() {
        const key = yield* keyWith(["jobs_read", "credits_read", "jobs_analyze"], 3)
        const credits = yield* body(key, rpc(1, "tools/call", { name: "get_credits", arguments: {} }))
        assert.deepStrictEqual(credits, {
          jsonrpc: "2.0",
          id: 1,
          result: {
            content: [{ type: "text", text: "{\"credits\":{\"balance_dollars\":\"0.03\",\"balance_cents\":3}}" }],
            structuredContent: { credits: { balance_dollars: "0.03", balance_cents: 3 } },
            isError: false
          }
        })
        assert.deepStrictEqual(
          yield* body(key, rpc(2, "tools/call", { name: "get_saved_jobs", arguments: { limit: 51 } })),
          {
            jsonrpc: "2.0",
            id: 2,
            error: {
              code: -32602,
              message: "Invalid arguments for get_saved_jobs: limit: Expected a number between 1 and 50, actual 51",
              data: { code: "INVALID_REQUEST" }
            }
          }
        )
        assert.deepInclude(yield* body(key, rpc(3, "tools/call", { name: "get_profile" })), {
          error: {
            code: -32004,
            message: "This API key lacks the scope profile_read; edit the key or create one with that scope",
            data: { code: "SCOPE_NOT_ALLOWED", required_scope: "profile_read" }
          }
        })
        // No profile yet: a failure the model can act on, so a tool result with isError.
        assert.deepInclude(
          yield* body(key, rpc(4, "tools/call", { name: "analyze_job", arguments: { job_url: "https://e.com/1" } })),
          {
            result: { content: [{ type: "text", text: "PROFILE_NOT_FOUND: User profile not found" }], isError: true }
          }
        )
        yield* Effect.flatMap(Admin.Admin, (a) => a.userByEmail("x@example.com")).pipe(Effect.ignore)
        assert.deepInclude(yield* body(key, rpc(5, "tools/call", { name: 5 })), {
          error: { code: -32602, message: "tools/call needs params.name, a string" }
        })
      }))

    it.effect("answers batches only in protocol version 2025-03-26", () =>
      Effect.gen(function*() {
        const key = yield* keyWith(["jobs_read"])
        const batch = [rpc(1, "ping"), { jsonrpc: "2.0", method: "notifications/initialized" }, rpc(2, "nope")]
        assert.deepStrictEqual(yield* body(key, batch), [
          { jsonrpc: "2.0", id: 1, result: {} },
          { jsonrpc: "2.0", id: 2, error: { code: -32601, message: "Method not found: nope" } }
        ])
        assert.deepStrictEqual(yield* body(key, batch, "2025-06-18"), {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32600, message: "Invalid request: batches are not part of protocol version 2025-06-18" }
        })
        assert.deepInclude(yield* body(key, []), {
          error: { code: -32600, message: "Invalid request: an empty batch" }
        })
      }))
  })

  it.layer(testLayer(1000))((it) => {
    it.effect("logging/setLevel is the key's: a call then logs at or above it through the transport's notify", () =>
      Effect.gen(function*() {
        const admin = yield* Admin.Admin
        const email = `log${Math.random().toString(36).slice(2)}@example.com`
        yield* admin.createUser({ email })
        yield* admin.setProfile(email, { basics: { name: "Lin" } })
        yield* admin.addCredits(email, 100)
        const { secret } = yield* admin.createKey({ email, scopes: ["jobs_analyze"] })
        const notes: Array<unknown> = []
        const call = (id: number) =>
          Effect.flatMap(McpServer.McpServer, (server) =>
            server.handle(
              JSON.stringify(rpc(id, "tools/call", { name: "analyze_job", arguments: { job_url: "https://e.com/1" } })),
              {
                caller: { authorization: `Bearer ${secret}`, client: "test" },
                notify: (message) => Effect.sync(() => void notes.push(message))
              }
            ))
        yield* call(1)
        assert.deepStrictEqual(notes, [])
        const set = (level: string) => body(secret, rpc(2, "logging/setLevel", { level }))
        assert.deepStrictEqual(yield* set("warning"), { jsonrpc: "2.0", id: 2, result: {} })
        yield* call(3)
        assert.deepStrictEqual(notes, [{
          jsonrpc: "2.0",
          method: "notifications/message",
          params: {
            level: "warning",
            logger: "jobfit",
            data: {
              message:
                "The posting could not be read: Job analysis is not available on this server yet; nothing was charged",
              url: "https://e.com/1",
              code: "SERVICE_UNAVAILABLE"
            }
          }
        }])
        assert.deepInclude(yield* set("verbose"), {
          error: {
            code: -32602,
            message:
              "logging/setLevel needs params.level, one of debug, info, notice, warning, error, critical, alert, emergency"
          }
        })
      }))
  })

  it.layer(testLayer(5))((it) => {
    it.effect("refuses a missing key and a flood with -32001 and -32002", () =>
      Effect.gen(function*() {
        const refused = yield* send(undefined, rpc(1, "ping"))
        const reply = Option.getOrThrow(refused)
        assert.strictEqual(Option.getOrThrow(reply.refused)._tag, "InvalidApiKey")
        assert.deepStrictEqual(reply.body, {
          jsonrpc: "2.0",
          id: 1,
          error: {
            code: -32001,
            message: "Missing Authorization header; send Authorization: Bearer <API_KEY>",
            data: { code: "INVALID_API_KEY" }
          }
        })
        const key = yield* keyWith(["jobs_read"])
        for (let i = 0; i < 5; i++) yield* send(key, rpc(i, "ping"))
        const limited = Option.getOrThrow(yield* send(key, rpc(9, "ping")))
        assert.deepStrictEqual(limited.body, {
          jsonrpc: "2.0",
          id: 9,
          error: {
            code: -32002,
            message: "Rate limit exceeded; retry after 1 seconds",
            data: { code: "RATE_LIMIT_EXCEEDED", retry_after: 1, limit: 60 }
          }
        })
      }))
  })

  // A posting source that breaks: the Gateway turns the defect into INTERNAL_ERROR, MCP into -32603.
  const Broken = Layer.succeed(PostingSource.PostingSource, { fetch: () => Effect.die(new Error("socket hang up")) })
  it.layer(
    Layer.mergeAll(Layer.fresh(McpServer.McpServer.Default), Layer.fresh(Admin.Admin.Default)).pipe(
      Layer.provideMerge(Layer.fresh(Gateway.Gateway.Default)),
      Layer.provide([
        Layer.fresh(MemoryStore.layer),
        Layer.fresh(RateLimiter.layerMemory),
        withBurst(1000),
        Prices.layer(),
        Broken,
        Analyzer.layerUnavailable,
        CvWriter.layerUnavailable
      ])
    )
  )((it) => {
    it.effect("answers a failure inside a tool with -32603 and nothing of its cause", () =>
      Effect.gen(function*() {
        const admin = yield* Admin.Admin
        yield* admin.createUser({ email: "broken@example.com" })
        const { secret: key } = yield* admin.createKey({ email: "broken@example.com", scopes: ["jobs_analyze"] })
        yield* admin.addCredits("broken@example.com", 5)
        yield* admin.setProfile("broken@example.com", { basics: { name: "B" } })
        const reply = yield* body(
          key,
          rpc(1, "tools/call", { name: "analyze_job", arguments: { job_url: "https://e.com/x" } })
        )
        assert.deepStrictEqual(reply, {
          jsonrpc: "2.0",
          id: 1,
          error: { code: -32603, message: "Internal server error", data: { code: "INTERNAL_ERROR" } }
        })
      }))
  })
})
