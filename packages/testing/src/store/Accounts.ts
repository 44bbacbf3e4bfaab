import { assert } from "@effect/vitest"
import { AccountStore, ApiKey, Ids, type Profile } from "@jobfit/core"
import { Clock, DateTime, Effect, Option, TestClock } from "effect"
import { randomBytes } from "node:crypto"
import { newUser, type StoreIt } from "./Fixtures.js"

const millis = (dateTime: DateTime.Utc | null) => (dateTime === null ? null : DateTime.toEpochMillis(dateTime))

const profile: Profile.Profile = {
  resume: {
    basics: { name: "Ada Lovelace", email: "ada@example.com", location: { city: "London" } },
    skills: [{ name: "TypeScript", keywords: ["Effect"] }],
    work: [{ name: "Analytical Engines", position: "Engineer", highlights: ["Wrote the first program"] }],
    "x-custom": { kept: true }
  },
  preferences: { remote: "remote", min_salary: 100_000, salary_currency: "EUR", seniority: "senior" }
}

export const accountsContract = (it: StoreIt) => {
  it.effect("creates a user and finds it by email, whatever the case", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      assert.isTrue(user.id > 0)
      const found = yield* accounts.findUserByEmail(user.email.toUpperCase())
      assert.deepStrictEqual([found.id, found.email, found.name], [user.id, user.email, user.name])
    }))

  it.effect("refuses a taken email, whatever the case, with EmailTaken", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      const error = yield* Effect.flip(accounts.createUser({ email: user.email.toUpperCase(), name: "Other" }))
      assert.strictEqual(error._tag, "EmailTaken")
    }))

  it.effect("an unknown email is UserNotFound", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const error = yield* Effect.flip(accounts.findUserByEmail("nobody-at-all@example.com"))
      assert.strictEqual(error._tag, "UserNotFound")
      assert.strictEqual(error.email, "nobody-at-all@example.com")
    }))

  it.effect("creates a key shown once, lists it without its secret, and authenticates with it", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      const { apiKey, secret } = yield* accounts.createKey(user.id, { name: "ci", scopes: ["jobs_read", "admin"] })
      assert.isTrue(ApiKey.isWellFormed(secret))
      assert.strictEqual(apiKey.prefix, ApiKey.prefixOf(secret))
      assert.deepStrictEqual(apiKey.scopes, ["jobs_read", "admin"])
      assert.strictEqual(apiKey.user_id, user.id)
      assert.isNull(apiKey.last_used_at)
      assert.isNull(apiKey.revoked_at)

      const listed = yield* accounts.listKeys(user.id)
      assert.deepStrictEqual(listed.map((key) => [key.id, key.name, key.prefix]), [[apiKey.id, "ci", apiKey.prefix]])
      assert.notInclude(JSON.stringify(listed), secret.slice(ApiKey.PREFIX.length + 6))

      const principal = yield* accounts.authenticate(secret)
      assert.strictEqual(principal.user.id, user.id)
      assert.strictEqual(principal.user.email, user.email)
      assert.deepStrictEqual(principal.key, { id: apiKey.id, name: "ci", scopes: ["jobs_read", "admin"] })
      const [used] = yield* accounts.listKeys(user.id)
      assert.isNotNull(used!.last_used_at)
    }))

  it.effect("lists only the user's own keys, oldest first", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      const other = yield* newUser
      const first = yield* accounts.createKey(user.id, { name: "one", scopes: ["jobs_read"] })
      const second = yield* accounts.createKey(user.id, { name: "two", scopes: [] })
      yield* accounts.createKey(other.id, { name: "theirs", scopes: ["jobs_read"] })
      const listed = yield* accounts.listKeys(user.id)
      assert.deepStrictEqual(listed.map((key) => key.id), [first.apiKey.id, second.apiKey.id])
      assert.deepStrictEqual(listed[1]!.scopes, [])
    }))

  it.effect("refuses an unknown key with InvalidApiKey", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const error = yield* Effect.flip(accounts.authenticate(ApiKey.format(randomBytes(32))))
      assert.strictEqual(error._tag, "InvalidApiKey")
      assert.strictEqual(error.message, "Invalid or revoked API key")
    }))

  it.effect("a revoked key no longer authenticates; revoking again keeps the first time", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      const { apiKey, secret } = yield* accounts.createKey(user.id, { name: "old", scopes: ["jobs_read"] })
      yield* TestClock.adjust("1 hour")
      const revokedAt = yield* Clock.currentTimeMillis
      const revoked = yield* accounts.revokeKey(apiKey.id)
      assert.strictEqual(millis(revoked.revoked_at), revokedAt)
      const error = yield* Effect.flip(accounts.authenticate(secret))
      assert.strictEqual(error._tag, "InvalidApiKey")
      assert.strictEqual(error.message, "Invalid or revoked API key")
      yield* TestClock.adjust("1 hour")
      const again = yield* accounts.revokeKey(apiKey.id)
      assert.strictEqual(millis(again.revoked_at), revokedAt)
    }))

  it.effect("revoking an unknown key is ApiKeyNotFound", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const error = yield* Effect.flip(accounts.revokeKey(Ids.ApiKeyId.make(2_000_000_000)))
      assert.strictEqual(error._tag, "ApiKeyNotFound")
      assert.strictEqual(error.key_id, 2_000_000_000)
    }))

  it.effect("records the last use at most once a minute", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      const { secret } = yield* accounts.createKey(user.id, { name: "busy", scopes: ["jobs_read"] })
      const lastUsed = Effect.map(accounts.listKeys(user.id), ([key]) => millis(key!.last_used_at))
      yield* TestClock.adjust("10 minutes")
      const firstUse = yield* Clock.currentTimeMillis
      yield* accounts.authenticate(secret)
      assert.strictEqual(yield* lastUsed, firstUse)
      yield* TestClock.adjust("30 seconds")
      yield* accounts.authenticate(secret)
      assert.strictEqual(yield* lastUsed, firstUse)
      yield* TestClock.adjust("31 seconds")
      yield* accounts.authenticate(secret)
      assert.strictEqual(yield* lastUsed, firstUse + 61_000)
    }))

  it.effect("keeps a profile as sent, unknown resume keys included, and replaces it", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      assert.isTrue(Option.isNone(yield* accounts.getProfile(user.id)))
      yield* accounts.setProfile(user.id, profile)
      assert.deepStrictEqual(Option.getOrNull(yield* accounts.getProfile(user.id)), profile)
      const replaced: Profile.Profile = { resume: { basics: { name: "Grace" } }, preferences: {} }
      yield* accounts.setProfile(user.id, replaced)
      assert.deepStrictEqual(Option.getOrNull(yield* accounts.getProfile(user.id)), replaced)
      const other = yield* newUser
      assert.isTrue(Option.isNone(yield* accounts.getProfile(other.id)))
    }))

  it.effect("reads back a profile saved before today's checks (a date such as 'Jan 2020') as it was", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      const older: Profile.Profile = {
        resume: {
          basics: { url: "example.com", location: { countryCode: "Germany" } },
          work: [{ startDate: "Jan 2020" }]
        },
        preferences: {}
      }
      yield* accounts.setProfile(user.id, older)
      assert.deepStrictEqual(Option.getOrNull(yield* accounts.getProfile(user.id)), older)
    }))
}
