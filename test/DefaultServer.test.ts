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
              message: "Job analysis is not available on this server yet; nothing was charged",
              feature: "Job analysis"
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

const POSTING = `Senior TypeScript Engineer
Tailspin Toys - Remote (EU)

Tailspin Toys builds the ordering system for independent toy shops.

Requirements
- 5+ years of TypeScript and Node.js
- PostgreSQL
- Experience with React or Vue

Salary: €70,000 - €85,000 a year.`

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

      it.effect("analyses posting_text over REST and MCP without fetching, keeping job_url as the job", () =>
        Effect.gen(function*() {
          const { key, user } = yield* Fixtures.user({ cents: 50 })
          // A sign-in-walled host: nothing may be fetched from it, and the test network reaches nothing anyway.
          const job_url = "https://www.linkedin.com/jobs/view/4411867124"
          const rest = yield* Client.call(key, "analyze_job", { job_url, posting_text: POSTING })
          assert.strictEqual(rest.status, 200)
          assert.deepInclude(rest.body, {
            job_id: 1,
            url: job_url,
            title: "Senior TypeScript Engineer",
            company: "Tailspin Toys",
            cached: false,
            cost_cents: 5
          })
          const rpc = yield* Client.request("/api/mcp", {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              authorization: `Bearer ${key}`
            },
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: 1,
              method: "tools/call",
              params: { name: "analyze_job", arguments: { job_url, posting_text: POSTING } }
            })
          })
          assert.strictEqual(rpc.status, 200)
          const result = (rpc.body as { result: { structuredContent: Record<string, unknown>; isError?: boolean } })
            .result
          assert.notStrictEqual(result.isError, true)
          assert.deepInclude(result.structuredContent, { job_id: 1, url: job_url, cached: false, cost_cents: 5 })
          const tooBig = yield* Client.call(key, "analyze_job", { job_url, posting_text: "x".repeat(204_801) })
          assert.strictEqual(tooBig.status, 400)
          assert.deepInclude((tooBig.body as { detail: object }).detail, { code: "INVALID_REQUEST" })
          const empty = yield* Client.call(key, "analyze_job", { job_url, posting_text: "Engineer" })
          assert.strictEqual(empty.status, 422)
          assert.deepStrictEqual(empty.body, {
            detail: {
              code: "POSTING_UNREACHABLE",
              message:
                "The posting_text given has too little text to be a job posting (at least a title line and a few sentences)"
            }
          })
          const ledger = yield* Fixtures.ledgerOf(user.id)
          assert.deepStrictEqual([ledger.balance, ledger.sum], [40, 40])
        }))
    }
  )
})
