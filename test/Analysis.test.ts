import { assert, describe, layer } from "@effect/vitest"
import { BuiltinAnalyzer, BuiltinCvWriter, HttpPostingSource } from "@jobfit/analyzer"
import { Effect, Layer } from "effect"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import { site } from "./support/FixtureSite.js"
import * as TestServer from "./support/TestServer.js"

// The built-in analysis end to end: a job site on 127.0.0.2 (allowed for this server only), the real fetcher,
// extraction, matching, scoring and CV writing, through REST.
const analysis = Layer.mergeAll(
  HttpPostingSource.layerWith({ allow: ["127.0.0.2"] }),
  BuiltinAnalyzer.layerWith({}),
  BuiltinCvWriter.layer
)

const postings = [
  "jsonld-plain.html",
  "jsonld-graph.html",
  "jsonld-array.html",
  "jsonld-escaped.html",
  "jsonld-nested.html",
  "jsonld-remote.html",
  "noisy.html",
  "posting.jsonld"
]

interface AnalyzeBody {
  readonly job_id: number
  readonly match_score: number
  readonly verdict: string
  readonly matching_skills: ReadonlyArray<string>
  readonly missing_skills: ReadonlyArray<string>
  readonly red_flags: ReadonlyArray<unknown>
  readonly assessment: string
  readonly breakdown: ReadonlyArray<{ readonly factor: string; readonly weight: number }>
  readonly evidence: ReadonlyArray<{ readonly skill: string; readonly quote: string }>
  readonly cost_cents: number
}

describe("analysis with the built-in analyzer", () => {
  layer(TestServer.layer({ store: sqlite, analysis }), { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.scoped("analyzes each fixture posting served locally, with breakdown and evidence", () =>
      Effect.gen(function*() {
        const { origin } = yield* site
        const { key, user } = yield* Fixtures.user({ cents: 5 * postings.length })
        for (const file of postings) {
          const reply = yield* Client.call(key, "analyze_job", { job_url: `${origin}/${file}` })
          assert.strictEqual(reply.status, 200, `${file}: ${reply.text}`)
          const body = reply.body as AnalyzeBody
          assert.isTrue(Number.isInteger(body.match_score) && body.match_score >= 0 && body.match_score <= 100, file)
          assert.include(["APPLY", "MAYBE", "SKIP"], body.verdict)
          assert.isAbove(body.assessment.length, 40, file)
          assert.isAbove(body.breakdown.length, 0, file)
          assert.strictEqual(body.cost_cents, 5)
          for (const skill of body.matching_skills) assert.notInclude(body.missing_skills, skill)
          for (const item of body.evidence) assert.isAbove(item.quote.length, 0, `${file}: ${item.skill}`)
        }
        const ledger = yield* Fixtures.ledgerOf(user.id)
        assert.deepStrictEqual([ledger.balance, ledger.charges, ledger.refunds], [0, postings.length, 0])
      }))

    it.scoped("writes the CV of an analyzed job in markdown, html and JSON Resume", () =>
      Effect.gen(function*() {
        const { origin } = yield* site
        const { key } = yield* Fixtures.user({ cents: 35 })
        const job = (yield* Client.call(key, "analyze_job", { job_url: `${origin}/jsonld-plain.html` }))
          .body as AnalyzeBody
        for (const format of ["markdown", "html", "json"]) {
          const reply = yield* Client.call(key, "generate_cv", { job_id: job.job_id, format })
          assert.strictEqual(reply.status, 200, reply.text)
          const cv = reply.body as {
            job_id: number
            format: string
            content: string
            resume: object
            cost_cents: number
          }
          assert.deepInclude(cv, { job_id: job.job_id, format, cost_cents: 10 })
          assert.include(cv.content, "Ada Lovelace")
        }
        const json = (yield* Client.call(key, "get_credits")).body
        assert.deepStrictEqual(json, { credits: { balance_dollars: "0.00", balance_cents: 0 } })
      }))

    it.scoped("refuses loopback addresses and pages that are not postings, charging nothing", () =>
      Effect.gen(function*() {
        const { origin } = yield* site
        const { key, user } = yield* Fixtures.user({ cents: 10 })
        const loopback = yield* Client.call(key, "analyze_job", { job_url: "http://127.0.0.1:9/job" })
        assert.strictEqual(loopback.status, 400)
        assert.deepInclude((loopback.body as { detail: object }).detail, { code: "URL_NOT_ALLOWED" })
        const notPosting = yield* Client.call(key, "analyze_job", { job_url: `${origin}/not-a-posting.html` })
        assert.strictEqual(notPosting.status, 422)
        assert.deepInclude((notPosting.body as { detail: object }).detail, { code: "POSTING_UNREACHABLE" })
        const missing = yield* Client.call(key, "analyze_job", { job_url: `${origin}/gone.html` })
        assert.strictEqual(missing.status, 422)
        const ledger = yield* Fixtures.ledgerOf(user.id)
        assert.deepStrictEqual([ledger.balance, ledger.sum], [10, 10])
      }))
  })
})
