import { assert } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as Client from "../support/Client.js"
import * as Fixtures from "../support/Fixtures.js"
import { resume } from "../support/Fixtures.js"
import { DASHBOARD_URL } from "../support/TestServer.js"
import type { It } from "./Types.js"

const analyze = (key: string, jobUrl: string, force?: boolean) =>
  Client.call(key, "analyze_job", force === undefined ? { job_url: jobUrl } : { job_url: jobUrl, force })

const decodeAnalyzed = Schema.decodeUnknownSync(Schema.Struct({ job_id: Schema.Int, analyzed_at: Schema.String }))

const jobIdOf = (reply: Client.Reply): number => {
  assert.strictEqual(reply.status, 200, reply.text)
  return decodeAnalyzed(reply.body).job_id
}

/** The user's balance, and that the ledger's entries add up to it. */
const balanceOf = (userId: Parameters<typeof Fixtures.ledgerOf>[0]) =>
  Effect.map(Fixtures.ledgerOf(userId), (ledger) => {
    assert.strictEqual(ledger.sum, ledger.balance, "the ledger adds up to the balance")
    return ledger
  })

/** analyze_job and generate_cv: what they answer, what they charge, and what they give back. */
export const contract = (it: It) => {
  it.effect("analyze_job answers the analysis and charges 5", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 12 })
      const url = "https://jobs.example.com/postings/staff-engineer?utm=E2E"
      const reply = yield* analyze(seeded.key, url)
      assert.strictEqual(reply.status, 200, reply.text)
      const { analyzed_at, job_id } = decodeAnalyzed(reply.body)
      assert.match(analyzed_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/)
      assert.deepStrictEqual(reply.body, {
        job_id,
        url,
        title: "staff-engineer",
        company: "Acme",
        location: "Berlin",
        match_score: 80,
        verdict: "APPLY",
        matching_skills: ["TypeScript", "Effect"],
        missing_skills: ["Rust"],
        red_flags: [],
        assessment: "A good fit.",
        analyzer: "test",
        status: "analyzed",
        analyzed_at,
        cached: false,
        cost_cents: 5
      })
      const ledger = yield* balanceOf(seeded.user.id)
      assert.deepStrictEqual([ledger.balance, ledger.charges, ledger.refunds], [7, 1, 0])
    }))

  it.effect("URL_NOT_ALLOWED for file:, ftp: and credentials, charging nothing", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 50 })
      const cases = [
        ["file:///etc/passwd", "The URL scheme file: is not allowed; use http or https"],
        ["ftp://jobs.example.com/job.txt", "The URL scheme ftp: is not allowed; use http or https"],
        ["https://user:secret@jobs.example.com/job", "URLs with credentials are not allowed"]
      ] as const
      for (const [url, message] of cases) {
        const reply = yield* analyze(seeded.key, url)
        assert.strictEqual(reply.status, 400, url)
        assert.deepStrictEqual(reply.body, { detail: { code: "URL_NOT_ALLOWED", message } })
      }
      const ledger = yield* balanceOf(seeded.user.id)
      assert.deepStrictEqual([ledger.balance, ledger.charges], [50, 0])
    }))

  it.effect("POSTING_UNREACHABLE charges nothing", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 5 })
      const reply = yield* analyze(seeded.key, "https://jobs.example.com/unreachable")
      assert.strictEqual(reply.status, 422)
      assert.deepStrictEqual(reply.body, {
        detail: { code: "POSTING_UNREACHABLE", message: "The posting answered 404" }
      })
      // The price is taken when the job is saved: a call that fails before that leaves no ledger entry.
      const ledger = yield* balanceOf(seeded.user.id)
      assert.deepStrictEqual([ledger.balance, ledger.charges, ledger.refunds], [5, 0, 0])
      assert.strictEqual((yield* analyze(seeded.key, "https://jobs.example.com/fine")).status, 200)
    }))

  it.effect("within 24 h the same URL is cached and free; force: true runs and charges again", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 20 })
      const url = "https://jobs.example.com/cached-role"
      const first = yield* analyze(seeded.key, url)
      const jobId = jobIdOf(first)
      const again = yield* analyze(seeded.key, url)
      assert.strictEqual(again.status, 200)
      assert.deepInclude(again.body, { job_id: jobId, cached: true, cost_cents: 0 })
      assert.strictEqual((yield* balanceOf(seeded.user.id)).balance, 15)
      const forced = yield* analyze(seeded.key, url, true)
      assert.strictEqual(forced.status, 200)
      assert.deepInclude(forced.body, { job_id: jobId, cached: false, cost_cents: 5 })
      const ledger = yield* balanceOf(seeded.user.id)
      assert.deepStrictEqual([ledger.balance, ledger.charges, ledger.refunds], [10, 2, 0])
      const jobs = yield* Client.call(seeded.key, "get_saved_jobs")
      assert.deepInclude(jobs.body, { total: 1 })
    }))

  it.effect("402 INSUFFICIENT_CREDITS with integer required_credits and available_credits", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 3 })
      const reply = yield* analyze(seeded.key, "https://jobs.example.com/too-dear")
      assert.strictEqual(reply.status, 402)
      assert.deepStrictEqual(reply.body, {
        detail: {
          code: "INSUFFICIENT_CREDITS",
          message: "Insufficient credits: this call costs 5, the balance is 3",
          required_credits: 5,
          available_credits: 3,
          dashboard_url: `${DASHBOARD_URL}/credits`
        }
      })
      assert.strictEqual((yield* balanceOf(seeded.user.id)).balance, 3)
    }))

  it.effect("422 PROFILE_NOT_FOUND when the user has no profile, charging nothing", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 50, profile: false })
      const reply = yield* analyze(seeded.key, "https://jobs.example.com/any")
      assert.strictEqual(reply.status, 422)
      assert.deepStrictEqual(reply.body, {
        detail: {
          code: "PROFILE_NOT_FOUND",
          message: "User profile not found",
          dashboard_url: `${DASHBOARD_URL}/profile`
        }
      })
      const ledger = yield* balanceOf(seeded.user.id)
      assert.deepStrictEqual([ledger.balance, ledger.charges], [50, 0])
    }))

  it.effect("500 INTERNAL_ERROR shows nothing of the defect and charges nothing", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 5 })
      const reply = yield* analyze(seeded.key, "https://jobs.example.com/defect")
      assert.strictEqual(reply.status, 500)
      assert.deepStrictEqual(reply.body, { detail: { code: "INTERNAL_ERROR", message: "Internal server error" } })
      for (const leak of ["SELECT", "secret", "api_keys", "jf_live", "at "]) assert.notInclude(reply.text, leak)
      const ledger = yield* balanceOf(seeded.user.id)
      assert.deepStrictEqual([ledger.balance, ledger.charges, ledger.refunds], [5, 0, 0])
    }))

  it.effect("generate_cv writes a CV for one of the user's jobs and charges 10", () =>
    Effect.gen(function*() {
      const seeded = yield* Fixtures.user({ cents: 15 })
      const jobId = jobIdOf(yield* analyze(seeded.key, "https://jobs.example.com/cv-target"))
      const reply = yield* Client.call(seeded.key, "generate_cv", { job_id: jobId })
      assert.strictEqual(reply.status, 200, reply.text)
      assert.deepStrictEqual(reply.body, {
        job_id: jobId,
        format: "markdown",
        content: "CV (markdown) for cv-target",
        resume,
        cost_cents: 10
      })
      assert.strictEqual((yield* balanceOf(seeded.user.id)).balance, 0)
    }))

  it.effect("another user's job is 404 JOB_NOT_FOUND for get_job and generate_cv, which charges nothing", () =>
    Effect.gen(function*() {
      const owner = yield* Fixtures.user({ cents: 5 })
      const jobId = jobIdOf(yield* analyze(owner.key, "https://jobs.example.com/private"))
      const mine = yield* Client.call(owner.key, "get_job", { job_id: jobId })
      assert.strictEqual(mine.status, 200)
      assert.deepInclude(mine.body, { id: jobId, url: "https://jobs.example.com/private" })
      const other = yield* Fixtures.user({ cents: 100 })
      const notFound = { detail: { code: "JOB_NOT_FOUND", message: `Job ${jobId} not found`, job_id: jobId } }
      for (const tool of ["get_job", "generate_cv"]) {
        const reply = yield* Client.call(other.key, tool, { job_id: jobId })
        assert.strictEqual(reply.status, 404, tool)
        assert.deepStrictEqual(reply.body, notFound)
      }
      const ledger = yield* balanceOf(other.user.id)
      assert.deepStrictEqual([ledger.balance, ledger.charges], [100, 0])
    }))
}
