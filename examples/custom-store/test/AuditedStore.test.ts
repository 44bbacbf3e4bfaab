import { assert, describe, it } from "@effect/vitest"
import { AccountStore, Ids, Ledger } from "@jobfit/core"
import { createJobfit } from "@jobfit/embedded"
import { TestDatabases } from "@jobfit/store-sql"
import { dashboardStoreContract, storeContract, StoreFixtures } from "@jobfit/testing"
import { Effect, Layer } from "effect"
import { audited, memoryLog } from "../src/AuditedStore.js"

// The decorated store keeps every rule the plain one does: the same suites, one import away.
storeContract("audited SQLite store", audited(TestDatabases.sqlite).pipe(Layer.provide(memoryLog().layer)))
dashboardStoreContract("audited SQLite store", audited(TestDatabases.sqlite).pipe(Layer.provide(memoryLog().layer)))

describe("audited store", () => {
  it.scoped("records what succeeded: grants, charges, refunds and key changes; a refused charge records nothing", () =>
    Effect.gen(function*() {
      const log = memoryLog()
      const context = yield* Layer.build(audited(TestDatabases.sqlite).pipe(Layer.provide(log.layer)))
      yield* Effect.gen(function*() {
        const ledger = yield* Ledger.Ledger
        const accounts = yield* AccountStore.AccountStore
        const user = yield* StoreFixtures.newUser
        yield* ledger.grant(user.id, 10, "test")
        const charge = yield* ledger.charge(user.id, 4, "analyze_job")
        yield* ledger.refund(charge)
        const refused = yield* Effect.flip(ledger.charge(user.id, 100, "analyze_job"))
        assert.strictEqual(refused._tag, "InsufficientCredits")
        const { apiKey } = yield* accounts.createKey(user.id, { name: "k", scopes: ["jobs_read"] })
        yield* accounts.updateKeyScopes(apiKey.id, ["credits_read"])
        yield* accounts.revokeKey(apiKey.id)
        assert.deepStrictEqual(log.entries, [
          { action: "grant", userId: user.id, cents: 10 },
          { action: "charge", userId: user.id, cents: 4 },
          { action: "refund", chargeId: charge },
          { action: "key created", keyId: apiKey.id },
          { action: "key scopes", keyId: apiKey.id },
          { action: "key revoked", keyId: apiKey.id }
        ])
      }).pipe(Effect.provide(context))
    }))

  it("is what createJobfit runs on when given as its store", async () => {
    const log = memoryLog()
    const jobfit = await createJobfit({ store: audited(TestDatabases.sqlite).pipe(Layer.provide(log.layer)) })
    try {
      const user = await jobfit.admin.createUser({ email: "audit@example.com" })
      await jobfit.admin.addCredits("audit@example.com", 250)
      assert.deepStrictEqual(log.entries, [{ action: "grant", userId: Ids.UserId.make(user.id), cents: 250 }])
    } finally {
      await jobfit.dispose()
    }
  })
})
