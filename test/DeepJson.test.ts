import { assert, describe, layer } from "@effect/vitest"
import { Gateway } from "@jobfit/core"
import { Effect, Either } from "effect"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

// 10,000 levels: enough to overflow a recursive decoder's stack; each transport must refuse it as bad input.
const DEPTH = 10_000
const deepObject = `${"{\"limit\":".repeat(DEPTH)}1${"}".repeat(DEPTH)}`
const deepArray = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`

describe("JSON nested 10,000 levels deep", () => {
  layer(TestServer.layer({ store: sqlite }), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
    it.effect("REST answers 400 INVALID_REQUEST, in the arguments or as the whole body", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ scopes: ["jobs_read"] })
        for (const body of [`{"name":"get_saved_jobs","arguments":${deepObject}}`, deepArray]) {
          const reply = yield* Client.callRaw(key, body)
          assert.strictEqual(reply.status, 400, reply.text.slice(0, 200))
          assert.deepStrictEqual(reply.body, {
            detail: { code: "INVALID_REQUEST", message: "The JSON nests deeper than 64 levels" }
          })
        }
      }))

    it.effect("MCP over HTTP answers -32600 with HTTP 200, and the server goes on answering", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ scopes: ["jobs_read"] })
        const reply = yield* Client.request("/api/mcp", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            authorization: `Bearer ${key}`
          },
          body:
            `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_saved_jobs","arguments":${deepObject}}}`
        })
        assert.deepStrictEqual(reply.body, {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32600, message: "Invalid Request: The JSON nests deeper than 64 levels" }
        })
        assert.strictEqual((yield* Client.call(key, "get_saved_jobs")).status, 200)
      }))

    it.effect("an in-process call with arguments that deep is INVALID_REQUEST from the Gateway itself", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ scopes: ["jobs_read"] })
        const gateway = yield* Gateway.Gateway
        const deep = JSON.parse(deepObject) as unknown
        const result = yield* Effect.either(
          gateway.call({ authorization: `Bearer ${key}`, client: "test", tool: "get_saved_jobs", arguments: deep })
        )
        assert.isTrue(Either.isLeft(result))
        if (Either.isLeft(result)) {
          assert.strictEqual(result.left._tag, "InvalidRequest")
          assert.include(result.left.message, "deeper than 64 levels")
        }
      }))
  })
})
