import { assert, describe, it } from "@effect/vitest"
import { AccountStore, ApiKey, type Profile } from "@jobfit/core"
import { SqlStore } from "@jobfit/store-sql"
import { Effect, Option, Schema } from "effect"
import * as path from "node:path"
import { afterAll } from "vitest"
import {
  decodeJson,
  environment,
  errorOf,
  isOneErrorLine,
  keysOf,
  onlyJson,
  type Run,
  runIn,
  tempDir,
  writeFile
} from "./support/Harness.js"

// One SQLite file for the file; each test makes users of its own, so the tests do not depend on each other.
const { dir, remove } = tempDir()
afterAll(remove)
const store = SqlStore.layerSqlite(path.join(dir, "cli.db"))
const jobfit = runIn(environment(store))

const Iso = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/))
const CreatedKey = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  scopes: Schema.Array(Schema.String),
  prefix: Schema.String,
  key: Schema.String
})
const ListedKey = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  scopes: Schema.Array(Schema.String),
  prefix: Schema.String,
  created_at: Iso,
  last_used_at: Schema.NullOr(Iso),
  revoked_at: Schema.NullOr(Iso)
})
const listedOrder = ["id", "name", "scopes", "prefix", "created_at", "last_used_at", "revoked_at"]

const failsWith = (code: string, exitCode = 1) => (run: Run) => {
  assert.strictEqual(run.code, exitCode, run.stderr)
  assert.strictEqual(errorOf(run).code, code)
  assert.isTrue(isOneErrorLine(run), run.stderr)
  assert.strictEqual(`jobfit: ${errorOf(run).message}\n`, run.stderr)
}

const user = (email: string) => jobfit("users", "create", "--email", email, "--json")

describe("users create", () => {
  it.effect("creates a user and prints {id, email, name}", () =>
    Effect.gen(function*() {
      const run = yield* jobfit("users", "create", "--email", "Alice@Example.com", "--name", "Alice A", "--json")
      assert.strictEqual(run.code, 0)
      assert.strictEqual(run.stderr, "")
      const created = decodeJson(Schema.Struct({ id: Schema.Int, email: Schema.String, name: Schema.String }), run)
      assert.deepStrictEqual(keysOf(onlyJson(run)), ["id", "email", "name"])
      assert.deepStrictEqual(created, { id: created.id, email: "alice@example.com", name: "Alice A" })
      failsWith("EMAIL_TAKEN")(yield* jobfit("users", "create", "--email", "alice@example.com", "--json"))
      failsWith("INVALID_REQUEST")(yield* jobfit("users", "create", "--email", "not-an-email", "--json"))
      const text = yield* jobfit("users", "create", "--email", "bob@example.com")
      assert.strictEqual(text.code, 0)
      assert.match(text.stdout, /^Created user \d+: bob@example\.com \(bob\)\n$/)
    }))
})

describe("keys", () => {
  it.effect("create prints the key once; list shows it without the secret; revoke keeps the first time", () =>
    Effect.gen(function*() {
      yield* user("keys@example.com")
      const run = yield* jobfit(
        "keys",
        "create",
        "--email",
        "keys@example.com",
        "--scopes",
        "jobs_read, jobs_analyze",
        "--name",
        "laptop",
        "--json"
      )
      assert.strictEqual(run.code, 0, run.stderr)
      const created = decodeJson(CreatedKey, run)
      assert.deepStrictEqual(keysOf(onlyJson(run)), ["id", "name", "scopes", "prefix", "key"])
      assert.deepStrictEqual(created.scopes, ["jobs_read", "jobs_analyze"])
      assert.strictEqual(created.name, "laptop")
      assert.isTrue(ApiKey.isWellFormed(created.key))
      assert.isTrue(created.key.startsWith(created.prefix))

      const text = yield* jobfit("keys", "create", "--email", "keys@example.com", "--scopes", "admin")
      assert.match(text.stdout, /jf_live_\w+/)
      assert.match(text.stdout, /shown only once/)

      const list = yield* jobfit("keys", "list", "--email", "keys@example.com", "--json")
      const listed = decodeJson(Schema.Array(ListedKey), list)
      assert.strictEqual(listed.length, 2)
      const first = listed[0]!
      const raw = onlyJson(list)
      assert.deepStrictEqual(keysOf(Array.isArray(raw) ? raw[0] : undefined), listedOrder)
      assert.deepInclude(first, { id: created.id, name: "laptop", prefix: created.prefix, revoked_at: null })
      assert.isNull(first.last_used_at)
      assert.notInclude(list.stdout, created.key)
      assert.match((yield* jobfit("keys", "list", "--email", "keys@example.com")).stdout, /^ID\s+NAME\s+PREFIX/)

      const revoke = yield* jobfit("keys", "revoke", "--id", String(created.id), "--json")
      const revoked = decodeJson(ListedKey, revoke)
      assert.deepStrictEqual(keysOf(onlyJson(revoke)), listedOrder)
      assert.deepStrictEqual({ ...revoked, revoked_at: null }, first)
      assert.isNotNull(revoked.revoked_at)
      const again = decodeJson(ListedKey, yield* jobfit("keys", "revoke", "--id", String(created.id), "--json"))
      assert.strictEqual(again.revoked_at, revoked.revoked_at)
    }))

  it.effect("refuses unknown users, scopes and ids", () =>
    Effect.gen(function*() {
      yield* user("scopes@example.com")
      const create = (scopes: string) =>
        jobfit("keys", "create", "--email", "scopes@example.com", "--scopes", scopes, "--json")
      failsWith("INVALID_REQUEST")(yield* create("jobs_read,everything"))
      failsWith("INVALID_REQUEST")(yield* create(","))
      failsWith("USER_NOT_FOUND")(
        yield* jobfit("keys", "create", "--email", "nobody@example.com", "--scopes", "admin", "--json")
      )
      failsWith("USER_NOT_FOUND")(yield* jobfit("keys", "list", "--email", "nobody@example.com", "--json"))
      failsWith("KEY_NOT_FOUND")(yield* jobfit("keys", "revoke", "--id", "999999", "--json"))
      failsWith("INVALID_REQUEST")(yield* jobfit("keys", "revoke", "--id", "abc", "--json"))
      failsWith("INVALID_REQUEST")(yield* jobfit("keys", "revoke", "--id", "0", "--json"))
    }))
})

describe("credits add", () => {
  it.effect("adds whole cents and prints the balance; refuses anything else", () =>
    Effect.gen(function*() {
      yield* user("credits@example.com")
      const add = (cents: string) =>
        jobfit("credits", "add", "--email", "credits@example.com", "--cents", cents, "--json")
      assert.deepStrictEqual(onlyJson(yield* add("1250")), { balance_cents: 1250, balance_dollars: "12.50" })
      assert.deepStrictEqual(onlyJson(yield* add("5")), { balance_cents: 1255, balance_dollars: "12.55" })
      for (const bad of ["0", "-5", "1.5", "abc", "", "100000001", "1e3"]) {
        const run = yield* add(bad)
        failsWith("INVALID_REQUEST")(run)
        assert.include(String(errorOf(run).message), "--cents")
      }
      failsWith("USER_NOT_FOUND")(
        yield* jobfit("credits", "add", "--email", "nobody@example.com", "--cents", "5", "--json")
      )
      const text = yield* jobfit("credits", "add", "--email", "credits@example.com", "--cents", "45")
      assert.strictEqual(text.stdout, "Added $0.45 to credits@example.com; the balance is now $13.00 (1300 cents)\n")
    }))
})

const resume = { basics: { name: "Pat" }, skills: [{ name: "TypeScript" }], work: [{ name: "Acme" }] }

describe("profile set", () => {
  it.effect("stores a JSON Resume document or {resume, preferences}", () =>
    Effect.gen(function*() {
      yield* user("profile@example.com")
      const set = (file: string) => jobfit("profile", "set", "--email", "profile@example.com", "--file", file, "--json")
      const bare = yield* set(writeFile(dir, "resume.json", JSON.stringify(resume)))
      assert.deepStrictEqual(onlyJson(bare), { email: "profile@example.com", updated: true })
      const preferences: Profile.Preferences = { remote: "remote", locations: ["Berlin"] }
      const full = { resume, preferences }
      assert.strictEqual((yield* set(writeFile(dir, "profile.json", JSON.stringify(full)))).code, 0)
      const stored = yield* Effect.gen(function*() {
        const accounts = yield* AccountStore.AccountStore
        return yield* accounts.getProfile((yield* accounts.findUserByEmail("profile@example.com")).id)
      }).pipe(Effect.provide(store))
      assert.deepStrictEqual(Option.map(stored, (profile) => profile.preferences), Option.some(preferences))
    }))

  it.effect("refuses a missing file, bad JSON, a bad profile and an unknown user", () =>
    Effect.gen(function*() {
      yield* user("badprofile@example.com")
      const set = (file: string) =>
        jobfit("profile", "set", "--email", "badprofile@example.com", "--file", file, "--json")
      const missing = yield* set(path.join(dir, "nope.json"))
      failsWith("INVALID_REQUEST")(missing)
      assert.include(String(errorOf(missing).message), "no such file")
      const broken = yield* set(writeFile(dir, "broken.json", "{ not json"))
      failsWith("INVALID_REQUEST")(broken)
      assert.include(String(errorOf(broken).message), "not valid JSON")
      const wrong = yield* set(
        writeFile(dir, "wrong.json", JSON.stringify({ resume, preferences: { remote: "moon" } }))
      )
      failsWith("INVALID_REQUEST")(wrong)
      assert.include(String(errorOf(wrong).message), "preferences.remote")
      failsWith("INVALID_REQUEST")(yield* set(writeFile(dir, "array.json", "[1, 2]")))
      const good = writeFile(dir, "good.json", JSON.stringify(resume))
      failsWith("USER_NOT_FOUND")(
        yield* jobfit("profile", "set", "--email", "nobody@example.com", "--file", good, "--json")
      )
    }))
})
