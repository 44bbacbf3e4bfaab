import { assert, describe, it } from "@effect/vitest"
import { AccountStore, JobStore, MemoryStore } from "@jobfit/core"
import { DateTime, Effect, Option } from "effect"

// The test double changes its state when an effect runs, never when it is built, as a real store does.
describe("MemoryStore", () => {
  it.effect("revokes a key and moves a job only when the effect runs", () => {
    const memory = MemoryStore.make()
    return Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const jobs = yield* JobStore.JobStore
      const user = yield* accounts.createUser({ email: "ada@example.com", name: "Ada" })
      const { apiKey: key, secret } = yield* accounts.createKey(user.id, { name: "k", scopes: ["jobs_read"] })
      const revoke = accounts.revokeKey(key.id)
      assert.strictEqual((yield* accounts.authenticate(secret)).key.id, key.id)
      yield* revoke
      assert.strictEqual((yield* Effect.flip(accounts.authenticate(secret)))._tag, "InvalidApiKey")
      const analysis = {
        title: "T",
        company: "C",
        location: "L",
        match_score: 50,
        verdict: "MAYBE" as const,
        matching_skills: [],
        missing_skills: [],
        red_flags: [],
        assessment: "",
        analyzer: "test"
      }
      const stored = yield* jobs.saveAnalysis(user.id, "https://e.com/1", analysis, DateTime.unsafeMake(0))
      const move = jobs.setStatus(user.id, stored.job.id, "analyzed", "saved")
      assert.strictEqual((yield* jobs.find(user.id, stored.job.id)).job.status, "analyzed")
      assert.isTrue(Option.isSome(yield* move))
      assert.strictEqual((yield* jobs.find(user.id, stored.job.id)).job.status, "saved")
    }).pipe(Effect.provide(memory.layer))
  })
})
