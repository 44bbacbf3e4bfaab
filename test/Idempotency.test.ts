import { assert, describe, layer } from "@effect/vitest"
import { Admin } from "@jobfit/core"
import { Effect } from "effect"
import { randomUUID } from "node:crypto"
import * as Client from "./support/Client.js"
import { both } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const analyze = (key: string, url: string, idempotencyKey: string) =>
  Client.call(key, "analyze_job", { job_url: url }, { "idempotency-key": idempotencyKey })

const conflict = (message: string) => ({ detail: { code: "IDEMPOTENCY_CONFLICT", message } })

const otherArguments = "This Idempotency-Key was used with other arguments in the last 24 hours; use a new key"
const stillRunning = "A request with this Idempotency-Key is still running; retry once it has finished"

/** The user's charges and saved jobs, as the store has them. */
const paidFor = (seeded: Fixtures.Seeded) =>
  Effect.gen(function*() {
    const ledger = yield* Fixtures.ledgerOf(seeded.user.id)
    const jobs = (yield* Client.call(seeded.key, "get_saved_jobs")).body as { total: number }
    return { balance: ledger.balance, charges: ledger.charges, refunds: ledger.refunds, jobs: jobs.total }
  })

for (const database of both) {
  describe.runIf(database.enabled)(`Idempotency-Key on ${database.name}`, () => {
    layer(TestServer.layer({ store: database.store }), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
      it.effect("a retry gets the first answer byte for byte and is not charged again", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 20 })
          const key = randomUUID()
          const first = yield* analyze(seeded.key, "https://jobs.example.com/once", key)
          const again = yield* analyze(seeded.key, "https://jobs.example.com/once", key)
          assert.strictEqual(first.status, 200)
          assert.deepInclude(first.body, { cost_cents: 5, cached: false, title: "once" })
          assert.deepStrictEqual([again.status, again.text], [first.status, first.text])
          assert.deepStrictEqual(yield* paidFor(seeded), { balance: 15, charges: 1, refunds: 0, jobs: 1 })
          // Key order and spacing in the body are not another call.
          const reordered = yield* Client.request("/api/mcp/tools/call", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${seeded.key}`,
              "idempotency-key": key
            },
            body: `{ "arguments": { "job_url": "https://jobs.example.com/once" }, "name": "analyze_job" }`
          })
          assert.deepStrictEqual([reordered.status, reordered.text], [first.status, first.text])
          // Without the key the same call is another call (served from the cache here, free).
          assert.deepInclude(
            (yield* Client.call(seeded.key, "analyze_job", { job_url: "https://jobs.example.com/once" })).body,
            {
              cached: true,
              cost_cents: 0
            }
          )
        }))

      it.effect("the same key with other arguments, or another tool, is 409 IDEMPOTENCY_CONFLICT", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 20 })
          const key = randomUUID()
          assert.strictEqual((yield* analyze(seeded.key, "https://jobs.example.com/a", key)).status, 200)
          const other = yield* analyze(seeded.key, "https://jobs.example.com/b", key)
          assert.deepStrictEqual([other.status, other.body], [409, conflict(otherArguments)])
          const tool = yield* Client.call(seeded.key, "get_credits", {}, { "idempotency-key": key })
          assert.deepStrictEqual([tool.status, tool.body], [409, conflict(otherArguments)])
          assert.deepStrictEqual(yield* paidFor(seeded), { balance: 15, charges: 1, refunds: 0, jobs: 1 })
        }))

      it.effect("a second request while the first runs is 409; once it finished, a retry gets its answer", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 20 })
          const key = randomUUID()
          const url = "https://jobs.example.com/slow-one"
          const [first, second] = yield* Effect.all([
            analyze(seeded.key, url, key),
            Effect.delay(analyze(seeded.key, url, key), "100 millis")
          ], { concurrency: "unbounded" })
          assert.strictEqual(first.status, 200)
          assert.deepStrictEqual([second.status, second.body], [409, conflict(stillRunning)])
          const retry = yield* analyze(seeded.key, url, key)
          assert.deepStrictEqual([retry.status, retry.text], [200, first.text])
          assert.deepStrictEqual(yield* paidFor(seeded), { balance: 15, charges: 1, refunds: 0, jobs: 1 })
        }))

      it.effect("a call that failed changed nothing and frees its key: the retry runs", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 0 })
          const key = randomUUID()
          const url = "https://jobs.example.com/after-top-up"
          const refused = yield* analyze(seeded.key, url, key)
          assert.deepStrictEqual([refused.status, (refused.body as { detail: { code: string } }).detail.code], [
            402,
            "INSUFFICIENT_CREDITS"
          ])
          yield* Effect.orDie((yield* Admin.Admin).addCredits(seeded.email, 5))
          const served = yield* analyze(seeded.key, url, key)
          assert.strictEqual(served.status, 200)
          assert.deepStrictEqual((yield* analyze(seeded.key, url, key)).text, served.text)
          assert.deepStrictEqual(yield* paidFor(seeded), { balance: 0, charges: 1, refunds: 0, jobs: 1 })
        }))

      it.effect("keys are the user's own: another user's same key is another call", () =>
        Effect.gen(function*() {
          const [a, b] = [yield* Fixtures.user({ cents: 5 }), yield* Fixtures.user({ cents: 5 })]
          const key = randomUUID()
          assert.strictEqual((yield* analyze(a.key, "https://jobs.example.com/mine", key)).status, 200)
          assert.strictEqual((yield* analyze(b.key, "https://jobs.example.com/theirs", key)).status, 200)
          assert.deepStrictEqual(yield* paidFor(b), { balance: 0, charges: 1, refunds: 0, jobs: 1 })
        }))

      it.effect("a malformed key is 400 INVALID_REQUEST and runs nothing", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 5 })
          for (const bad of ["x".repeat(256), "two words"]) {
            const reply = yield* analyze(seeded.key, "https://jobs.example.com/bad-key", bad)
            assert.deepStrictEqual([reply.status, reply.body], [400, {
              detail: {
                code: "INVALID_REQUEST",
                message: "Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID"
              }
            }])
          }
          assert.deepStrictEqual(yield* paidFor(seeded), { balance: 5, charges: 0, refunds: 0, jobs: 0 })
        }))

      it.effect("a replay answers only a key that may call the tool: another key of the user without the scope is 403", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 20 })
          const admin = yield* Admin.Admin
          const narrow = (yield* admin.createKey({ email: seeded.email, scopes: ["credits_read"], name: "narrow" }))
            .secret
          const wide = (yield* admin.createKey({ email: seeded.email, scopes: ["profile_read"], name: "wide" })).secret
          const key = randomUUID()
          const first = yield* Client.call(seeded.key, "get_profile", {}, { "idempotency-key": key })
          assert.strictEqual(first.status, 200)
          const scopeMissing = {
            detail: {
              code: "SCOPE_NOT_ALLOWED",
              message: "This API key lacks the scope profile_read; edit the key or create one with that scope",
              required_scope: "profile_read",
              dashboard_url: TestServer.DASHBOARD_URL + "/keys"
            }
          }
          const rest = yield* Client.call(narrow, "get_profile", {}, { "idempotency-key": key })
          assert.deepStrictEqual([rest.status, rest.body], [403, scopeMissing])
          const overMcp = yield* Client.mcp(
            narrow,
            Client.rpc(1, "tools/call", { name: "get_profile", _meta: { "jobfit/idempotency_key": key } })
          )
          assert.deepStrictEqual((overMcp.body as { error: { code: number; data: unknown } }).error.code, -32004)
          assert.notInclude(overMcp.text, "Ada Lovelace")
          // A key of the same user that holds the scope is a retry, and gets the first answer.
          const retry = yield* Client.call(wide, "get_profile", {}, { "idempotency-key": key })
          assert.deepStrictEqual([retry.status, retry.text], [200, first.text])
        }))

      it.effect("MCP tools/call: the header or params._meta holds the key; a REST retry of it is answered too", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 20 })
          const key = randomUUID()
          const args = { name: "analyze_job", arguments: { job_url: "https://jobs.example.com/over-mcp" } }
          const first = yield* Client.mcp(seeded.key, Client.rpc(1, "tools/call", args), { "idempotency-key": key })
          const meta = yield* Client.mcp(
            seeded.key,
            Client.rpc(2, "tools/call", { ...args, _meta: { "jobfit/idempotency_key": key } })
          )
          const result = (reply: Client.Reply) => (reply.body as { result: unknown }).result
          assert.deepInclude((result(first) as { structuredContent: object }).structuredContent, { cost_cents: 5 })
          assert.deepStrictEqual(result(meta), result(first))
          assert.deepStrictEqual((meta.body as { id: number }).id, 2)
          const rest = yield* analyze(seeded.key, args.arguments.job_url, key)
          assert.deepStrictEqual(rest.body, (result(first) as { structuredContent: unknown }).structuredContent)
          assert.deepStrictEqual(yield* paidFor(seeded), { balance: 15, charges: 1, refunds: 0, jobs: 1 })
          const badMeta = yield* Client.mcp(
            seeded.key,
            Client.rpc(3, "tools/call", { ...args, _meta: { "jobfit/idempotency_key": 7 } })
          )
          assert.deepStrictEqual(badMeta.body, {
            jsonrpc: "2.0",
            id: 3,
            error: { code: -32602, message: "params._meta[\"jobfit/idempotency_key\"] must be a string" }
          })
        }))
    })
  })
}
