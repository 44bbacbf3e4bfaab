import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, it } from "@effect/vitest"
import { JobStore } from "@jobfit/core"
import { StoreFixtures } from "@jobfit/testing"
import { Context, DateTime, Effect, FastCheck as fc, Layer, Option, Schema } from "effect"
import * as path from "node:path"
import { SqlJobStore, SqlStore } from "../src/index.js"
import { tempDir } from "./TestDatabases.js"

const firstPage = { status: "all", limit: 10, after: Option.none() } as const

describe("SQLite reads of a page of jobs", () => {
  it.scoped("a store lists what another process committed, and an open transaction's rows only inside it", () =>
    Effect.gen(function*() {
      const filename = path.join(yield* tempDir, "jobfit.db")
      const one = yield* Layer.build(SqlStore.layerSqlite(filename))
      const other = yield* Layer.build(SqlStore.layerSqlite(filename))
      const user = yield* Effect.provide(StoreFixtures.newUser, one)
      const listed = Effect.map(
        Effect.flatMap(JobStore.JobStore, (jobs) => jobs.list(user.id, firstPage)),
        (page) => [page.total, page.jobs.map((job) => job.url)] as const
      )
      const save = (url: string) =>
        Effect.flatMap(
          JobStore.JobStore,
          (jobs) => jobs.saveAnalysis(user.id, url, StoreFixtures.analysis(), DateTime.unsafeMake(1_700_000_000_000))
        )
      yield* Effect.provide(save("https://example.com/a"), one)
      assert.deepStrictEqual(yield* Effect.provide(listed, other), [1, ["https://example.com/a"]])
      const sql = Context.get(one, SqlClient.SqlClient)
      const both: readonly [number, Array<string>] = [2, ["https://example.com/b", "https://example.com/a"]]
      // While the write is open: inside the transaction, in another process; then after it committed.
      const [inside, outside] = yield* sql.withTransaction(
        Effect.zipRight(
          Effect.provide(save("https://example.com/b"), one),
          // The other process's read runs outside this fiber, which carries the transaction.
          Effect.all([
            Effect.provide(listed, one),
            Effect.promise(() => Effect.runPromise(Effect.provide(listed, other)))
          ])
        )
      )
      assert.deepStrictEqual(inside, both)
      assert.deepStrictEqual(outside, [1, ["https://example.com/a"]])
      assert.deepStrictEqual(yield* Effect.provide(listed, one), both)
      assert.deepStrictEqual(yield* Effect.provide(listed, other), both)
    }))

  it.effect("in memory, the page is read through the one connection", () =>
    Effect.gen(function*() {
      const user = yield* StoreFixtures.newUser
      const jobs = yield* JobStore.JobStore
      yield* jobs.saveAnalysis(user.id, "https://example.com/m", StoreFixtures.analysis(), DateTime.unsafeMake(0))
      const page = yield* jobs.list(user.id, firstPage)
      assert.deepStrictEqual([page.total, page.jobs.map((job) => job.url)], [1, ["https://example.com/m"]])
    }).pipe(Effect.provide(SqlStore.layerSqlite(":memory:"))))
})

describe("plainPageRow", () => {
  const decode = Schema.decodeUnknownEither(SqlJobStore.PageRow)
  const row = {
    id: 7,
    title: "Nurse",
    company: "Mercy",
    location: "Austin, TX",
    match_score: 80,
    verdict: "APPLY",
    status: "saved",
    analyzed_at: 1_700_000_000_000,
    url: "https://example.com/7",
    total_count: 12
  }

  it("takes a row in its decoded form as PageRow decodes it, and leaves others to PageRow", () => {
    const plain = SqlJobStore.plainPageRow({ ...row, extra: 1 })
    assert.isDefined(plain)
    assert.deepStrictEqual(plain, Schema.decodeUnknownSync(SqlJobStore.PageRow)(row))
    for (
      const odd of [
        { id: "7" },
        { id: 0 },
        { total_count: "12" },
        { match_score: 101 },
        { match_score: 7.5 },
        { verdict: "apply" },
        { status: null },
        { analyzed_at: 9e15 },
        { url: undefined }
      ]
    ) assert.isUndefined(SqlJobStore.plainPageRow({ ...row, ...odd }), JSON.stringify(odd))
  })

  it("never accepts a row PageRow refuses, nor decodes one differently", () => {
    const anyValue = fc.oneof(
      fc.integer({ min: -3, max: 120 }),
      fc.double(),
      fc.constantFrom(1_700_000_000_000, 9e15, -9e15, Number.MAX_SAFE_INTEGER + 2),
      fc.string({ maxLength: 3 }),
      fc.constantFrom("APPLY", "MAYBE", "SKIP", "analyzed", "saved", "applied", "12", null, undefined)
    )
    const rows = fc.record(Object.fromEntries(Object.keys(row).map((key) => [key, anyValue])), { requiredKeys: [] })
    // A good row with one or two columns changed, or any row at all.
    const changed = fc.tuple(fc.constantFrom(...Object.keys(row)), anyValue).map(([key, value]) => ({ [key]: value }))
    const near = fc.tuple(changed, fc.option(changed)).map(([a, b]) => ({ ...row, ...a, ...b }))
    fc.assert(
      fc.property(fc.oneof(rows, near), (candidate) => {
        const plain = SqlJobStore.plainPageRow(candidate)
        const decoded = decode(candidate)
        return plain === undefined ||
          (decoded._tag === "Right" && JSON.stringify(plain) === JSON.stringify(decoded.right))
      }),
      { numRuns: 2000 }
    )
  })
})
