import { assert } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as Client from "../support/Client.js"
import * as Fixtures from "../support/Fixtures.js"
import type { It } from "./Types.js"

const decodeError = Schema.decodeUnknownSync(
  Schema.Struct({ detail: Schema.Struct({ code: Schema.String, message: Schema.String }) }),
  { onExcessProperty: "error" }
)

const invalid = (message: string) => ({ detail: { code: "INVALID_REQUEST", message } })

const assertInvalid = (reply: Client.Reply, message: string) => {
  assert.strictEqual(reply.status, 400, reply.text)
  assert.deepStrictEqual(reply.body, invalid(message))
}

/** The request format: bodies, arguments, routes and the headers every answer carries. */
export const contract = (it: It) => {
  it.effect("GET /healthz is 200 without a key", () =>
    Effect.gen(function*() {
      const reply = yield* Client.request("/healthz")
      assert.strictEqual(reply.status, 200)
      assert.deepStrictEqual(reply.body, { status: "ok" })
    }))

  it.effect("every answer carries X-Request-Id, echoed when the caller sent a sane one", () =>
    Effect.gen(function*() {
      const mine = yield* Client.request("/healthz", { headers: { "x-request-id": "trace-123" } })
      assert.strictEqual(mine.headers.get("x-request-id"), "trace-123")
      const fresh = yield* Client.status(undefined)
      assert.match(
        fresh.headers.get("x-request-id") ?? "",
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
      )
      const odd = yield* Client.request("/healthz", { headers: { "x-request-id": "a<b>" } })
      assert.notStrictEqual(odd.headers.get("x-request-id"), "a<b>")
    }))

  it.effect("unknown routes are 404 NOT_FOUND, wrong methods 405 with Allow", () =>
    Effect.gen(function*() {
      const missing = yield* Client.request("/api/mcp/nothing")
      assert.strictEqual(missing.status, 404)
      assert.deepStrictEqual(missing.body, { detail: { code: "NOT_FOUND", message: "No route for /api/mcp/nothing" } })
      const wrong = yield* Client.request("/api/mcp/tools/call")
      assert.strictEqual(wrong.status, 405)
      assert.deepStrictEqual(wrong.body, {
        detail: { code: "METHOD_NOT_ALLOWED", message: "Method GET is not allowed here; use POST" }
      })
      assert.strictEqual(wrong.headers.get("allow"), "POST")
    }))

  it.effect("400 for bodies that are not a tool call", () =>
    Effect.gen(function*() {
      const { key } = yield* Fixtures.user()
      assertInvalid(yield* Client.callRaw(key, "{\"name\": \"get_saved_jobs\""), "The request body is not valid JSON")
      assertInvalid(yield* Client.callRaw(key, ""), "The request body is not valid JSON")
      const notObject = "The request body must be a JSON object: {\"name\": string, \"arguments\"?: object}"
      assertInvalid(yield* Client.callRaw(key, "[]"), notObject)
      assertInvalid(yield* Client.callRaw(key, "42"), notObject)
      assertInvalid(yield* Client.callRaw(key, "{}"), "Invalid request body: name: is missing")
      assertInvalid(yield* Client.callRaw(key, "{\"name\": 1}"), "Invalid request body: name: must be a string")
      for (const args of ["[]", "null", "\"limit=5\""]) {
        assertInvalid(
          yield* Client.callRaw(key, `{"name": "get_saved_jobs", "arguments": ${args}}`),
          "Invalid request body: arguments: must be a JSON object"
        )
      }
      assertInvalid(
        yield* Client.callRaw(key, "{\"name\": \"get_saved_jobs\", \"args\": {}}"),
        "Invalid request body: args: is unexpected, expected: \"name\" | \"arguments\""
      )
      assertInvalid(
        yield* Client.callRaw(key, JSON.stringify({ name: "get_saved_jobs" }), "text/plain"),
        "Content-Type must be application/json"
      )
    }))

  it.effect("400 for an unknown tool", () =>
    Effect.gen(function*() {
      const { key } = yield* Fixtures.user()
      assertInvalid(yield* Client.call(key, "delete_everything"), "Unknown tool: delete_everything")
    }))

  it.effect("400 for out-of-range, mistyped or unknown arguments, never clamped", () =>
    Effect.gen(function*() {
      const { key } = yield* Fixtures.user()
      const prefix = "Invalid arguments for get_saved_jobs: "
      const between = "Expected a number between 1 and 50"
      const cases: ReadonlyArray<readonly [unknown, string]> = [
        [{ limit: 0 }, `limit: ${between}, actual 0`],
        [{ limit: 51 }, `limit: ${between}, actual 51`],
        [{ limit: "5" }, "limit: Expected number, actual \"5\""],
        [{ limit: 2.5 }, "limit: Expected an integer, actual 2.5"],
        [{ sort: "asc" }, "sort: Expected one of date, score, company"],
        [
          { order: "asc" },
          "order: is unexpected, expected: \"status\" | \"limit\" | \"cursor\" | \"sort\" | \"verdict\" | \"search\" | \"follow_up\""
        ]
      ]
      for (const [args, message] of cases) {
        assertInvalid(yield* Client.call(key, "get_saved_jobs", args), prefix + message)
      }
      // Schema lists each literal it tried; the exact wording is core's, the code and status are the contract.
      const status = yield* Client.call(key, "get_saved_jobs", { status: "deleted" })
      assert.strictEqual(status.status, 400)
      const { detail } = decodeError(status.body)
      assert.strictEqual(detail.code, "INVALID_REQUEST")
      assert.isTrue(detail.message.startsWith(`${prefix}status: Expected "all"`), detail.message)
      assert.include(detail.message, "actual \"deleted\"")
    }))

  it.effect("413 PAYLOAD_TOO_LARGE for a body over 1 MiB", () =>
    Effect.gen(function*() {
      const { key } = yield* Fixtures.user()
      const reply = yield* Client.call(key, "get_saved_jobs", { pad: "x".repeat(1024 * 1024) })
      assert.strictEqual(reply.status, 413)
      assert.deepStrictEqual(reply.body, {
        detail: { code: "PAYLOAD_TOO_LARGE", message: "Request body is larger than 1048576 bytes", max_bytes: 1048576 }
      })
    }))
}
