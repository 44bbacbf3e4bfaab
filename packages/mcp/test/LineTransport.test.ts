import { assert, describe, it } from "@effect/vitest"
import { Admin, Analyzer, CvWriter, Gateway, MemoryStore, PostingSource, Prices, RateLimiter } from "@jobfit/core"
import { LineTransport, McpServer } from "@jobfit/mcp"
import { Chunk, Effect, Layer, Option, Ref, Stream } from "effect"

const TestLayer = Layer.mergeAll(McpServer.McpServer.Default, Admin.Admin.Default).pipe(
  Layer.provideMerge(Gateway.Gateway.Default),
  Layer.provide([
    MemoryStore.layer,
    RateLimiter.layerMemory,
    RateLimiter.layerRateLimits({ perKey: Option.none(), analyze: Option.none() }),
    Prices.layer(),
    PostingSource.layerUnavailable,
    Analyzer.layerUnavailable,
    CvWriter.layerUnavailable
  ])
)

describe("LineTransport", () => {
  it.effect("answers each request line with one line, skips notifications and blank lines, and ends with the input", () =>
    Effect.gen(function*() {
      const admin = yield* Admin.Admin
      yield* admin.createUser({ email: "s@example.com" })
      const { secret } = yield* admin.createKey({ email: "s@example.com", scopes: ["credits_read"] })
      const lines = yield* Ref.make(Chunk.empty<string>())
      const input = Stream.make(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\n",
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n{\"jsonrpc\":\"2.0\",\"id\":2,",
        "\"method\":\"tools/call\",\"params\":{\"name\":\"get_credits\"}}\nnot json\n"
      )
      yield* LineTransport.serve(input, (line) => Ref.update(lines, Chunk.append(line)), {
        caller: { authorization: `Bearer ${secret}`, client: "stdio" }
      })
      const replies = Chunk.toReadonlyArray(yield* Ref.get(lines)).map((line) =>
        JSON.parse(line) as Record<string, unknown>
      )
      assert.deepStrictEqual(replies.map((r) => r.id).sort(), [1, 2, null])
      assert.deepInclude(replies.find((r) => r.id === 2), {
        result: {
          content: [{ type: "text", text: "{\"credits\":{\"balance_dollars\":\"0.00\",\"balance_cents\":0}}" }],
          structuredContent: { credits: { balance_dollars: "0.00", balance_cents: 0 } },
          isError: false
        }
      })
      assert.deepInclude(replies.find((r) => r.id === null), {
        error: { code: -32700, message: "Parse error: the body is not valid JSON" }
      })
    }).pipe(Effect.provide(TestLayer)))

  it.effect("sends progress notifications for a call that asks for them", () =>
    Effect.gen(function*() {
      const admin = yield* Admin.Admin
      yield* admin.createUser({ email: "p@example.com" })
      const { secret } = yield* admin.createKey({ email: "p@example.com", scopes: ["jobs_analyze"] })
      yield* admin.addCredits("p@example.com", 10)
      yield* admin.setProfile("p@example.com", { basics: { name: "P" } })
      const lines = yield* Ref.make(Chunk.empty<string>())
      const call = {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "analyze_job", arguments: { job_url: "https://e.com/1" }, _meta: { progressToken: 7 } }
      }
      yield* LineTransport.serve(Stream.make(`${JSON.stringify(call)}\n`), (line) =>
        Ref.update(lines, Chunk.append(line)), {
        caller: { authorization: `Bearer ${secret}`, client: "stdio" }
      })
      const out = Chunk.toReadonlyArray(yield* Ref.get(lines)).map((line) =>
        JSON.parse(line) as Record<string, unknown>
      )
      assert.deepStrictEqual(out[0], {
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: 7, progress: 0, total: 3, message: "Fetching the posting" }
      })
      assert.deepInclude(out[1], {
        id: 1,
        result: {
          content: [{
            type: "text",
            text: "SERVICE_UNAVAILABLE: Job analysis is not available on this server yet; nothing was charged"
          }],
          isError: true
        }
      })
      assert.strictEqual(out.length, 2)
    }).pipe(Effect.provide(TestLayer)))
})
