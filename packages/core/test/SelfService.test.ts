import { assert, describe, it } from "@effect/vitest"
import {
  type Account,
  AccountStore,
  Admin,
  Errors,
  MemoryStore,
  PaymentProvider,
  PrincipalCache,
  SelfService,
  Vouchers
} from "@jobfit/core"
import { Effect, Either, Layer } from "effect"

const setup = () => {
  const memory = MemoryStore.make().layer
  const accounts = Layer.merge(memory, PrincipalCache.layer.pipe(Layer.provide(memory)))
  return Layer.mergeAll(
    SelfService.layer.pipe(Layer.provide(PaymentProvider.layerVouchers)),
    Admin.Admin.Default,
    PaymentProvider.layerVouchers
  ).pipe(Layer.provideMerge(accounts))
}

const signIn = (email: string) =>
  Effect.gen(function*() {
    const admin = yield* Admin.Admin
    const user = yield* admin.createUser({ email })
    return { user, session: { id: `s-${email}`, scopes: ["jobs_read"] } } satisfies Account.SessionPrincipal
  })

describe("SelfService", () => {
  it.effect("makes a key with the scopes a user may hold, never admin, each once, with a checked name", () =>
    Effect.gen(function*() {
      const self = yield* SelfService.SelfService
      const ann = yield* signIn("ann@example.com")
      const made = yield* self.createKey(ann, {
        name: "  laptop ",
        scopes: ["jobs_read", "admin", "jobs_read", "nonsense", "credits_read"]
      })
      assert.strictEqual(made.apiKey.name, "laptop")
      assert.deepStrictEqual(made.apiKey.scopes, ["jobs_read", "credits_read"])
      const accounts = yield* AccountStore.AccountStore
      assert.deepStrictEqual((yield* accounts.authenticate(made.secret)).key.scopes, ["jobs_read", "credits_read"])
      assert.strictEqual((yield* self.createKey(ann, { name: " ", scopes: ["jobs_read"] })).apiKey.name, "default")

      const refused = yield* Effect.flip(self.createKey(ann, { name: "x".repeat(101), scopes: ["admin"] }))
      assert.deepStrictEqual(refused.problems, {
        name: "Use at most 100 characters",
        scopes: "Choose at least one scope"
      })
      assert.strictEqual((yield* self.keys(ann)).length, 2)
    }).pipe(Effect.provide(setup())))

  it.effect("re-scopes and revokes only the user's own keys; another user's key is not found and stays as it was", () =>
    Effect.gen(function*() {
      const self = yield* SelfService.SelfService
      const accounts = yield* AccountStore.AccountStore
      const ann = yield* signIn("ann@example.com")
      const bob = yield* signIn("bob@example.com")
      const bobs = yield* self.createKey(bob, { name: "bob", scopes: ["jobs_read"] })

      assert.deepStrictEqual(
        yield* Effect.flip(self.revokeKey(ann, bobs.apiKey.id)),
        new Errors.ApiKeyNotFound({ key_id: bobs.apiKey.id })
      )
      assert.deepStrictEqual(
        yield* Effect.flip(self.rescopeKey(ann, bobs.apiKey.id, ["jobs_write"])),
        new Errors.ApiKeyNotFound({ key_id: bobs.apiKey.id })
      )
      assert.deepStrictEqual((yield* accounts.authenticate(bobs.secret)).key.scopes, ["jobs_read"])

      const none = yield* Effect.flip(self.rescopeKey(bob, bobs.apiKey.id, ["admin"]))
      assert.strictEqual(none._tag, "KeyRequestInvalid")
      const rescoped = yield* self.rescopeKey(bob, bobs.apiKey.id, ["jobs_write", "admin"])
      assert.deepStrictEqual(rescoped.scopes, ["jobs_write"])
      // The principal cache forgets it at once: the new scopes apply to the next call.
      assert.deepStrictEqual((yield* accounts.authenticate(bobs.secret)).key.scopes, ["jobs_write"])

      const revoked = yield* self.revokeKey(bob, bobs.apiKey.id)
      assert.isNotNull(revoked.revoked_at)
      assert.strictEqual((yield* Effect.either(accounts.authenticate(bobs.secret)))._tag, "Left")
    }).pipe(Effect.provide(setup())))

  it.effect("adds credits through the payment provider (a voucher, once) and reads the balance and history", () =>
    Effect.gen(function*() {
      const self = yield* SelfService.SelfService
      const vouchers = yield* Vouchers.Vouchers
      const ann = yield* signIn("ann@example.com")
      const { code } = yield* vouchers.create(500, "welcome")
      const added = yield* self.addCredits(ann, { code: code.toLowerCase() })
      assert.deepStrictEqual(added, { _tag: "Credited", cents: 500, balance_cents: 500 })
      const again = yield* Effect.either(self.addCredits(ann, { code }))
      assert.deepStrictEqual(again, Either.left(new Errors.VoucherInvalid()))
      const credits = yield* self.credits(ann, { limit: 10 })
      assert.strictEqual(credits.balance_cents, 500)
      assert.deepStrictEqual(credits.entries.map((e) => [e.kind, e.amount_cents, e.note]), [[
        "grant",
        500,
        `voucher ${code.slice(0, 7)}…`
      ]])
    }).pipe(Effect.provide(setup())))
})
