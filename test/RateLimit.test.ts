import { assert, describe, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

// Small limits: 3 requests in a burst per key (refilled at 60 a minute), 2 analyses.
const limits = {
  perKey: Option.some({ perMinute: 60, burst: 3 }),
  analyze: Option.some({ perMinute: 2, burst: 2 })
}

const header = (reply: Client.Reply, name: string) => reply.headers.get(name)

const intHeader = (reply: Client.Reply, name: string): number => {
  const value = header(reply, name)
  assert.match(value ?? "", /^\d+$/, name)
  return Number(value)
}

const assertLimited = (reply: Client.Reply, limit: number) => {
  assert.strictEqual(reply.status, 429, reply.text)
  const retryAfter = intHeader(reply, "retry-after")
  assert.isAtLeast(retryAfter, 1)
  assert.deepStrictEqual(reply.body, {
    detail: {
      code: "RATE_LIMIT_EXCEEDED",
      message: `Rate limit exceeded; retry after ${retryAfter} seconds`,
      retry_after: retryAfter,
      limit
    }
  })
  assert.strictEqual(intHeader(reply, "ratelimit-limit"), limit)
  assert.strictEqual(intHeader(reply, "ratelimit-remaining"), 0)
  assert.strictEqual(intHeader(reply, "ratelimit-reset"), retryAfter)
}

describe("rate limits", () => {
  layer(TestServer.layer({ store: sqlite, rateLimits: limits }), { excludeTestServices: true, timeout: "60 seconds" })(
    (it) => {
      it.effect("a key's burst is 3: RateLimit-* count down, then 429 with Retry-After", () =>
        Effect.gen(function*() {
          const { key } = yield* Fixtures.user()
          const replies = [
            yield* Client.status(key),
            yield* Client.call(key, "get_saved_jobs"),
            yield* Client.status(key)
          ]
          assert.deepStrictEqual(replies.map((reply) => reply.status), [200, 200, 200])
          assert.deepStrictEqual(replies.map((reply) => intHeader(reply, "ratelimit-limit")), [60, 60, 60])
          assert.deepStrictEqual(replies.map((reply) => intHeader(reply, "ratelimit-remaining")), [2, 1, 0])
          for (const reply of replies) assert.includeMembers([1, 2, 3], [intHeader(reply, "ratelimit-reset")])
          assertLimited(yield* Client.call(key, "get_saved_jobs"), 60)
          assertLimited(yield* Client.status(key), 60)
        }))

      it.effect("each message of a JSON-RPC batch counts: past the burst the rest get -32002; over 50 is refused", () =>
        Effect.gen(function*() {
          const { key } = yield* Fixtures.user()
          const batch = (size: number) =>
            Array.from({ length: size }, (_, i) => Client.rpc(i + 1, "tools/call", { name: "get_saved_jobs" }))
          const version = { "mcp-protocol-version": "2025-03-26" }
          const reply = yield* Client.mcp(key, batch(5), version)
          assert.strictEqual(reply.status, 200, reply.text)
          const answers =
            (reply.body as Array<{ id: number; result?: unknown; error?: { code: number; data: object } }>)
              .sort((a, b) => a.id - b.id)
          assert.deepStrictEqual(answers.map((a) => [a.id, a.result === undefined ? a.error?.code : "result"]), [
            [1, "result"],
            [2, "result"],
            [3, "result"],
            [4, -32002],
            [5, -32002]
          ])
          assert.deepInclude(answers[3]!.error!.data, { code: "RATE_LIMIT_EXCEEDED", limit: 60 })
          // The batch spent the burst: the next request is refused.
          assertLimited(yield* Client.call(key, "get_saved_jobs"), 60)

          const other = yield* Fixtures.user()
          const large = yield* Client.mcp(other.key, batch(51), version)
          assert.deepStrictEqual(large.body, {
            jsonrpc: "2.0",
            id: null,
            error: {
              code: -32600,
              message: "Invalid request: a batch holds at most 50 messages; send the rest in another request"
            }
          })
        }))

      it.effect("a refused body still counts, and another key has its own bucket", () =>
        Effect.gen(function*() {
          const { key } = yield* Fixtures.user()
          for (let i = 0; i < 3; i++) assert.strictEqual((yield* Client.callRaw(key, "{oops")).status, 400)
          assertLimited(yield* Client.callRaw(key, "{oops"), 60)
          const other = yield* Fixtures.user()
          assert.strictEqual((yield* Client.status(other.key)).status, 200)
        }))

      it.effect("analyze_job has its own limit of 2, and a refused analysis is not charged", () =>
        Effect.gen(function*() {
          const { key, user } = yield* Fixtures.user({ cents: 100 })
          for (const n of [1, 2]) {
            const reply = yield* Client.call(key, "analyze_job", { job_url: `https://jobs.example.com/limited-${n}` })
            assert.strictEqual(reply.status, 200, reply.text)
          }
          assertLimited(yield* Client.call(key, "analyze_job", { job_url: "https://jobs.example.com/limited-3" }), 2)
          assert.strictEqual((yield* Fixtures.ledgerOf(user.id)).balance, 90)
        }))

      it.effect("requests without a valid key count against the client address", () =>
        Effect.gen(function*() {
          for (let i = 0; i < 3; i++) assert.strictEqual((yield* Client.status("jf_live_guess")).status, 401)
          assertLimited(yield* Client.status("jf_live_guess"), 60)
          assertLimited(yield* Client.status(undefined), 60)
        }))
    }
  )
})
