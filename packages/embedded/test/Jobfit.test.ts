import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { BuiltinAnalyzer } from "@jobfit/analyzer"
import { createJobfit, type Jobfit, UrlNotAllowedError } from "@jobfit/embedded"
import { createServer, type Server } from "node:http"
import * as path from "node:path"
import * as Fixtures from "./support/Fixtures.js"

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

const databases = [
  { name: "in-memory SQLite", database: () => ({ database: ":memory:", remove: () => {} }) },
  {
    name: "SQLite file",
    database: () => {
      const temp = Fixtures.tempDir()
      return { database: path.join(temp.dir, "nested", "jobfit.db"), remove: temp.remove }
    }
  }
]

describe.each(databases)("every method once, on $name", ({ database }) => {
  let jobfit: Jobfit
  let remove = () => {}

  beforeAll(async () => {
    const db = database()
    remove = db.remove
    jobfit = await createJobfit(Fixtures.options(db.database))
  })
  afterAll(async () => {
    await jobfit?.dispose()
    remove()
  })

  it("admin: users, keys, credits and profiles", async () => {
    const user = await jobfit.admin.createUser({ email: " Admin@Example.com ", name: "Ada" })
    assert.deepStrictEqual(user, { id: user.id, email: "admin@example.com", name: "Ada" })
    const created = await jobfit.admin.createKey({ email: user.email, scopes: ["jobs_read", "jobs_read"] })
    assert.deepInclude(created, { name: "default", scopes: ["jobs_read"] })
    assert.match(created.key, /^jf_live_/)
    assert.isTrue(created.key.startsWith(created.prefix))
    assert.deepStrictEqual(await jobfit.admin.addCredits(user.email, 1234), {
      balance_cents: 1234,
      balance_dollars: "12.34"
    })
    const profile = await jobfit.admin.setProfile(user.email, Fixtures.resume)
    assert.deepStrictEqual(profile, { resume: Fixtures.resume, preferences: {} })
    const [listed] = await jobfit.admin.listKeys(user.email)
    assert.deepInclude(listed, { id: created.id, prefix: created.prefix, last_used_at: null, revoked_at: null })
    assert.match(listed!.created_at, iso)
    const revoked = await jobfit.admin.revokeKey(created.id)
    assert.match(revoked.revoked_at ?? "", iso)
  })

  it("status, credits and the profile", async () => {
    const seeded = await Fixtures.seed(jobfit, { cents: 250 })
    const status = await jobfit.status(seeded.key)
    assert.deepStrictEqual(status.user, { id: seeded.userId, email: seeded.email })
    assert.deepStrictEqual(status.credits, { balance_cents: 250, balance_dollars: "2.50" })
    assert.deepStrictEqual(status.server, { name: "jobfit", version: "0.1.0" })
    assert.deepStrictEqual(await jobfit.getCredits(seeded.key), {
      credits: { balance_cents: 250, balance_dollars: "2.50" }
    })
    assert.deepStrictEqual(await jobfit.getProfile(seeded.key), { resume: Fixtures.resume, preferences: {} })
    const next = { resume: { basics: { name: "Grace" } }, preferences: { remote: "remote" as const } }
    assert.deepStrictEqual(await jobfit.updateProfile(seeded.key, next), next)
    assert.deepStrictEqual(await jobfit.getProfile(seeded.key), next)
  })

  it("analyzeJob, getSavedJobs, getJob, updateJobStatus and generateCv", async () => {
    const seeded = await Fixtures.seed(jobfit, { cents: 20 })
    const url = "https://jobs.example.com/postings/staff-engineer?utm=E2E"
    const analysis = await jobfit.analyzeJob(seeded.key, { job_url: url })
    assert.deepInclude(analysis, { url, title: "staff-engineer", match_score: 80, cached: false, cost_cents: 5 })
    assert.match(analysis.analyzed_at, iso)
    const saved = await jobfit.getSavedJobs(seeded.key, { status: "analyzed", limit: 5 })
    assert.deepStrictEqual(saved.jobs.map((job) => job.id), [analysis.job_id])
    assert.deepInclude(saved, { total: 1, has_more: false, next_cursor: null })
    const job = await jobfit.getJob(seeded.key, { job_id: analysis.job_id })
    assert.deepInclude(job.analysis, { verdict: "APPLY", assessment: "A good fit." })
    const moved = await jobfit.updateJobStatus(seeded.key, { job_id: analysis.job_id, status: "saved" })
    assert.strictEqual(moved.status, "saved")
    const cv = await jobfit.generateCv(seeded.key, { job_id: analysis.job_id, format: "html" })
    assert.deepStrictEqual(cv, {
      job_id: analysis.job_id,
      format: "html",
      content: "CV (html) for staff-engineer",
      resume: Fixtures.resume,
      cost_cents: 10
    })
    assert.deepStrictEqual((await jobfit.getCredits(seeded.key)).credits.balance_cents, 5)
    const cached = await jobfit.call(seeded.key, "analyze_job", { job_url: url })
    assert.deepInclude(cached, { job_id: analysis.job_id, cached: true, cost_cents: 0 })
  })

  it("an idempotencyKey makes a paid call run once: the retry gets the first result, uncharged", async () => {
    const seeded = await Fixtures.seed(jobfit, { cents: 10 })
    const args = { job_url: "https://jobs.example.com/postings/once", force: true }
    const first = await jobfit.analyzeJob(seeded.key, args, { idempotencyKey: "retry-1" })
    assert.deepStrictEqual(await jobfit.analyzeJob(seeded.key, args, { idempotencyKey: "retry-1" }), first)
    assert.deepStrictEqual((await jobfit.getCredits(seeded.key)).credits.balance_cents, 5)
    const conflict = await Fixtures.rejection(
      jobfit.call(seeded.key, "analyze_job", { job_url: "https://jobs.example.com/other" }, {
        idempotencyKey: "retry-1"
      })
    )
    assert.deepInclude(conflict, { code: "IDEMPOTENCY_CONFLICT", status: 409 })
  })
})

const posting = `<!doctype html><html><head><title>Staff Engineer</title>
<script type="application/ld+json">${
  JSON.stringify({
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: "Staff TypeScript Engineer",
    description: "<p>Northwind Labs builds logistics software. We are hiring a staff engineer for our routing " +
      "platform.</p><h3>What you'll do</h3><ul><li>Design and build services in TypeScript and Node.js</li>" +
      "<li>Mentor other engineers</li></ul><h3>Requirements</h3><ul><li>5+ years of software development</li>" +
      "<li>Strong TypeScript and Node.js</li><li>Experience with PostgreSQL</li></ul>",
    employmentType: "FULL_TIME",
    hiringOrganization: { "@type": "Organization", name: "Northwind Labs" },
    jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Hamburg" } }
  })
}</script></head><body><h1>Staff TypeScript Engineer</h1></body></html>`

describe("the built-in analysis by default", () => {
  let server: Server
  let url = ""
  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end(posting))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const address = server.address()
    url = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/jobs/1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it("fetches, analyzes and writes CVs, reaching a local address only when fetchAllow lists it", async () => {
    const strict = await createJobfit({ database: ":memory:", logLevel: "none" })
    const allowing = await createJobfit({ database: ":memory:", fetchAllow: ["127.0.0.1"], logLevel: "none" })
    try {
      const refused = await Fixtures.rejection(strict.analyzeJob((await Fixtures.seed(strict, { cents: 5 })).key, {
        job_url: url
      }))
      assert.instanceOf(refused, UrlNotAllowedError)
      const seeded = await Fixtures.seed(allowing, { cents: 15 })
      const analysis = await allowing.analyzeJob(seeded.key, { job_url: url })
      assert.deepInclude(analysis, { title: "Staff TypeScript Engineer", company: "Northwind Labs", url })
      assert.strictEqual(analysis.analyzer, BuiltinAnalyzer.ANALYZER_NAME)
      assert.include(analysis.matching_skills, "TypeScript")
      const cv = await allowing.generateCv(seeded.key, { job_id: analysis.job_id })
      assert.include(cv.content, "Ada Lovelace")
    } finally {
      await Promise.all([strict.dispose(), allowing.dispose()])
    }
  })

  it("analyses posting_text without fetching: the local URL is kept although it may not be fetched", async () => {
    const strict = await createJobfit({ database: ":memory:", logLevel: "none" })
    try {
      const seeded = await Fixtures.seed(strict, { cents: 5 })
      const analysis = await strict.analyzeJob(seeded.key, {
        job_url: url,
        posting_text: "Staff TypeScript Engineer\nNorthwind Labs - Remote\n\nNorthwind Labs builds logistics " +
          "software for regional carriers.\n\nRequirements\n- TypeScript\n" +
          "- Node.js and PostgreSQL\n- 6+ years building web services"
      })
      assert.deepInclude(analysis, {
        title: "Staff TypeScript Engineer",
        company: "Northwind Labs",
        url,
        cost_cents: 5
      })
      assert.include(analysis.matching_skills, "TypeScript")
    } finally {
      await strict.dispose()
    }
  })
})
