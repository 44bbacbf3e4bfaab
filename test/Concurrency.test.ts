import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Client from "./support/Client.js"
import { both } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const CALLS = 200
const PRICE = 5
const BALANCE = 35

// A balance that covers 7 analyses, 200 at once: exactly 7 are served and paid, the rest are refused.
for (const database of both) {
  describe.runIf(database.enabled)(`concurrent paid calls on ${database.name}`, () => {
    layer(TestServer.layer({ store: database.store }), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
      it.effect(`${CALLS} analyze_job calls against a balance of ${BALANCE / PRICE}`, () =>
        Effect.gen(function*() {
          const { key, user } = yield* Fixtures.user({ cents: BALANCE })
          const replies = yield* Effect.all(
            Array.from(
              { length: CALLS },
              (_, i) => Client.call(key, "analyze_job", { job_url: `https://jobs.example.com/rush/${i}` })
            ),
            { concurrency: "unbounded" }
          )
          const served = replies.filter((reply) => reply.status === 200)
          const refused = replies.filter((reply) => reply.status === 402)
          assert.deepStrictEqual([served.length, refused.length], [BALANCE / PRICE, CALLS - BALANCE / PRICE])
          for (const reply of served) assert.deepInclude(reply.body, { cost_cents: PRICE, cached: false })
          for (const reply of refused) {
            assert.deepStrictEqual(reply.body, {
              detail: {
                code: "INSUFFICIENT_CREDITS",
                message: `Insufficient credits: this call costs ${PRICE}, the balance is 0`,
                required_credits: PRICE,
                available_credits: 0,
                dashboard_url: `${TestServer.DASHBOARD_URL}/credits`
              }
            })
          }
          const ledger = yield* Fixtures.ledgerOf(user.id)
          assert.deepStrictEqual(
            { balance: ledger.balance, sum: ledger.sum, grants: ledger.grants, charges: ledger.charges },
            { balance: 0, sum: 0, grants: 1, charges: BALANCE / PRICE }
          )
          assert.strictEqual(ledger.refunds, 0)
          assert.deepInclude((yield* Client.call(key, "get_saved_jobs")).body, { total: BALANCE / PRICE })
          assert.deepInclude((yield* Client.status(key)).body, {
            credits: { balance_cents: 0, balance_dollars: "0.00" }
          })
        }), { timeout: 60_000 })
    })
  })
}
