import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Browser from "./support/Browser.js"
import * as Client from "./support/Client.js"
import { both } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const refused = (tool: string) => ({
  detail: {
    code: "INVALID_REQUEST",
    message: `Invalid arguments for ${tool}: Text must not contain NUL characters (U+0000)`
  }
})

// Text columns on PostgreSQL refuse NUL (U+0000): a caller's NUL is a clear 400, a page's NUL is dropped.
for (const database of both) {
  describe.runIf(database.enabled)(`NUL in text on ${database.name}`, () => {
    layer(TestServer.layer({ store: database.store }), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
      it.effect("a caller's NUL is 400 INVALID_REQUEST and changes nothing", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 20 })
          const analyzed = yield* Client.call(seeded.key, "analyze_job", {
            job_url: "https://jobs.example.com/nul-notes"
          })
          const jobId = (analyzed.body as { job_id: number }).job_id
          const notes = yield* Client.call(seeded.key, "track_job", { job_id: jobId, notes: "call back\u0000" })
          assert.deepStrictEqual([notes.status, notes.body], [400, refused("track_job")])
          const job = yield* Client.call(seeded.key, "get_job", { job_id: jobId })
          assert.deepInclude((job.body as { tracking: object }).tracking, { notes: "" })
          const profile = yield* Client.call(seeded.key, "update_profile", {
            resume: { basics: { name: "Ada\u0000" } }
          })
          assert.deepStrictEqual([profile.status, profile.body], [400, refused("update_profile")])
          const kept = yield* Client.call(seeded.key, "get_profile")
          assert.deepStrictEqual((kept.body as { resume: unknown }).resume, Fixtures.resume)
          const search = yield* Client.call(seeded.key, "get_saved_jobs", { search: "a\u0000" })
          assert.deepStrictEqual([search.status, search.body], [400, refused("get_saved_jobs")])
        }))

      it.effect("a posting's NUL is dropped before it is kept: the job is saved and charged once", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user({ cents: 20 })
          const analyzed = yield* Client.call(seeded.key, "analyze_job", {
            job_url: "https://jobs.example.com/nul-byte"
          })
          assert.strictEqual(analyzed.status, 200, analyzed.text)
          assert.deepInclude(analyzed.body, { company: "Acme", cost_cents: 5 })
          const ledger = yield* Fixtures.ledgerOf(seeded.user.id)
          assert.deepStrictEqual([ledger.balance, ledger.charges], [15, 1])
        }))

      it.effect("a dashboard form's NUL is dropped: a key named with one is saved without it", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const email = `nul-${Date.now().toString(36)}-${database.name}@example.com`
          yield* Browser.signUpAndIn(browser, { email, name: "Nul\u0000", password: "a long enough password" })
          yield* browser.get("/dashboard/keys")
          const made = yield* browser.post("/dashboard/keys", { name: "lap\u0000top", scopes: "jobs_read" })
          assert.strictEqual(made.status, 200, Browser.textOf(made.text))
          assert.include(Browser.textOf((yield* browser.get("/dashboard/keys")).text), "laptop")
        }))
    })
  })
}
