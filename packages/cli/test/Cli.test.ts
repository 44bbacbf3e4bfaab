import { assert, describe, it } from "@effect/vitest"
import { Seed } from "@jobfit/cli"
import { AccountStore, JobStore } from "@jobfit/core"
import { SqlStore } from "@jobfit/store-sql"
import { Effect, Option, Schema } from "effect"
import * as path from "node:path"
import { afterAll } from "vitest"
import {
  decodeJson,
  environment,
  errorOf,
  isOneErrorLine,
  onlyJson,
  runIn,
  tempDir,
  writeFile
} from "./support/Harness.js"

const { dir, remove } = tempDir()
afterAll(remove)
const store = SqlStore.layerSqlite(path.join(dir, "cli.db"))
const jobfit = runIn(environment(store))

describe("jobs seed", () => {
  it.effect("stores N varied analysed jobs through the JobStore, and more on a second run", () =>
    Effect.gen(function*() {
      yield* jobfit("users", "create", "--email", "seed@example.com")
      const run = yield* jobfit("jobs", "seed", "--email", "seed@example.com", "--count", "25", "--json")
      assert.strictEqual(run.code, 0, run.stderr)
      assert.deepStrictEqual(decodeJson(Schema.Struct({ created: Schema.Int }), run), { created: 25 })
      const text = yield* jobfit("jobs", "seed", "--email", "seed@example.com", "--count", "5")
      assert.match(text.stdout, /^Stored 5 synthetic jobs for seed@example.com \(.*seed\/26 to .*seed\/30\)\n$/)

      const page = yield* Effect.gen(function*() {
        const user = yield* (yield* AccountStore.AccountStore).findUserByEmail("seed@example.com")
        return yield* (yield* JobStore.JobStore).list(user.id, { status: "all", limit: 50, after: Option.none() })
      }).pipe(Effect.provide(store))
      assert.strictEqual(page.total, 30)
      const jobs = page.jobs
      assert.strictEqual(new Set(jobs.map((job) => job.url)).size, 30)
      assert.isTrue(jobs.every((job) => job.url.startsWith("https://jobs.example.com/seed/")))
      assert.isAbove(new Set(jobs.map((job) => job.title)).size, 5)
      assert.isAbove(new Set(jobs.map((job) => job.company)).size, 5)
      assert.isAbove(new Set(jobs.map((job) => job.match_score)).size, 10)
      assert.deepStrictEqual(new Set(jobs.map((job) => job.verdict)), new Set(["APPLY", "MAYBE", "SKIP"]))
      assert.deepStrictEqual(new Set(jobs.map((job) => job.status)), new Set(["analyzed", "saved", "applied"]))
      assert.isAbove(new Set(jobs.map((job) => job.analyzed_at.epochMillis)).size, 20)
    }))

  it.effect("refuses a bad count and an unknown user", () =>
    Effect.gen(function*() {
      for (const count of ["0", "-1", "2.5", "100001"]) {
        const run = yield* jobfit("jobs", "seed", "--email", "seed@example.com", "--count", count, "--json")
        assert.strictEqual(errorOf(run).code, "INVALID_REQUEST")
      }
      const nobody = yield* jobfit("jobs", "seed", "--email", "nobody@example.com", "--count", "1", "--json")
      assert.strictEqual(errorOf(nobody).code, "USER_NOT_FOUND")
    }))

  it("makes the same job for the same number, with a verdict that fits its score", () => {
    assert.deepStrictEqual(Seed.analysisOf(7), Seed.analysisOf(7))
    for (let n = 1; n <= 200; n++) {
      const { match_score, verdict } = Seed.analysisOf(n)
      assert.strictEqual(verdict, match_score >= 75 ? "APPLY" : match_score >= 50 ? "MAYBE" : "SKIP")
    }
  })
})

describe("failures without a store", () => {
  it.effect("usage errors are USAGE with exit code 2, also in JSON", () =>
    Effect.gen(function*() {
      const run = yield* jobfit("credits", "add", "--email", "a@b.c", "--json")
      assert.strictEqual(run.code, 2)
      assert.deepStrictEqual(onlyJson(run), {
        error: { code: "USAGE", message: "\"credits add\" needs --cents N" }
      })
      assert.strictEqual(run.stderr, "jobfit: \"credits add\" needs --cents N\n")
      const text = yield* jobfit("nope")
      assert.strictEqual(text.code, 2)
      assert.strictEqual(text.stdout, "")
      assert.isTrue(isOneErrorLine(text))
    }))

  it.effect("analyze checks its inputs, then says the analyzer is not available yet", () =>
    Effect.gen(function*() {
      const profile = writeFile(dir, "cv.json", JSON.stringify({ basics: { name: "Pat" } }))
      const run = yield* jobfit("analyze", "https://jobs.example.com/1", "--profile", profile, "--json")
      assert.strictEqual(run.code, 2)
      assert.deepStrictEqual(errorOf(run), {
        code: "SERVICE_UNAVAILABLE",
        message: "Job analysis is not available yet"
      })
      const scheme = yield* jobfit("analyze", "file:///etc/passwd", "--profile", profile, "--json")
      assert.strictEqual(errorOf(scheme).code, "URL_NOT_ALLOWED")
      const missing = yield* jobfit("analyze", "https://jobs.example.com/1", "--profile", "/nope.json", "--json")
      assert.strictEqual(errorOf(missing).code, "INVALID_REQUEST")
    }))

  it.effect("--help and --version print on stdout", () =>
    Effect.gen(function*() {
      const help = yield* jobfit("--help")
      assert.strictEqual(help.code, 0)
      assert.include(help.stdout, "jobs seed --email E --count N")
      assert.include((yield* jobfit("keys", "revoke", "--help")).stdout, "Usage: jobfit keys revoke --id ID")
      assert.deepStrictEqual(onlyJson(yield* jobfit("--version", "--json")), { name: "jobfit", version: "0.1.0" })
    }))

  it.effect("a bad JOBFIT_DATABASE_URL is one line naming it; the URL's password is never shown", () =>
    Effect.gen(function*() {
      const bad = runIn(environment(SqlStore.layerFromUrl("mysql://root:hunter2@db/jobfit")))
      const run = yield* bad("users", "create", "--email", "a@b.c", "--json")
      assert.strictEqual(run.code, 1)
      assert.strictEqual(errorOf(run).code, "INVALID_CONFIG")
      assert.include(String(errorOf(run).message), "JOBFIT_DATABASE_URL")
      assert.notInclude(run.stdout + run.stderr, "hunter2")
      assert.isTrue(isOneErrorLine(run))
      const notAFolder = writeFile(dir, "not-a-folder", "")
      const unwritable = runIn(environment(SqlStore.layerSqlite(path.join(notAFolder, "x.db"))))
      const blocked = yield* unwritable("keys", "list", "--email", "a@b.c", "--json")
      assert.strictEqual(errorOf(blocked).code, "STORE_UNAVAILABLE")
      assert.isTrue(isOneErrorLine(blocked))
    }))
})
