import { assert } from "@effect/vitest"
import { Admin, ApiKey, Scope } from "@jobfit/core"
import { Effect } from "effect"
import { randomBytes } from "node:crypto"
import * as Client from "../support/Client.js"
import * as Fixtures from "../support/Fixtures.js"
import { DASHBOARD_URL } from "../support/TestServer.js"
import type { It } from "./Types.js"

const invalidKey = (message: string) => ({ detail: { code: "INVALID_API_KEY", message } })

const assertRefused = (reply: Client.Reply, message: string) => {
  assert.strictEqual(reply.status, 401, reply.text)
  assert.deepStrictEqual(reply.body, invalidKey(message))
  assert.strictEqual(reply.headers.get("www-authenticate"), "Bearer")
}

/** Authentication (401), scopes (403) and the status endpoint's shape. */
export const contract = (it: It) => {
  it.effect("status answers with the user, the key, the balance and the server", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 1234 })
      const reply = yield* Client.status(seeded.key)
      assert.strictEqual(reply.status, 200)
      assert.deepStrictEqual(reply.body, {
        status: "ok",
        user: { id: seeded.user.id, email: seeded.email },
        key: { id: seeded.apiKey.id, name: "e2e", scopes: [...Scope.all] },
        credits: { balance_cents: 1234, balance_dollars: "12.34" },
        server: { name: "jobfit", version: "0.1.0" }
      })
      assert.strictEqual(reply.headers.get("content-type"), "application/json")
    }))

  it.effect("balance_dollars has two places: 0, 5, 99, 100 and 123456 cents", () =>
    Effect.gen(function*() {
      const cases = [[0, "0.00"], [5, "0.05"], [99, "0.99"], [100, "1.00"], [123456, "1234.56"]] as const
      for (const [cents, dollars] of cases) {
        const seeded = yield* Fixtures.user({ cents })
        const reply = yield* Client.status(seeded.key)
        assert.deepStrictEqual(
          (yield* Client.call(seeded.key, "get_credits")).body,
          { credits: { balance_dollars: dollars, balance_cents: cents } }
        )
        assert.strictEqual(reply.status, 200)
        assert.deepInclude(reply.body, { credits: { balance_cents: cents, balance_dollars: dollars } })
      }
    }))

  it.effect("401 for a missing header, on both endpoints", () =>
    Effect.gen(function*() {
      const message = "Missing Authorization header; send Authorization: Bearer <API_KEY>"
      assertRefused(yield* Client.status(undefined), message)
      assertRefused(yield* Client.call(undefined, "get_saved_jobs"), message)
    }))

  it.effect("401 for a malformed header", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user()
      const message = "Malformed Authorization header; expected Bearer <API_KEY>"
      for (const header of [`Basic ${seeded.key}`, "Bearer", seeded.key, "Bearer a b"]) {
        assertRefused(yield* Client.request("/api/mcp/status", { headers: { authorization: header } }), message)
      }
    }))

  it.effect("401 for a key that is not one of ours, well-formed or not", () =>
    Effect.gen(function*() {
      assertRefused(yield* Client.status("jf_live_nope"), "Invalid API key")
      const unknown = ApiKey.format(new Uint8Array(randomBytes(32)))
      assert.isTrue(ApiKey.isWellFormed(unknown))
      assertRefused(yield* Client.status(unknown), "Invalid or revoked API key")
      assertRefused(yield* Client.call(unknown, "get_saved_jobs"), "Invalid or revoked API key")
    }))

  it.effect("401 for a revoked key", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user()
      assert.strictEqual((yield* Client.status(seeded.key)).status, 200)
      yield* Effect.orDie((yield* Admin.Admin).revokeKey(seeded.apiKey.id))
      assertRefused(yield* Client.status(seeded.key), "Invalid or revoked API key")
      assertRefused(yield* Client.call(seeded.key, "get_saved_jobs"), "Invalid or revoked API key")
    }))

  it.effect("403 SCOPE_NOT_ALLOWED for a key without the tool's scope", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ scopes: ["credits_read"], cents: 100 })
      const reply = yield* Client.call(seeded.key, "get_saved_jobs")
      assert.strictEqual(reply.status, 403)
      assert.deepStrictEqual(reply.body, {
        detail: {
          code: "SCOPE_NOT_ALLOWED",
          message: "This API key lacks the scope jobs_read; edit the key or create one with that scope",
          required_scope: "jobs_read",
          dashboard_url: `${DASHBOARD_URL}/keys`
        }
      })
      const analyze = yield* Client.call(seeded.key, "analyze_job", { job_url: "https://jobs.example.com/a" })
      assert.strictEqual(analyze.status, 403)
      assert.strictEqual((yield* Client.status(seeded.key)).status, 200, "status needs no scope")
      assert.strictEqual((yield* Fixtures.ledgerOf(seeded.user.id)).balance, 100)
    }))
}
