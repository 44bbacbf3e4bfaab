import { assert, describe, layer } from "@effect/vitest"
import { Analyzer, CvWriter, PostingSource } from "@jobfit/core"
import { Effect, Layer } from "effect"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

// A server started without an analyzer (embedders may choose that): analysis answers 503 and costs nothing.
const unavailable = Layer.mergeAll(
  PostingSource.layerUnavailable,
  Analyzer.layerUnavailable,
  CvWriter.layerUnavailable
)

describe("a server without an analyzer", () => {
  layer(TestServer.layer({ store: sqlite, analysis: unavailable }), {
    excludeTestServices: true,
    timeout: "60 seconds"
  })(
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

// The server as `pnpm start` builds it: the built-in analyzer, which refuses private addresses before charging.
describe("the default server", () => {
  layer(TestServer.layer({ store: sqlite, analysis: null }), { excludeTestServices: true, timeout: "60 seconds" })(
    (it) => {
      it.effect("refuses every loopback form with 400 URL_NOT_ALLOWED, charging nothing", () =>
        Effect.gen(function*() {
          const { key, user } = yield* Fixtures.user({ cents: 50 })
          const forms = [
            "http://127.0.0.1/job",
            "http://localhost:8787/job",
            "http://[::1]/job",
            "http://2130706433/job",
            "http://0x7f000001/job",
            "http://[::ffff:127.0.0.1]/job"
          ]
          for (const job_url of forms) {
            const reply = yield* Client.call(key, "analyze_job", { job_url })
            assert.strictEqual(reply.status, 400, job_url)
            assert.deepInclude((reply.body as { detail: object }).detail, { code: "URL_NOT_ALLOWED" })
          }
          const ledger = yield* Fixtures.ledgerOf(user.id)
          assert.deepStrictEqual([ledger.balance, ledger.sum], [50, 50])
        }))
    }
  )
})
