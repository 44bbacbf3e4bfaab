import { assert, describe, it } from "@effect/vitest"
import { TestDatabases } from "@jobfit/store-sql"
import { Effect, Fiber } from "effect"
import * as path from "node:path"
import { pgEnabled, tempDir } from "./support/Databases.js"
import { site } from "./support/FixtureSite.js"
import * as Fleet from "./support/Fleet.js"
import * as Process from "./support/Process.js"

const PRICE = 5

/** Sends SIGTERM and gives the exit code and how long the process took to go. */
const terminate = (running: Fleet.Running) =>
  Effect.gen(function*() {
    const started = Date.now()
    running.started.child.kill("SIGTERM")
    const code = yield* Process.exitCode(running.started)
    return { code, ms: Date.now() - started }
  })

describe("stopping the server process", () => {
  it.live(
    "SIGTERM: no new connections, the call in flight is answered and charged, exit 0",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const { origin } = yield* site
        const database = path.join(yield* tempDir, "jobfit.db")
        const user = yield* Fleet.seed(database, 20)
        const running = yield* Fleet.startServer(database)
        const inFlight = yield* Effect.fork(
          Fleet.call(running.baseUrl, user.key, "analyze_job", { job_url: `${origin}/jsonld-plain.html?delay=2000` })
        )
        yield* Effect.sleep("500 millis")
        running.started.child.kill("SIGTERM")
        yield* Effect.sleep("200 millis")
        const late = yield* Fleet.call(running.baseUrl, user.key, "get_credits", {})
        assert.strictEqual(late.status, 0, "a new connection is refused once stopping")
        const answer = yield* Fiber.join(inFlight)
        assert.strictEqual(answer.status, 200, answer.text)
        assert.deepInclude(JSON.parse(answer.text), { cost_cents: PRICE, cached: false })
        assert.strictEqual(yield* Process.exitCode(running.started), 0)
        assert.include(running.started.stdout(), "Stopping: calls in flight have 15 s to finish")
        assert.deepStrictEqual(yield* Fleet.money(database, user.userId), {
          balance: 20 - PRICE,
          charges: 1,
          settledWithJob: 1,
          pending: 0,
          refunds: 0,
          jobs: 1
        })
      })),
    { timeout: 60_000 }
  )

  it.live(
    "a call still running after JOBFIT_SHUTDOWN_TIMEOUT is cut off, charged nothing, and the exit is 0",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const { origin } = yield* site
        const database = path.join(yield* tempDir, "jobfit.db")
        const user = yield* Fleet.seed(database, 20)
        const running = yield* Fleet.startServer(database, { JOBFIT_SHUTDOWN_TIMEOUT: "1" })
        const inFlight = yield* Effect.fork(
          Fleet.call(running.baseUrl, user.key, "analyze_job", { job_url: `${origin}/jsonld-plain.html?delay=8000` })
        )
        yield* Effect.sleep("500 millis")
        const { code, ms } = yield* terminate(running)
        assert.strictEqual(code, 0)
        assert.isBelow(ms, 5_000, "the process went within its timeout (and some start-up slack)")
        assert.strictEqual((yield* Fiber.join(inFlight)).status, 0, "the cut-off call got no answer")
        assert.deepStrictEqual(yield* Fleet.money(database, user.userId), {
          balance: 20,
          charges: 0,
          settledWithJob: 0,
          pending: 0,
          refunds: 0,
          jobs: 0
        })
      })),
    { timeout: 60_000 }
  )
})

const databases = [
  { name: "SQLite", enabled: true, url: Effect.map(tempDir, (dir) => path.join(dir, "jobfit.db")) },
  { name: "PostgreSQL", enabled: pgEnabled, url: TestDatabases.pgSchema() }
]

for (const database of databases) {
  describe.runIf(database.enabled)(`kill -9 mid-analysis on ${database.name}`, () => {
    it.live(
      "after a restart, every analysis it cut off is charged with its job saved, or not charged at all",
      () =>
        Effect.scoped(Effect.gen(function*() {
          const { origin } = yield* site
          const url = yield* database.url
          const user = yield* Fleet.seed(url, 100)
          const running = yield* Fleet.startServer(url)
          // Two finish before the kill, four are cut off at different steps (fetching, or just after).
          const delays = [0, 100, 1200, 1400, 3000, 5000]
          const calls = yield* Effect.fork(Effect.all(
            delays.map((delay, i) =>
              Fleet.call(running.baseUrl, user.key, "analyze_job", {
                job_url: `${origin}/jsonld-plain.html?delay=${delay}&n=${i}`
              })
            ),
            { concurrency: "unbounded" }
          ))
          yield* Effect.sleep("1300 millis")
          yield* Fleet.kill9(running)
          const answers = yield* Fiber.join(calls)
          const served = answers.filter((a) => a.status === 200).length
          assert.isAtLeast(served, 2, JSON.stringify(answers))
          assert.isBelow(served, delays.length)
          const restarted = yield* Fleet.startServer(url)
          const since = Date.now()
          assert.strictEqual((yield* Fleet.call(restarted.baseUrl, user.key, "get_credits", {})).status, 200)
          const money = yield* Fleet.money(url, user.userId)
          assert.isBelow(Date.now() - since, 5_000)
          // Every charge has its job, every job its charge, none is in flight; the answered ones are among them.
          assert.deepStrictEqual(money, {
            balance: 100 - PRICE * money.jobs,
            charges: money.jobs,
            settledWithJob: money.jobs,
            pending: 0,
            refunds: 0,
            jobs: money.jobs
          })
          assert.isAtLeast(money.jobs, served)
        })),
      { timeout: 90_000 }
    )
  })
}
