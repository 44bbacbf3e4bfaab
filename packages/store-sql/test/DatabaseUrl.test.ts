import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either } from "effect"
import { DatabaseUrl } from "../src/index.js"

const parsed = (text: string | undefined) => Either.getOrThrow(DatabaseUrl.parse(text))
const refused = (text: string) =>
  Either.match(DatabaseUrl.parse(text), {
    onLeft: (message) => message,
    onRight: () => assert.fail(`accepted ${text}`)
  })

describe("DatabaseUrl.parse", () => {
  it("uses the SQLite default when unset or empty", () => {
    for (const text of [undefined, "", "   "]) {
      assert.deepStrictEqual(parsed(text), { _tag: "Sqlite", filename: "./.jobfit/jobfit.db" })
    }
  })

  it("selects PostgreSQL for postgres:// and postgresql://, keeping the URL as given", () => {
    for (const url of ["postgres://u:p@db:5432/jobfit", "postgresql://db/jobfit?sslmode=require", "POSTGRES://db/x"]) {
      assert.deepStrictEqual(parsed(url), { _tag: "Postgres", url })
    }
  })

  it("reads sqlite:PATH, file:PATH and plain paths as SQLite files", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["sqlite:./data/jobfit.db", "./data/jobfit.db"],
      ["sqlite:///var/lib/jobfit.db", "/var/lib/jobfit.db"],
      ["sqlite:relative.db", "relative.db"],
      ["file:/tmp/jobfit.db", "/tmp/jobfit.db"],
      ["file:///tmp/jobfit.db", "/tmp/jobfit.db"],
      ["/abs/path/jobfit.db", "/abs/path/jobfit.db"],
      ["data/jobfit.db", "data/jobfit.db"],
      ["C:\\data\\jobfit.db", "C:\\data\\jobfit.db"],
      ["sqlite::memory:", ":memory:"]
    ]
    for (const [text, filename] of cases) assert.deepStrictEqual(parsed(text), { _tag: "Sqlite", filename }, text)
  })

  it("refuses any other scheme with a message naming JOBFIT_DATABASE_URL and not the URL", () => {
    for (const text of ["mysql://root:secret@db/x", "redis://x", "http://example.com/db"]) {
      const message = refused(text)
      assert.include(message, "JOBFIT_DATABASE_URL", text)
      assert.notInclude(message, "secret", text)
    }
    assert.include(refused("mysql://x"), "mysql:")
    assert.include(refused("sqlite:"), "JOBFIT_DATABASE_URL")
  })

  it.effect("is read through Config; a bad value is a ConfigError naming the variable", () =>
    Effect.gen(function*() {
      const read = (map: Map<string, string>) =>
        Effect.withConfigProvider(DatabaseUrl.config, ConfigProvider.fromMap(map))
      assert.deepStrictEqual(yield* read(new Map()), { _tag: "Sqlite", filename: "./.jobfit/jobfit.db" })
      assert.deepStrictEqual(yield* read(new Map([["JOBFIT_DATABASE_URL", "postgres://db/x"]])), {
        _tag: "Postgres",
        url: "postgres://db/x"
      })
      const error = yield* Effect.flip(read(new Map([["JOBFIT_DATABASE_URL", "mysql://x"]])))
      assert.include(String(error), "JOBFIT_DATABASE_URL")
      assert.include(String(error), "unsupported scheme mysql:")
    }))
})
