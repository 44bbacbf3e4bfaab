import { assert } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as Client from "../support/Client.js"
import * as Fixtures from "../support/Fixtures.js"
import { titleOf } from "../support/TestAnalyzer.js"
import type { It } from "./Types.js"

const Job = Schema.Struct({
  id: Schema.Int,
  title: Schema.String,
  company: Schema.String,
  location: Schema.String,
  match_score: Schema.Int,
  verdict: Schema.String,
  status: Schema.String,
  analyzed_at: Schema.String,
  url: Schema.String
})

const JobList = Schema.Struct({
  jobs: Schema.Array(Job),
  total: Schema.Int,
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Schema.String)
})

// Exact keys: a job or a list with a field more or less fails here.
const decodeList = Schema.decodeUnknownSync(JobList, { onExcessProperty: "error" })

const COUNT = 23

const list = (key: string, args?: unknown) =>
  Effect.map(Client.call(key, "get_saved_jobs", args), (reply) => {
    assert.strictEqual(reply.status, 200, reply.text)
    return decodeList(reply.body)
  })

/** A user with COUNT analysed jobs; the URLs in the order they were analysed. */
const userWithJobs = Effect.gen(function*() {
  const seeded = yield* Fixtures.user({ cents: COUNT * 5 })
  const urls = Array.from({ length: COUNT }, (_, i) => `https://jobs.example.com/listing/job-${i}?ref=e2e`)
  for (const url of urls) {
    const reply = yield* Client.call(seeded.key, "analyze_job", { job_url: url })
    assert.strictEqual(reply.status, 200, reply.text)
  }
  return { ...seeded, urls }
})

/** get_saved_jobs: the limit's bounds and default, total and has_more, paging, filters, the job's shape. */
export const contract = (it: It) => {
  it.effect("the default limit is 10; total counts every job; has_more says more exist", () =>
    Effect.gen(function*() {
      const { key, urls } = yield* userWithJobs
      const page = yield* list(key)
      assert.strictEqual(page.jobs.length, 10)
      assert.strictEqual(page.total, COUNT)
      assert.isTrue(page.has_more)
      assert.isString(page.next_cursor)
      // Newest first, each job exactly as analysed.
      assert.deepStrictEqual(page.jobs.map((job) => job.url), [...urls].reverse().slice(0, 10))
      const job = page.jobs[0]!
      assert.deepStrictEqual({ ...job, id: 0, analyzed_at: "" }, {
        id: 0,
        title: titleOf(urls[COUNT - 1]!),
        company: "Acme",
        location: "Berlin",
        match_score: 80,
        verdict: "APPLY",
        status: "analyzed",
        analyzed_at: "",
        url: urls[COUNT - 1]!
      })
      assert.match(job.analyzed_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/)

      const one = yield* list(key, { limit: 1 })
      assert.deepStrictEqual([one.jobs.length, one.total, one.has_more], [1, COUNT, true])
      const all = yield* list(key, { limit: 50 })
      assert.deepStrictEqual([all.jobs.length, all.total, all.has_more, all.next_cursor], [COUNT, COUNT, false, null])
      const exact = yield* list(key, { limit: COUNT })
      assert.deepStrictEqual([exact.jobs.length, exact.has_more, exact.next_cursor], [COUNT, false, null])
    }))

  it.effect("next_cursor walks every job once, in order", () =>
    Effect.gen(function*() {
      const { key } = yield* userWithJobs
      const everything = (yield* list(key, { limit: 50 })).jobs.map((job) => job.id)
      const seen: Array<number> = []
      const sizes: Array<number> = []
      let cursor: string | null = null
      do {
        const page: typeof JobList.Type = yield* list(key, cursor === null ? { limit: 10 } : { limit: 10, cursor })
        assert.strictEqual(page.total, COUNT)
        seen.push(...page.jobs.map((job) => job.id))
        sizes.push(page.jobs.length)
        assert.strictEqual(page.has_more, page.next_cursor !== null)
        cursor = page.next_cursor
      } while (cursor !== null)
      assert.deepStrictEqual(sizes, [10, 10, 3])
      assert.deepStrictEqual(seen, everything)
      assert.strictEqual(new Set(seen).size, COUNT)
      const bad = yield* Client.call(key, "get_saved_jobs", { cursor: "not-a-cursor" })
      assert.strictEqual(bad.status, 400)
    }))

  it.effect("a status filter returns only that status, and total counts the filtered jobs", () =>
    Effect.gen(function*() {
      const { key } = yield* userWithJobs
      const ids = (yield* list(key, { limit: 50 })).jobs.map((job) => job.id)
      const move = (jobId: number, status: string) =>
        Effect.map(Client.call(key, "update_job_status", { job_id: jobId, status }), (reply) => {
          assert.strictEqual(reply.status, 200, reply.text)
        })
      for (const id of ids.slice(0, 3)) yield* move(id, "saved")
      for (const id of ids.slice(3, 5)) yield* move(id, "applied")
      const totals = {
        all: (yield* list(key, { status: "all" })).total,
        analyzed: (yield* list(key, { status: "analyzed", limit: 50 })).total,
        saved: (yield* list(key, { status: "saved" })).total,
        applied: (yield* list(key, { status: "applied" })).total
      }
      assert.deepStrictEqual(totals, { all: COUNT, analyzed: COUNT - 5, saved: 3, applied: 2 })
      const saved = yield* list(key, { status: "saved", limit: 2 })
      assert.deepStrictEqual(saved.jobs.map((job) => job.status), ["saved", "saved"])
      assert.deepStrictEqual([saved.total, saved.has_more], [3, true])
      const analyzed = yield* list(key, { status: "analyzed", limit: 50 })
      assert.isTrue(analyzed.jobs.every((job) => job.status === "analyzed"))
      assert.strictEqual(analyzed.jobs.length, COUNT - 5)
    }))

  it.effect("a user without jobs gets an empty page", () =>
    Effect.gen(function*() {
      const { key } = yield* Fixtures.user()
      assert.deepStrictEqual(yield* list(key), { jobs: [], total: 0, has_more: false, next_cursor: null })
    }))
}
