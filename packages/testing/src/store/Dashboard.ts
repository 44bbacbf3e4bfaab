import { assert, type Vitest } from "@effect/vitest"
import { AccountStore, Credentials, Ids, Ledger, OAuthStore, Vouchers } from "@jobfit/core"
import { DateTime, Duration, Effect, Either, Option, TestClock } from "effect"
import { inAnHour, newUser, type Stores } from "./Fixtures.js"

/** What a store provides for the dashboard, beside Stores. */
export type DashboardStores = Credentials.Credentials | Vouchers.Vouchers | OAuthStore.OAuthStore

export type DashboardIt = Vitest.MethodsNonLive<Stores | DashboardStores>

/** Credentials, Vouchers and key scopes: the rules any store keeps for the dashboard. */
export const dashboardContract = (it: DashboardIt) => {
  it.effect("OAuth: a client registers, a code is redeemed once, tokens authenticate, rotate once and revoke", () =>
    Effect.gen(function*() {
      const oauth = yield* OAuthStore.OAuthStore
      const user = yield* newUser
      const client = yield* oauth.registerClient({ client_name: "Assistant", redirect_uris: ["http://127.0.0.1:9/cb"] })
      assert.deepStrictEqual(Option.getOrThrow(yield* oauth.findClient(client.client_id)), client)
      assert.isTrue(Option.isNone(yield* oauth.findClient("jf_client_nobody")))
      const other = yield* oauth.registerClient({ client_name: "Other", redirect_uris: ["https://x.example/cb"] })
      assert.notStrictEqual(other.client_id, client.client_id)

      const grant = {
        client_id: client.client_id,
        user_id: user.id,
        scopes: ["jobs_read", "profile_read"] as const,
        redirect_uri: "http://127.0.0.1:9/cb",
        code_challenge: "challenge",
        resource: "http://127.0.0.1:8787/api/mcp"
      }
      const code = yield* oauth.createCode(grant, yield* inAnHour)
      assert.deepStrictEqual(Option.getOrThrow(yield* oauth.redeemCode(code)), grant)
      assert.isTrue(Option.isNone(yield* oauth.redeemCode(code)))
      const late = yield* oauth.createCode(grant, yield* inAnHour)
      yield* TestClock.adjust(Duration.hours(2))
      assert.isTrue(Option.isNone(yield* oauth.redeemCode(late)))

      const expires = { access: yield* inAnHour, refresh: DateTime.addDuration(yield* inAnHour, Duration.days(30)) }
      const { client_id, resource, scopes, user_id } = grant
      const tokens = yield* oauth.issueTokens({ client_id, user_id, scopes, resource }, expires)
      assert.isTrue(tokens.access_token.startsWith(OAuthStore.ACCESS_PREFIX))
      const bearer = Option.getOrThrow(yield* oauth.authenticate(tokens.access_token))
      assert.strictEqual(bearer.user.id, user.id)
      assert.deepInclude(bearer.grant, { client_id, client_name: "Assistant", scopes: ["jobs_read", "profile_read"] })
      assert.isTrue(Option.isNone(yield* oauth.authenticate(tokens.refresh_token)))

      assert.isTrue(Option.isNone(yield* oauth.refresh(tokens.refresh_token, other.client_id, expires)))
      const rotated = Option.getOrThrow(yield* oauth.refresh(tokens.refresh_token, client_id, expires))
      assert.deepStrictEqual(rotated.grant, { client_id, user_id, scopes: ["jobs_read", "profile_read"], resource })
      assert.isTrue(Option.isNone(yield* oauth.refresh(tokens.refresh_token, client_id, expires)))
      assert.isTrue(Option.isNone(yield* oauth.authenticate(tokens.access_token)))
      assert.strictEqual(Option.getOrThrow(yield* oauth.authenticate(rotated.access_token)).grant.id, bearer.grant.id)

      yield* TestClock.adjust(Duration.hours(2))
      assert.isTrue(Option.isNone(yield* oauth.authenticate(rotated.access_token)))
      const again = Option.getOrThrow(
        yield* oauth.refresh(rotated.refresh_token, client_id, {
          access: yield* inAnHour,
          refresh: DateTime.addDuration(yield* inAnHour, Duration.days(30))
        })
      )
      const listed = yield* oauth.connections(user.id)
      assert.deepStrictEqual(listed.map((c) => [c.id, c.client_name, c.scopes]), [[
        bearer.grant.id,
        "Assistant",
        ["jobs_read", "profile_read"]
      ]])
      const stranger = yield* newUser
      assert.isFalse(yield* oauth.disconnect(stranger.id, bearer.grant.id))
      assert.deepStrictEqual(yield* oauth.connections(stranger.id), [])
      assert.isTrue(Option.isSome(yield* oauth.authenticate(again.access_token)))
      yield* oauth.revoke(again.refresh_token)
      assert.deepStrictEqual(yield* oauth.connections(user.id), [])
      assert.isFalse(yield* oauth.disconnect(user.id, bearer.grant.id))
      const other2 = yield* oauth.issueTokens({ client_id, user_id, scopes, resource }, {
        access: yield* inAnHour,
        refresh: DateTime.addDuration(yield* inAnHour, Duration.days(30))
      })
      const second = (yield* oauth.connections(user.id))[0]!
      assert.isTrue(yield* oauth.disconnect(user.id, second.id))
      assert.isTrue(Option.isNone(yield* oauth.authenticate(other2.access_token)))
      assert.isTrue(Option.isNone(yield* oauth.authenticate(again.access_token)))
      assert.isTrue(Option.isNone(yield* oauth.refresh(again.refresh_token, client_id, expires)))
      yield* oauth.revoke("jf_oat_unknown")
    }))

  it.effect("OAuth: a code presented again ends the tokens issued from it, and those only", () =>
    Effect.gen(function*() {
      const oauth = yield* OAuthStore.OAuthStore
      const user = yield* newUser
      const client = yield* oauth.registerClient({ client_name: "Assistant", redirect_uris: ["http://127.0.0.1:9/cb"] })
      const grant = {
        client_id: client.client_id,
        user_id: user.id,
        scopes: ["jobs_read"] as const,
        redirect_uri: "http://127.0.0.1:9/cb",
        code_challenge: "challenge",
        resource: "http://127.0.0.1:8787/api/mcp"
      }
      const { client_id, resource, scopes, user_id } = grant
      const expires = { access: yield* inAnHour, refresh: DateTime.addDuration(yield* inAnHour, Duration.days(30)) }
      const live = (tokens: OAuthStore.Tokens) => Effect.map(oauth.authenticate(tokens.access_token), Option.isSome)
      const code = yield* oauth.createCode(grant, yield* inAnHour)
      const other = yield* oauth.createCode(grant, yield* inAnHour)
      assert.isTrue(Option.isSome(yield* oauth.redeemCode(code)))
      assert.isTrue(Option.isSome(yield* oauth.redeemCode(other)))
      const issued = yield* oauth.issueTokens({ client_id, user_id, scopes, resource }, expires, code)
      const bystander = yield* oauth.issueTokens({ client_id, user_id, scopes, resource }, expires, other)
      // Rotated, the grant is still the one the code made.
      const rotated = Option.getOrThrow(yield* oauth.refresh(issued.refresh_token, client_id, expires))
      assert.isTrue(yield* live(rotated))
      assert.isTrue(Option.isNone(yield* oauth.redeemCode(code)))
      assert.isFalse(yield* live(rotated))
      assert.isTrue(Option.isNone(yield* oauth.refresh(rotated.refresh_token, client_id, expires)))
      assert.isTrue(yield* live(bystander))
      assert.deepStrictEqual((yield* oauth.connections(user.id)).length, 1)
    }))

  it.effect("OAuth: a used refresh token presented again after the grace revokes its grant, within it is refused", () =>
    Effect.gen(function*() {
      const oauth = yield* OAuthStore.OAuthStore
      const user = yield* newUser
      const client = yield* oauth.registerClient({ client_name: "Assistant", redirect_uris: ["http://127.0.0.1:9/cb"] })
      const other = yield* oauth.registerClient({ client_name: "Other", redirect_uris: ["http://127.0.0.1:9/cb"] })
      const grant = {
        client_id: client.client_id,
        user_id: user.id,
        scopes: ["jobs_read"] as const,
        resource: "http://127.0.0.1:8787/api/mcp"
      }
      const expires = { access: yield* inAnHour, refresh: DateTime.addDuration(yield* inAnHour, Duration.days(30)) }
      const live = (tokens: OAuthStore.Tokens) => Effect.map(oauth.authenticate(tokens.access_token), Option.isSome)
      const bystander = yield* oauth.issueTokens(grant, expires)

      const issued = yield* oauth.issueTokens(grant, expires)
      const first = Option.getOrThrow(yield* oauth.refresh(issued.refresh_token, client.client_id, expires))
      // A retry at once (its answer lost), or a second request racing the first: refused, the grant lives on.
      assert.isTrue(Option.isNone(yield* oauth.refresh(issued.refresh_token, client.client_id, expires)))
      assert.isTrue(yield* live(first))
      const second = Option.getOrThrow(yield* oauth.refresh(first.refresh_token, client.client_id, expires))
      yield* TestClock.adjust(Duration.sum(OAuthStore.REUSE_GRACE, Duration.seconds(1)))
      // Two rotations back, after the grace: the grant ends, the newest tokens with it.
      assert.isTrue(Option.isNone(yield* oauth.refresh(issued.refresh_token, client.client_id, expires)))
      assert.isFalse(yield* live(second))
      assert.isTrue(Option.isNone(yield* oauth.refresh(second.refresh_token, client.client_id, expires)))
      assert.deepStrictEqual((yield* oauth.connections(user.id)).length, 1)

      // Presented by another client it is still a used token out in the world.
      const stolen = yield* oauth.issueTokens(grant, expires)
      const rotated = Option.getOrThrow(yield* oauth.refresh(stolen.refresh_token, client.client_id, expires))
      yield* TestClock.adjust(Duration.sum(OAuthStore.REUSE_GRACE, Duration.seconds(1)))
      assert.isTrue(yield* live(rotated))
      assert.isTrue(Option.isNone(yield* oauth.refresh(stolen.refresh_token, other.client_id, expires)))
      assert.isFalse(yield* live(rotated))

      // Unknown tokens and the other grant's tokens revoke nothing else.
      assert.isTrue(Option.isNone(yield* oauth.refresh("jf_ort_unknown", client.client_id, expires)))
      assert.isTrue(yield* live(bystander))
      assert.deepStrictEqual((yield* oauth.connections(user.id)).map((c) => c.client_name), ["Assistant"])
      assert.isTrue(Option.isSome(yield* oauth.refresh(bystander.refresh_token, client.client_id, expires)))
    }))

  it.effect("a password hash is kept as given and found by email in any case", () =>
    Effect.gen(function*() {
      const credentials = yield* Credentials.Credentials
      const user = yield* newUser
      const before = Option.getOrThrow(yield* credentials.findLogin(user.email.toUpperCase()))
      assert.strictEqual(before.user.id, user.id)
      assert.isTrue(Option.isNone(before.passwordHash))
      yield* credentials.setPasswordHash(user.id, "scrypt$1$2$3$salt$key")
      const after = Option.getOrThrow(yield* credentials.findLogin(user.email))
      assert.deepStrictEqual(after.passwordHash, Option.some("scrypt$1$2$3$salt$key"))
      assert.isTrue(Option.isNone(yield* credentials.findLogin("nobody-here@example.com")))
    }))

  it.effect("a session finds its user until it expires or is deleted; deleting a user's sessions spares others'", () =>
    Effect.gen(function*() {
      const credentials = yield* Credentials.Credentials
      const [ada, bob] = [yield* newUser, yield* newUser]
      const expires = yield* inAnHour
      const first = yield* credentials.createSession(ada.id, expires)
      const second = yield* credentials.createSession(ada.id, expires)
      const bobs = yield* credentials.createSession(bob.id, expires)
      assert.notStrictEqual(first, second)
      assert.strictEqual(Option.getOrThrow(yield* credentials.findSession(first)).id, ada.id)
      yield* credentials.deleteSession(first)
      assert.isTrue(Option.isNone(yield* credentials.findSession(first)))
      assert.isTrue(Option.isSome(yield* credentials.findSession(second)))
      yield* credentials.deleteSessionsOf(ada.id)
      assert.isTrue(Option.isNone(yield* credentials.findSession(second)))
      assert.strictEqual(Option.getOrThrow(yield* credentials.findSession(bobs)).id, bob.id)
      assert.isTrue(Option.isNone(yield* credentials.findSession("not-a-session")))
      const past = yield* credentials.createSession(
        bob.id,
        DateTime.subtractDuration(yield* DateTime.now, Duration.seconds(1))
      )
      assert.isTrue(Option.isNone(yield* credentials.findSession(past)))
    }))

  it.effect("a reset token gives its user once, and nothing once it has expired", () =>
    Effect.gen(function*() {
      const credentials = yield* Credentials.Credentials
      const user = yield* newUser
      const token = yield* credentials.createResetToken(user.id, yield* inAnHour)
      const uses = yield* Effect.all([credentials.consumeResetToken(token), credentials.consumeResetToken(token)])
      assert.deepStrictEqual(uses, [Option.some(user.id), Option.none()])
      const expired = yield* credentials.createResetToken(
        user.id,
        DateTime.subtractDuration(yield* DateTime.now, Duration.seconds(1))
      )
      assert.isTrue(Option.isNone(yield* credentials.consumeResetToken(expired)))
      assert.isTrue(Option.isNone(yield* credentials.consumeResetToken("unknown")))
    }))

  it.effect("sessions and reset tokens stop working when the clock passes their expiry", () =>
    Effect.gen(function*() {
      const credentials = yield* Credentials.Credentials
      const user = yield* newUser
      const expires = yield* inAnHour
      const session = yield* credentials.createSession(user.id, expires)
      const [late, inTime] = [
        yield* credentials.createResetToken(user.id, expires),
        yield* credentials.createResetToken(user.id, expires)
      ]
      yield* TestClock.adjust("59 minutes")
      assert.strictEqual(Option.getOrThrow(yield* credentials.findSession(session)).id, user.id)
      assert.deepStrictEqual(yield* credentials.consumeResetToken(inTime), Option.some(user.id))
      yield* TestClock.adjust("1 minute")
      assert.isTrue(Option.isNone(yield* credentials.findSession(session)))
      assert.isTrue(Option.isNone(yield* credentials.consumeResetToken(late)))
    }))

  it.effect("a voucher is redeemed once, as typed in any case or grouping, into a ledger grant", () =>
    Effect.gen(function*() {
      const vouchers = yield* Vouchers.Vouchers
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      const made = yield* vouchers.create(300, "contract")
      assert.match(made.code, /^JF-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/)
      assert.strictEqual(made.cents, 300)
      const typed = made.code.toLowerCase().replaceAll("-", " ")
      assert.deepStrictEqual(yield* vouchers.redeem(user.id, typed), { cents: 300, balance_cents: 300 })
      const again = yield* Effect.flip(vouchers.redeem(user.id, made.code))
      assert.strictEqual(again._tag, "VoucherInvalid")
      assert.strictEqual(
        (yield* Effect.flip(vouchers.redeem(user.id, "JF-0000-0000-0000-0000")))._tag,
        "VoucherInvalid"
      )
      const entries = yield* ledger.entries(user.id, { limit: 10 })
      assert.deepStrictEqual(entries.map((e) => [e.kind, e.amount_cents, e.note]), [[
        "grant",
        300,
        `voucher ${made.code.slice(0, 7)}…`
      ]])
      assert.strictEqual(yield* ledger.balance(user.id), 300)
    }))

  it.effect("twenty users redeeming one code at once: exactly one gets it", () =>
    Effect.gen(function*() {
      const vouchers = yield* Vouchers.Vouchers
      const ledger = yield* Ledger.Ledger
      const users = yield* Effect.all(Array.from({ length: 20 }, () => newUser))
      const { code } = yield* vouchers.create(700, "race")
      const outcomes = yield* Effect.all(users.map((u) => Effect.either(vouchers.redeem(u.id, code))), {
        concurrency: "unbounded"
      })
      assert.strictEqual(outcomes.filter(Either.isRight).length, 1)
      assert.isTrue(outcomes.filter(Either.isLeft).every((o) => o.left._tag === "VoucherInvalid"))
      const balances = yield* Effect.all(users.map((u) => ledger.balance(u.id)))
      assert.deepStrictEqual([...balances].sort((a, b) => b - a), [700, ...Array<number>(19).fill(0)])
      const rows = yield* Effect.all(users.map((u) => ledger.entries(u.id, { limit: 10 })))
      assert.deepStrictEqual(rows.flat().map((e) => [e.kind, e.amount_cents]), [["grant", 700]])
      const winner = outcomes.findIndex(Either.isRight)
      assert.strictEqual(rows[winner]?.length, 1)
    }))

  it.effect("a key's scopes are replaced; a revoked key stays revoked; an unknown key is ApiKeyNotFound", () =>
    Effect.gen(function*() {
      const accounts = yield* AccountStore.AccountStore
      const user = yield* newUser
      const { apiKey, secret } = yield* accounts.createKey(user.id, { name: "k", scopes: ["jobs_read"] })
      const updated = yield* accounts.updateKeyScopes(apiKey.id, ["credits_read", "jobs_analyze"])
      assert.deepStrictEqual(updated.scopes, ["credits_read", "jobs_analyze"])
      assert.deepStrictEqual((yield* accounts.authenticate(secret)).key.scopes, ["credits_read", "jobs_analyze"])
      yield* accounts.revokeKey(apiKey.id)
      const still = yield* accounts.updateKeyScopes(apiKey.id, ["jobs_read"])
      assert.isNotNull(still.revoked_at)
      assert.strictEqual((yield* Effect.flip(accounts.authenticate(secret)))._tag, "InvalidApiKey")
      const missing = yield* Effect.flip(accounts.updateKeyScopes(Ids.ApiKeyId.make(apiKey.id + 100_000), []))
      assert.strictEqual(missing._tag, "ApiKeyNotFound")
    }))
}
