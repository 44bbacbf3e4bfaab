import { assert, describe, it } from "@effect/vitest"
import { AccountStore, Admin, MemoryStore, PrincipalCache } from "@jobfit/core"
import { Effect, Either, Layer, TestClock } from "effect"

/** The MemoryStore's AccountStore, counting the authentications that reach it, under the cache. */
const setup = () => {
  let reached = 0
  const memory = MemoryStore.make().layer
  const counted = Layer.effect(
    AccountStore.AccountStore,
    Effect.map(AccountStore.AccountStore, (store) =>
      AccountStore.AccountStore.of({
        ...store,
        authenticate: (secret) => Effect.suspend(() => (reached++, store.authenticate(secret)))
      }))
  ).pipe(Layer.provide(memory))
  const cached = PrincipalCache.layer.pipe(Layer.provide(counted))
  const layer = Layer.mergeAll(
    Admin.Admin.Default.pipe(Layer.provide(Layer.merge(memory, cached))),
    cached
  )
  return { layer, reached: () => reached }
}

describe("PrincipalCache", () => {
  it.effect("asks the store once a second for a busy key, and forgets a key revoked or re-scoped here at once", () => {
    const { layer, reached } = setup()
    return Effect.gen(function*() {
      const admin = yield* Admin.Admin
      const accounts = yield* AccountStore.AccountStore
      yield* admin.createUser({ email: "busy@example.com" })
      const { apiKey, secret } = yield* admin.createKey({ email: "busy@example.com", scopes: ["jobs_read"] })
      for (let i = 0; i < 5; i++) yield* accounts.authenticate(secret)
      assert.strictEqual(reached(), 1)
      yield* TestClock.adjust("1001 millis")
      yield* accounts.authenticate(secret)
      assert.strictEqual(reached(), 2)
      yield* admin.updateKey(apiKey.id, ["jobs_read", "jobs_write"])
      assert.deepStrictEqual((yield* accounts.authenticate(secret)).key.scopes, ["jobs_read", "jobs_write"])
      yield* admin.revokeKey(apiKey.id)
      assert.isTrue(Either.isLeft(yield* Effect.either(accounts.authenticate(secret))))
      // A refused key is never remembered: each try asks the store.
      const before = reached()
      yield* Effect.either(accounts.authenticate("jf_live_nope"))
      yield* Effect.either(accounts.authenticate("jf_live_nope"))
      assert.strictEqual(reached(), before + 2)
    }).pipe(Effect.provide(layer))
  })
})
