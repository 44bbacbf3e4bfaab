import { assert, describe, it } from "@effect/vitest"
import { Credentials, Vouchers } from "@jobfit/core"
import { SqlStore } from "@jobfit/store-sql"
import { ConfigProvider, Effect, Option, Schema } from "effect"
import * as path from "node:path"
import { afterAll } from "vitest"
import { decodeJson, environment, errorOf, isOneErrorLine, type Run, runIn, tempDir } from "./support/Harness.js"

// The operator's side of the dashboard: scopes edited, reset links, voucher codes.
const { dir, remove } = tempDir()
afterAll(remove)
const store = SqlStore.layerSqlite(path.join(dir, "dashboard.db"))
const jobfit = runIn(environment(store))

const failsWith = (code: string) => (run: Run) => {
  assert.strictEqual(run.code, 1, run.stderr)
  assert.strictEqual(errorOf(run).code, code)
  assert.isTrue(isOneErrorLine(run), run.stderr)
}

const Created = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  scopes: Schema.Array(Schema.String),
  prefix: Schema.String,
  key: Schema.String
})
const Key = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  scopes: Schema.Array(Schema.String),
  prefix: Schema.String,
  created_at: Schema.String,
  last_used_at: Schema.NullOr(Schema.String),
  revoked_at: Schema.NullOr(Schema.String)
})
const Reset = Schema.Struct({ url: Schema.String, token: Schema.String, expires_at: Schema.String })
const Codes = Schema.Array(Schema.Struct({ code: Schema.String, cents: Schema.Int }))
const CODE = /^JF-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/

describe("keys update", () => {
  it.effect("replaces a key's scopes and prints the key as keys list does; refuses bad scopes and ids", () =>
    Effect.gen(function*() {
      yield* jobfit("users", "create", "--email", "scopes@example.com")
      const created = yield* jobfit(
        "keys",
        "create",
        "--email",
        "scopes@example.com",
        "--scopes",
        "jobs_read",
        "--json"
      )
      const id = String(decodeJson(Created, created).id)
      const updated = yield* jobfit(
        "keys",
        "update",
        "--id",
        id,
        "--scopes",
        "jobs_read,credits_read,jobs_read",
        "--json"
      )
      assert.strictEqual(updated.code, 0, updated.stderr)
      assert.deepStrictEqual(decodeJson(Key, updated).scopes, ["jobs_read", "credits_read"])
      const text = yield* jobfit("keys", "update", "--id", id, "--scopes", "profile_read")
      assert.match(
        text.stdout,
        new RegExp(`^API key ${id} "default" \\(jf_live_\\w{6}\\.\\.\\.\\) now has the scopes: profile_read\\n$`)
      )
      failsWith("INVALID_REQUEST")(yield* jobfit("keys", "update", "--id", id, "--scopes", "root", "--json"))
      failsWith("KEY_NOT_FOUND")(yield* jobfit("keys", "update", "--id", "999999", "--scopes", "jobs_read", "--json"))
    }))
})

describe("users password-reset", () => {
  // Live clock: the link's expiry is checked against the real time.
  it.live("prints a dashboard link whose token sets a password once; an unknown user is refused", () =>
    Effect.gen(function*() {
      yield* jobfit("users", "create", "--email", "reset@example.com")
      const run = yield* jobfit("users", "password-reset", "--email", "RESET@example.com", "--json")
      assert.strictEqual(run.code, 0, run.stderr)
      const reset = decodeJson(Reset, run)
      assert.strictEqual(reset.url, `http://127.0.0.1:8787/dashboard/reset?token=${reset.token}`)
      assert.match(reset.token, /^[\w-]{43}$/)
      const expires = Date.parse(reset.expires_at) - Date.now()
      assert.isTrue(expires > 59 * 60_000 && expires <= 60 * 60_000, String(expires))
      const used = yield* Effect.provide(
        Effect.flatMap(
          Credentials.Credentials,
          (c) => Effect.zip(c.consumeResetToken(reset.token), c.consumeResetToken(reset.token))
        ),
        store
      )
      assert.isTrue(Option.isSome(used[0]))
      assert.isTrue(Option.isNone(used[1]))
      const text = yield* jobfit("users", "password-reset", "--email", "reset@example.com")
      assert.include(text.stdout, "  http://127.0.0.1:8787/dashboard/reset?token=")
      failsWith("USER_NOT_FOUND")(yield* jobfit("users", "password-reset", "--email", "nobody@example.com", "--json"))
    }))

  it.effect("links to JOBFIT_DASHBOARD_URL when it is set; a bad one is refused with one line naming it", () =>
    Effect.gen(function*() {
      yield* jobfit("users", "create", "--email", "proxied@example.com")
      const withUrl = (url: string) =>
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["JOBFIT_DASHBOARD_URL", url]])))
      const run = yield* jobfit("users", "password-reset", "--email", "proxied@example.com", "--json").pipe(
        withUrl("https://jobs.example.com/app/")
      )
      assert.strictEqual(run.code, 0, run.stderr)
      const reset = decodeJson(Reset, run)
      assert.strictEqual(reset.url, `https://jobs.example.com/app/reset?token=${reset.token}`)
      const bad = yield* jobfit("users", "password-reset", "--email", "proxied@example.com", "--json").pipe(
        withUrl("ftp://jobs.example.com")
      )
      failsWith("INVALID_REQUEST")(bad)
      assert.include(String(errorOf(bad).message), "JOBFIT_DASHBOARD_URL")
    }))
})

describe("vouchers create", () => {
  it.effect("prints K distinct codes worth N cents each, each redeemable once; refuses bad amounts and counts", () =>
    Effect.gen(function*() {
      const run = yield* jobfit("vouchers", "create", "--cents", "250", "--count", "3", "--note", "launch", "--json")
      assert.strictEqual(run.code, 0, run.stderr)
      const codes = decodeJson(Codes, run)
      assert.strictEqual(codes.length, 3)
      assert.strictEqual(new Set(codes.map((c) => c.code)).size, 3)
      for (const code of codes) {
        assert.match(code.code, CODE)
        assert.strictEqual(code.cents, 250)
      }
      yield* jobfit("users", "create", "--email", "voucher@example.com")
      const redeemed = yield* Effect.provide(
        Effect.gen(function*() {
          const accounts = yield* Effect.flatMap(Credentials.Credentials, (c) => c.findLogin("voucher@example.com"))
          const user = Option.getOrThrow(accounts).user
          const vouchers = yield* Vouchers.Vouchers
          const first = yield* vouchers.redeem(user.id, codes[0]!.code)
          const again = yield* Effect.flip(vouchers.redeem(user.id, codes[0]!.code))
          return { first, again }
        }),
        store
      )
      assert.deepStrictEqual(redeemed.first, { cents: 250, balance_cents: 250 })
      assert.strictEqual(redeemed.again._tag, "VoucherInvalid")
      const text = yield* jobfit("vouchers", "create", "--cents", "100")
      assert.match(text.stdout, /^1 voucher worth \$1\.00 each; each code can be redeemed once:\n\n {2}JF-[\w-]{19}\n$/)
      failsWith("INVALID_REQUEST")(yield* jobfit("vouchers", "create", "--cents", "0", "--json"))
      failsWith("INVALID_REQUEST")(yield* jobfit("vouchers", "create", "--cents", "5", "--count", "1001", "--json"))
      const two = yield* jobfit("vouchers", "create", "--cents", "5", "--count", "2", "--json")
      assert.strictEqual(decodeJson(Codes, two).length, 2)
    }))
})
