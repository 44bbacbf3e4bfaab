import { assert } from "@effect/vitest"
import { Cursor, Ids, type Job, JobStore, Transactor } from "@jobfit/core"
import { DateTime, Effect, Option, TestClock } from "effect"
import { analysis, newUser, type StoreIt } from "./Fixtures.js"

const at = (millis: number) => DateTime.unsafeMake(millis)
const millisOf = (job: Job.Job) => DateTime.toEpochMillis(job.analyzed_at)

/** Follows next cursors (through their wire form, as a client would) until the last page. */
const allPages = (userId: Ids.UserId, status: Job.JobStatus | "all", limit: number) =>
  Effect.gen(function*() {
    const jobs = yield* JobStore.JobStore
    const pages: Array<JobStore.JobPage> = []
    let after = Option.none<Cursor.Cursor>()
    for (let i = 0; i < 50; i++) {
      const page = yield* jobs.list(userId, { status, limit, after })
      pages.push(page)
      if (Option.isNone(page.next)) break
      after = Cursor.decode(Cursor.encode(page.next.value))
    }
    return pages
  })

/** Expected order: analyzed_at desc, then id desc. */
const ordered = (saved: ReadonlyArray<JobStore.StoredJob>) =>
  [...saved].sort((a, b) => millisOf(b.job) - millisOf(a.job) || b.job.id - a.job.id).map((s) => s.job.id)

export const jobsContract = (it: StoreIt) => {
  it.effect("sorts by score or company and filters by verdict, search and follow-up day, with keyset pages", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const user = yield* newUser
      const made = [
        ["Nurse", "Zeta Care", 40, "SKIP"],
        ["Backend Engineer", "acme", 90, "APPLY"],
        ["Data 100% Analyst", "Beta_Corp", 60, "MAYBE"],
        ["Frontend Engineer", "Acme", 90, "APPLY"],
        ["Designer", "Coda", 75, "APPLY"]
      ] as const
      const ids: Array<number> = []
      for (const [i, [title, company, match_score, verdict]] of made.entries()) {
        const saved = yield* jobs.saveAnalysis(
          user.id,
          `https://example.com/sorted/${i}`,
          analysis({ title, company, match_score, verdict }),
          at(1_700_000_000_000 + i * 1000)
        )
        ids.push(saved.job.id)
      }
      const walk = (query: Partial<JobStore.ListQuery>) =>
        Effect.gen(function*() {
          const seen: Array<number> = []
          let after = Option.none<Cursor.Cursor>()
          let total = -1
          for (let i = 0; i < 10; i++) {
            const page = yield* jobs.list(user.id, { status: "all", limit: 2, ...query, after })
            total = page.total
            seen.push(...page.jobs.map((j) => j.id))
            if (Option.isNone(page.next)) break
            after = Cursor.decode(Cursor.encode(page.next.value))
          }
          return { seen, total }
        })
      // Ties (90, 90; acme, Acme) fall back to id, newest first.
      assert.deepStrictEqual((yield* walk({ sort: "score" })).seen, [ids[3], ids[1], ids[4], ids[2], ids[0]])
      assert.deepStrictEqual((yield* walk({ sort: "company" })).seen, [ids[3], ids[1], ids[2], ids[4], ids[0]])
      assert.deepStrictEqual((yield* walk({ sort: "date" })).seen, [ids[4], ids[3], ids[2], ids[1], ids[0]])
      assert.deepStrictEqual(yield* walk({ verdict: "APPLY", sort: "score" }), {
        seen: [ids[3], ids[1], ids[4]],
        total: 3
      })
      assert.deepStrictEqual(yield* walk({ search: "ENGINEER" }), { seen: [ids[3], ids[1]], total: 2 })
      assert.deepStrictEqual(yield* walk({ search: "acme" }), { seen: [ids[3], ids[1]], total: 2 })
      // % and _ are searched as themselves.
      assert.deepStrictEqual(yield* walk({ search: "100%" }), { seen: [ids[2]], total: 1 })
      // "e_g" would match "Engineer" if _ were a wildcard.
      assert.deepStrictEqual(yield* walk({ search: "e_g" }), { seen: [], total: 0 })
      assert.deepStrictEqual(yield* walk({ search: "beta_" }), { seen: [ids[2]], total: 1 })
      yield* jobs.track(user.id, ids[0]! as Ids.JobId, { follow_up_on: "2026-11-20" })
      yield* jobs.track(user.id, ids[2]! as Ids.JobId, { follow_up_on: "2026-11-25" })
      yield* jobs.track(user.id, ids[4]! as Ids.JobId, { follow_up_on: "2026-12-01" })
      assert.deepStrictEqual(yield* walk({ followUpBy: "2026-11-25" }), { seen: [ids[2], ids[0]], total: 2 })
      assert.deepStrictEqual((yield* walk({ status: "applied", followUpBy: "2026-11-25" })).total, 0)
    }))

  it.effect("keeps notes and days per job for its user; a move to applied sets the day applied once", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const [ada, bob] = [yield* newUser, yield* newUser]
      const job = (yield* jobs.saveAnalysis(ada.id, "https://example.com/track", analysis(), at(1_700_000_000_000))).job
      assert.deepStrictEqual(yield* jobs.tracking(ada.id, job.id), { notes: "", applied_on: null, follow_up_on: null })
      assert.strictEqual((yield* Effect.flip(jobs.tracking(bob.id, job.id)))._tag, "JobNotFound")
      assert.strictEqual((yield* Effect.flip(jobs.track(bob.id, job.id, { notes: "mine" })))._tag, "JobNotFound")
      assert.deepStrictEqual(
        yield* jobs.track(ada.id, job.id, { notes: "Called Kim, ‘next week’", follow_up_on: "2026-12-01" }),
        {
          notes: "Called Kim, ‘next week’",
          applied_on: null,
          follow_up_on: "2026-12-01"
        }
      )
      // A field left out stays; null clears a day.
      assert.deepStrictEqual(yield* jobs.track(ada.id, job.id, { follow_up_on: null }), {
        notes: "Called Kim, ‘next week’",
        applied_on: null,
        follow_up_on: null
      })
      yield* TestClock.setTime(Date.UTC(2026, 10, 25, 12))
      yield* jobs.setStatus(ada.id, job.id, "analyzed", "applied")
      assert.strictEqual((yield* jobs.tracking(ada.id, job.id)).applied_on, "2026-11-25")
      yield* jobs.track(ada.id, job.id, { applied_on: "2026-11-20" })
      const other =
        (yield* jobs.saveAnalysis(ada.id, "https://example.com/track2", analysis(), at(1_700_000_000_000))).job
      yield* jobs.track(ada.id, other.id, { applied_on: "2026-11-01" })
      yield* jobs.setStatus(ada.id, other.id, "analyzed", "applied")
      assert.strictEqual((yield* jobs.tracking(ada.id, other.id)).applied_on, "2026-11-01")
      assert.strictEqual((yield* jobs.tracking(ada.id, job.id)).applied_on, "2026-11-20")
      // The analysis of a URL again keeps what the user wrote.
      yield* jobs.saveAnalysis(ada.id, "https://example.com/track", analysis(), at(1_700_000_100_000))
      assert.strictEqual((yield* jobs.tracking(ada.id, job.id)).notes, "Called Kim, ‘next week’")
    }))

  it.effect("keeps the last CV per job and format, for its user only, and a failed transaction keeps none", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const transactor = yield* Transactor.Transactor
      const [ada, bob] = [yield* newUser, yield* newUser]
      const job = (yield* jobs.saveAnalysis(ada.id, "https://example.com/cv", analysis(), at(1_700_000_000_000))).job
      assert.isTrue(Option.isNone(yield* jobs.findCv(ada.id, job.id, "markdown")))
      const cv = {
        job_id: job.id,
        format: "markdown" as const,
        content: "# Ada",
        resume: { basics: { name: "Ada" }, work: [{ startDate: "Jan 2020" }] },
        generated_at: at(1_700_000_000_500)
      }
      yield* jobs.saveCv(ada.id, cv)
      assert.deepStrictEqual(Option.getOrThrow(yield* jobs.findCv(ada.id, job.id, "markdown")), cv)
      assert.isTrue(Option.isNone(yield* jobs.findCv(ada.id, job.id, "html")))
      assert.isTrue(Option.isNone(yield* jobs.findCv(bob.id, job.id, "markdown")))
      const newer = { ...cv, content: "# Ada, again", generated_at: at(1_700_000_001_000) }
      yield* jobs.saveCv(ada.id, newer)
      yield* jobs.saveCv(ada.id, { ...cv, format: "html", content: "<h1>Ada</h1>" })
      assert.deepStrictEqual(Option.getOrThrow(yield* jobs.findCv(ada.id, job.id, "markdown")), newer)
      assert.strictEqual(Option.getOrThrow(yield* jobs.findCv(ada.id, job.id, "html")).content, "<h1>Ada</h1>")
      yield* Effect.either(transactor.withTransaction(
        Effect.zipRight(jobs.saveCv(ada.id, { ...cv, format: "json", content: "{}" }), Effect.fail("charge refused"))
      ))
      assert.isTrue(Option.isNone(yield* jobs.findCv(ada.id, job.id, "json")))
    }))

  it.effect("stores a new analysis as an analyzed job and finds it by id and by exact url", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const user = yield* newUser
      const url = "HTTPS://Example.com/Jobs/1?ref=Mail#top"
      const full = analysis({
        red_flags: [{ code: "unpaid_trial", severity: "high", message: "Unpaid trial", evidence: "trial week" }],
        breakdown: [{ factor: "skills", weight: 0.6, score: 0.75, detail: "3 of 4" }],
        evidence: [{ skill: "TypeScript", importance: "required", matched: true, quote: "strong TypeScript" }]
      })
      const saved = yield* jobs.saveAnalysis(user.id, url, full, at(1_700_000_000_123))
      assert.isTrue(saved.job.id > 0)
      assert.strictEqual(saved.job.status, "analyzed")
      assert.strictEqual(saved.job.url, url)
      assert.strictEqual(millisOf(saved.job), 1_700_000_000_123)
      assert.deepStrictEqual(
        [saved.job.title, saved.job.company, saved.job.location, saved.job.match_score, saved.job.verdict],
        [full.title, full.company, full.location, full.match_score, full.verdict]
      )
      assert.deepStrictEqual(saved.analysis, full)

      const found = yield* jobs.find(user.id, saved.job.id)
      assert.deepStrictEqual(found.analysis, full)
      assert.strictEqual(found.job.id, saved.job.id)
      assert.strictEqual(millisOf(found.job), 1_700_000_000_123)
      const byUrl = yield* jobs.findByUrl(user.id, url)
      assert.strictEqual(Option.getOrThrow(byUrl).job.id, saved.job.id)
      assert.isTrue(Option.isNone(yield* jobs.findByUrl(user.id, "https://example.com/Jobs/1?ref=Mail#top")))
      assert.isTrue(Option.isNone(yield* jobs.findByUrl(user.id, "HTTPS://Example.com/Jobs/1")))
    }))

  it.effect("re-analysing a url keeps its id and status and replaces the analysis", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const user = yield* newUser
      const url = "https://example.com/jobs/again"
      const first = yield* jobs.saveAnalysis(user.id, url, analysis(), at(1_000))
      yield* jobs.setStatus(user.id, first.job.id, "analyzed", "saved")
      const next = analysis({ title: "Staff Engineer", company: "Acme 2", location: "Berlin", match_score: 41 })
      const second = yield* jobs.saveAnalysis(user.id, url, { ...next, verdict: "SKIP" }, at(5_000))
      assert.strictEqual(second.job.id, first.job.id)
      assert.strictEqual(second.job.status, "saved")
      assert.deepStrictEqual(
        [second.job.title, second.job.company, second.job.location, second.job.match_score, second.job.verdict],
        ["Staff Engineer", "Acme 2", "Berlin", 41, "SKIP"]
      )
      assert.strictEqual(millisOf(second.job), 5_000)
      const found = yield* jobs.find(user.id, first.job.id)
      assert.strictEqual(found.analysis.title, "Staff Engineer")
      assert.strictEqual(found.job.status, "saved")
      const page = yield* jobs.list(user.id, { status: "all", limit: 10, after: Option.none() })
      assert.strictEqual(page.total, 1)
    }))

  it.effect("never shows another user's job", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const owner = yield* newUser
      const other = yield* newUser
      const url = "https://example.com/jobs/private"
      const saved = yield* jobs.saveAnalysis(owner.id, url, analysis(), at(1_000))
      const error = yield* Effect.flip(jobs.find(other.id, saved.job.id))
      assert.strictEqual(error._tag, "JobNotFound")
      assert.strictEqual(error.job_id, saved.job.id)
      assert.isTrue(Option.isNone(yield* jobs.findByUrl(other.id, url)))
      const page = yield* jobs.list(other.id, { status: "all", limit: 10, after: Option.none() })
      assert.deepStrictEqual([page.jobs.length, page.total, page.has_more], [0, 0, false])
      const moved = yield* Effect.flip(jobs.setStatus(other.id, saved.job.id, "analyzed", "saved"))
      assert.strictEqual(moved._tag, "JobNotFound")
      assert.strictEqual((yield* jobs.find(owner.id, saved.job.id)).job.status, "analyzed")
      // The same url is a job of its own for another user.
      const theirs = yield* jobs.saveAnalysis(other.id, url, analysis(), at(2_000))
      assert.notStrictEqual(theirs.job.id, saved.job.id)
    }))

  it.effect("setStatus is a compare-and-set", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const user = yield* newUser
      const saved = yield* jobs.saveAnalysis(user.id, "https://example.com/jobs/cas", analysis(), at(1_000))
      const moved = yield* jobs.setStatus(user.id, saved.job.id, "analyzed", "saved")
      assert.strictEqual(Option.getOrThrow(moved).status, "saved")
      assert.strictEqual(Option.getOrThrow(moved).id, saved.job.id)
      assert.isTrue(Option.isNone(yield* jobs.setStatus(user.id, saved.job.id, "analyzed", "applied")))
      assert.strictEqual((yield* jobs.find(user.id, saved.job.id)).job.status, "saved")
      const missing = yield* Effect.flip(jobs.setStatus(user.id, Ids.JobId.make(2_000_000_000), "saved", "applied"))
      assert.strictEqual(missing._tag, "JobNotFound")
    }))

  it.effect("pages newest first with a keyset cursor, ids breaking ties between equal times", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const user = yield* newUser
      const times = [1_000, 2_000, 2_000, 2_000, 3_000, 3_000, 500, 2_000]
      const saved = yield* Effect.forEach(
        times,
        (millis, i) => jobs.saveAnalysis(user.id, `https://example.com/jobs/${i}`, analysis(), at(millis))
      )
      const expected = ordered(saved)
      const pages = yield* allPages(user.id, "all", 3)
      assert.deepStrictEqual(pages.flatMap((page) => page.jobs.map((job) => job.id)), expected)
      assert.deepStrictEqual(pages.map((page) => page.jobs.length), [3, 3, 2])
      assert.deepStrictEqual(pages.map((page) => page.has_more), [true, true, false])
      assert.deepStrictEqual(pages.map((page) => page.total), [8, 8, 8])
      assert.deepStrictEqual(Option.getOrNull(pages[0]!.next), { analyzedAtMillis: 2_000, id: expected[2]! })
      assert.isTrue(Option.isNone(pages[2]!.next))

      const one = yield* allPages(user.id, "all", 1)
      assert.deepStrictEqual(one.flatMap((page) => page.jobs.map((job) => job.id)), expected)
      const exact = yield* jobs.list(user.id, { status: "all", limit: 8, after: Option.none() })
      assert.deepStrictEqual([exact.jobs.length, exact.has_more, Option.isNone(exact.next)], [8, false, true])
      const wide = yield* jobs.list(user.id, { status: "all", limit: 50, after: Option.none() })
      assert.deepStrictEqual(wide.jobs.map((job) => job.id), expected)
      assert.isFalse(wide.has_more)

      // A cursor past the last job: no rows, and the totals still count every match, filtered or not.
      const past = Option.some({ analyzedAtMillis: 500, id: expected[7]! })
      const beyond = yield* jobs.list(user.id, { status: "all", limit: 3, after: past })
      assert.deepStrictEqual([beyond.jobs.length, beyond.total, beyond.has_more], [0, 8, false])
      const narrowed = yield* jobs.list(user.id, { status: "all", limit: 3, after: past, verdict: "APPLY" })
      assert.deepStrictEqual([narrowed.jobs.length, narrowed.total, narrowed.has_more], [0, 8, false])
    }))

  it.effect("filters by status, with totals counting every match wherever the page starts", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const user = yield* newUser
      const times = [1_000, 2_000, 2_000, 2_000, 3_000, 3_000, 4_000]
      const saved = yield* Effect.forEach(
        times,
        (millis, i) => jobs.saveAnalysis(user.id, `https://example.com/filter/${i}`, analysis(), at(millis))
      )
      const id = (i: number) => saved[i]!.job.id
      yield* jobs.setStatus(user.id, id(1), "analyzed", "saved")
      yield* jobs.setStatus(user.id, id(3), "analyzed", "saved")
      yield* jobs.setStatus(user.id, id(5), "analyzed", "applied")
      const statusOf = (i: number): Job.JobStatus => (i === 1 || i === 3 ? "saved" : i === 5 ? "applied" : "analyzed")
      const byStatus = (status: Job.JobStatus) => ordered(saved.filter((_, i) => statusOf(i) === status))

      for (const status of ["analyzed", "saved", "applied"] as const) {
        const pages = yield* allPages(user.id, status, 2)
        assert.deepStrictEqual(pages.flatMap((page) => page.jobs.map((job) => job.id)), byStatus(status), status)
        assert.isTrue(pages.every((page) => page.total === byStatus(status).length), status)
        assert.isTrue(pages.every((page) => page.jobs.every((job) => job.status === status)), status)
      }
      const all = yield* allPages(user.id, "all", 4)
      assert.deepStrictEqual(all.map((page) => page.total), [7, 7])
      assert.deepStrictEqual(all.map((page) => page.has_more), [true, false])
    }))
}
