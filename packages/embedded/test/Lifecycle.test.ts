import { assert, describe, it } from "@effect/vitest"
import { ClosedError, createJobfit, InsufficientCreditsError, JobfitError, StartFailedError } from "@jobfit/embedded"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Fixtures from "./support/Fixtures.js"

describe("lifecycle", () => {
  it("dispose closes the database; later calls reject with ClosedError; the data stays", async () => {
    const temp = Fixtures.tempDir()
    try {
      const database = path.join(temp.dir, "jobfit.db")
      const jobfit = await createJobfit(Fixtures.options(database))
      const seeded = await Fixtures.seed(jobfit, { cents: 42 })
      assert.isTrue(fs.existsSync(`${database}-wal`), "the open database has a write-ahead log")
      await Promise.all([jobfit.dispose(), jobfit.dispose()])
      assert.isFalse(fs.existsSync(`${database}-wal`), "closing the last connection removes the log")
      const error = await Fixtures.rejection(jobfit.getCredits(seeded.key))
      assert.instanceOf(error, ClosedError)
      assert.deepInclude(error, { code: "CLOSED", status: 503 })
      assert.instanceOf(await Fixtures.rejection(jobfit.admin.listKeys(seeded.email)), ClosedError)
      const response = await jobfit.handler(new Request("http://host/api/mcp/status"))
      assert.strictEqual(response.status, 503)
      assert.deepInclude(await response.json(), {
        detail: { code: "CLOSED", message: error instanceof Error ? error.message : "" }
      })

      const reopened = await createJobfit(Fixtures.options(database))
      assert.strictEqual((await reopened.getCredits(seeded.key)).credits.balance_cents, 42)
      await reopened.dispose()
    } finally {
      temp.remove()
    }
  })

  it("a bad option or an unusable database rejects createJobfit with one StartFailedError line", async () => {
    const temp = Fixtures.tempDir()
    const file = path.join(temp.dir, "file")
    fs.writeFileSync(file, "not a folder")
    const cases = [
      [
        { database: "mysql://db/jobfit" },
        "Invalid option database: the database option uses the unsupported scheme mysql:"
      ],
      [{ database: "sqlite:" }, "Invalid option database: the database option has no file path after sqlite:"],
      [
        { database: path.join(file, "jobfit.db") },
        `Cannot open the database: The SQLite database ${file}/jobfit.db cannot be`
      ],
      [{ database: ":memory:", prices: { analyze_job: 2.5 } }, "Invalid option prices.analyze_job: 2.5;"],
      [{ database: ":memory:", rateLimits: { burst: -1 } }, "Invalid option rateLimits.burst: -1;"]
    ] as const
    for (const [options, message] of cases) {
      const error = await Fixtures.rejection(createJobfit({ ...options, logLevel: "none" }))
      assert.instanceOf(error, StartFailedError)
      assert.instanceOf(error, JobfitError)
      assert.strictEqual(error instanceof JobfitError ? error.code : "", "START_FAILED")
      assert.isTrue(error instanceof Error && error.message.startsWith(message), String(error))
      assert.notInclude(error instanceof Error ? error.message : "", "\n")
    }
    temp.remove()
  })

  it("50 concurrent analyzeJob calls with credits for 5: exactly 5 succeed, the rest are 402", async () => {
    const temp = Fixtures.tempDir()
    const jobfit = await createJobfit(Fixtures.options(path.join(temp.dir, "jobfit.db")))
    try {
      const seeded = await Fixtures.seed(jobfit, { cents: 25 })
      const results = await Promise.allSettled(
        Array.from(
          { length: 50 },
          (_, i) => jobfit.analyzeJob(seeded.key, { job_url: `https://jobs.example.com/${i}` })
        )
      )
      const fulfilled = results.filter((r) => r.status === "fulfilled")
      const rejected = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []))
      assert.strictEqual(fulfilled.length, 5)
      assert.strictEqual(rejected.length, 45)
      assert.isTrue(rejected.every((reason) => reason instanceof InsufficientCreditsError))
      assert.strictEqual((await jobfit.getCredits(seeded.key)).credits.balance_cents, 0)
      assert.strictEqual((await jobfit.getSavedJobs(seeded.key)).total, 5)
    } finally {
      await jobfit.dispose()
      temp.remove()
    }
  })
})
