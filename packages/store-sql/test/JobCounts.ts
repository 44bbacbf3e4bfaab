import type * as SqlClient from "@effect/sql/SqlClient"
import { assert, it, type Vitest } from "@effect/vitest"
import { JobStore, Transactor } from "@jobfit/core"
import { StoreFixtures } from "@jobfit/testing"
import { DateTime, Effect, type Layer, Option } from "effect"
import type { SqlStore } from "../src/index.js"

const { analysis, newUser } = StoreFixtures

/** `total` for each filter, as get_saved_jobs reports it, beside a count of the rows themselves. */
const totals = (userId: Parameters<typeof JobStore.JobStore.Service.list>[0]) =>
  Effect.gen(function*() {
    const jobs = yield* JobStore.JobStore
    const totalOf = (status: JobStore.ListQuery["status"]) =>
      Effect.map(
        jobs.list(userId, { status, limit: 1000, after: Option.none() }),
        (page) => [page.total, page.jobs.length]
      )
    return {
      all: yield* totalOf("all"),
      analyzed: yield* totalOf("analyzed"),
      saved: yield* totalOf("saved"),
      applied: yield* totalOf("applied")
    }
  })

const countsContract = (it: Vitest.MethodsNonLive<SqlStore.Stores | SqlClient.SqlClient>) => {
  it.effect("total stays exact through new jobs, re-analyses, status moves and a rolled-back transaction", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const { withTransaction } = yield* Transactor.Transactor
      const [user, other] = [yield* newUser, yield* newUser]
      const now = yield* DateTime.now
      const save = (userId: typeof user.id, n: number) =>
        jobs.saveAnalysis(userId, `https://jobs.example.com/count/${n}`, analysis(), now)
      const ids = []
      for (let n = 0; n < 5; n++) ids.push((yield* save(user.id, n)).job.id)
      yield* save(other.id, 0)
      // A re-analysis of a URL the user has keeps its job: no new row, no new count.
      yield* save(user.id, 0)
      yield* jobs.setStatus(user.id, ids[0]!, "analyzed", "saved")
      yield* jobs.setStatus(user.id, ids[1]!, "analyzed", "applied")
      yield* jobs.setStatus(user.id, ids[1]!, "applied", "saved")
      // A move whose `from` is not the job's status changes nothing.
      yield* jobs.setStatus(user.id, ids[2]!, "saved", "applied")
      // Work in a transaction that fails leaves the counts as they were.
      yield* Effect.either(withTransaction(Effect.zipRight(
        Effect.zipRight(save(user.id, 99), jobs.setStatus(user.id, ids[3]!, "analyzed", "applied")),
        Effect.fail("abandoned")
      )))
      assert.deepStrictEqual(yield* totals(user.id), {
        all: [5, 5],
        analyzed: [3, 3],
        saved: [2, 2],
        applied: [0, 0]
      })
      assert.deepStrictEqual((yield* totals(other.id)).all, [1, 1])
    }))

  it.effect("concurrent moves of one user's jobs in opposite directions all count", () =>
    Effect.gen(function*() {
      const jobs = yield* JobStore.JobStore
      const user = yield* newUser
      const now = yield* DateTime.now
      const ids = []
      for (let n = 0; n < 20; n++) {
        ids.push((yield* jobs.saveAnalysis(user.id, `https://jobs.example.com/race/${n}`, analysis(), now)).job.id)
      }
      for (const id of ids.slice(10)) yield* jobs.setStatus(user.id, id, "analyzed", "applied")
      yield* Effect.forEach(
        ids,
        (id, i) =>
          i < 10
            ? jobs.setStatus(user.id, id, "analyzed", "applied")
            : jobs.setStatus(user.id, id, "applied", "analyzed"),
        { concurrency: "unbounded", discard: true }
      )
      assert.deepStrictEqual(yield* totals(user.id), {
        all: [20, 20],
        analyzed: [10, 10],
        saved: [0, 0],
        applied: [10, 10]
      })
    }))
}

/** The SQL store's job counts (kept by triggers) against the rows themselves. */
export const jobCounts = (name: string, layer: Layer.Layer<SqlStore.Stores | SqlClient.SqlClient, unknown>) =>
  it.layer(layer, { timeout: "60 seconds" })(name, (it) => countsContract(it))
