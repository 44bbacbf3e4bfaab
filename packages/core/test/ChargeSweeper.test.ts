import { assert, describe, it } from "@effect/vitest"
import { Admin, ChargeSweeper, Ledger, MemoryStore } from "@jobfit/core"
import { Effect, Layer, TestClock } from "effect"

describe("ChargeSweeper", () => {
  it.scoped("refunds a charge left pending for longer than ten minutes, and only then", () =>
    Effect.gen(function*() {
      const admin = yield* Admin.Admin
      const ledger = yield* Ledger.Ledger
      const user = yield* admin.createUser({ email: "s@example.com" })
      yield* admin.addCredits("s@example.com", 10)
      yield* ledger.charge(user.id, 5, "analyze_job")
      yield* Layer.launch(ChargeSweeper.layer).pipe(Effect.forkScoped)
      yield* TestClock.adjust("9 minutes")
      assert.strictEqual(yield* ledger.balance(user.id), 5)
      yield* TestClock.adjust("2 minutes")
      assert.strictEqual(yield* ledger.balance(user.id), 10)
    }).pipe(Effect.provide(Admin.Admin.Default.pipe(Layer.provideMerge(MemoryStore.layer)))))
})
