import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

// The server as `pnpm start` builds it today: no analyzer installed.
describe("the default server, without an analyzer", () => {
  layer(TestServer.layer({ store: sqlite, analysis: null }), { excludeTestServices: true, timeout: "60 seconds" })(
    (it) => {
      it.effect("analyze_job is 503 SERVICE_UNAVAILABLE and charges nothing", () =>
        Effect.gen(function*() {
          const { key, user } = yield* Fixtures.user({ cents: 50 })
          const reply = yield* Client.call(key, "analyze_job", { job_url: "https://jobs.example.com/role" })
          assert.strictEqual(reply.status, 503)
          assert.deepStrictEqual(reply.body, {
            detail: {
              code: "SERVICE_UNAVAILABLE",
              message: "Job analysis is not available on this server yet; nothing was charged"
            }
          })
          const ledger = yield* Fixtures.ledgerOf(user.id)
          assert.deepStrictEqual([ledger.balance, ledger.sum], [50, 50])
          assert.deepInclude((yield* Client.call(key, "get_saved_jobs")).body, { total: 0 })
        }))

      it.effect("everything else works: status, get_saved_jobs, get_credits", () =>
        Effect.gen(function*() {
          const { key } = yield* Fixtures.user({ cents: 7 })
          assert.strictEqual((yield* Client.status(key)).status, 200)
          assert.deepStrictEqual((yield* Client.call(key, "get_saved_jobs")).body, {
            jobs: [],
            total: 0,
            has_more: false,
            next_cursor: null
          })
          assert.deepStrictEqual((yield* Client.call(key, "get_credits", {})).body, {
            credits: { balance_dollars: "0.07", balance_cents: 7 }
          })
        }))
    }
  )
})
