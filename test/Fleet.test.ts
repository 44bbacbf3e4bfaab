import { assert, describe, layer } from "@effect/vitest"
import { TestDatabases } from "@jobfit/store-sql"
import { Context, Effect, Fiber, Layer } from "effect"
import { Redis } from "ioredis"
import { randomUUID } from "node:crypto"
import { pgEnabled } from "./support/Databases.js"
import { site } from "./support/FixtureSite.js"
import * as Fleet from "./support/Fleet.js"

const redisUrl = process.env["JOBFIT_TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379"
const PRICE = 5
const BURST = 250

/** Three server processes on one PostgreSQL schema and one Redis, and the job site they fetch from. */
class TheFleet extends Context.Tag("TheFleet")<TheFleet, {
  readonly database: string
  readonly origin: string
  readonly processes: ReadonlyArray<Fleet.Running>
}>() {}

const forgetRedisKeys = (prefix: string) =>
  Effect.promise(async () => {
    const redis = new Redis(redisUrl)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

const fleet = Layer.scoped(
  TheFleet,
  Effect.gen(function*() {
    const { origin } = yield* site
    const database = yield* TestDatabases.pgSchema()
    const prefix = `jobfit-test:${randomUUID()}:`
    yield* Effect.addFinalizer(() => forgetRedisKeys(prefix))
    // Migrated once first: three processes migrating at once is the store's own test.
    yield* Fleet.seed(database, 0)
    const env = {
      JOBFIT_REDIS_URL: redisUrl,
      JOBFIT_REDIS_PREFIX: prefix,
      JOBFIT_RATE_LIMIT: "1",
      JOBFIT_RATE_BURST: String(BURST)
    }
    const processes = yield* Effect.all([1, 2, 3].map(() => Fleet.startServer(database, env)), {
      concurrency: "unbounded"
    })
    return { database, origin, processes }
  })
)

/** A tool call over MCP (streamable HTTP): the HTTP status, and the JSON-RPC result or error code. */
const mcpCall = (baseUrl: string, key: string, name: string, args: object, headers: Record<string, string> = {}) =>
  Effect.promise(() =>
    fetch(`${baseUrl}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: `Bearer ${key}`,
        ...headers
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } })
    }).then(async (response) => {
      const body = (await response.json()) as { result?: { isError: boolean }; error?: { code: number } }
      return { status: response.status, body }
    })
  )

/** Whether an MCP answer is a tool result that is not an error. */
const served = (answer: Effect.Effect.Success<ReturnType<typeof mcpCall>>) =>
  answer.status === 200 && answer.body.result?.isError === false

describe.runIf(pgEnabled)("a fleet: three processes on one PostgreSQL database and one Redis", () => {
  layer(fleet, { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.effect("a key's limit holds across the fleet, REST and MCP together: one burst, not one per process", () =>
      Effect.gen(function*() {
        const { database, processes } = yield* TheFleet
        const user = yield* Fleet.seed(database, 0)
        const answers = yield* Effect.all(
          Array.from({ length: BURST + 30 }, (_, i) => {
            const { baseUrl } = processes[i % 3]!
            return i % 2 === 0
              ? Effect.map(Fleet.call(baseUrl, user.key, "get_credits", {}), (a) => a.status)
              : Effect.map(mcpCall(baseUrl, user.key, "get_credits", {}), (a) => a.status)
          }),
          { concurrency: 30 }
        )
        const ok = answers.filter((s) => s === 200).length
        // The bucket refills one a minute: one more may slip in while the run lasts.
        assert.isAtLeast(ok, BURST)
        assert.isAtMost(ok, BURST + 1)
        assert.strictEqual(answers.filter((s) => s === 429).length, answers.length - ok)
      }))

    it.effect("200 concurrent paid calls over every process and both transports, on a balance for 7: exactly 7", () =>
      Effect.gen(function*() {
        const { database, origin, processes } = yield* TheFleet
        const user = yield* Fleet.seed(database, 7 * PRICE)
        const results = yield* Effect.all(
          Array.from({ length: 200 }, (_, i) => {
            const { baseUrl } = processes[i % 3]!
            const args = { job_url: `${origin}/jsonld-plain.html?rush=${i}` }
            return i % 2 === 0
              ? Effect.map(Fleet.call(baseUrl, user.key, "analyze_job", args), (a) => a.status === 200)
              : Effect.map(mcpCall(baseUrl, user.key, "analyze_job", args), served)
          }),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(results.filter(Boolean).length, 7)
        assert.deepStrictEqual(yield* Fleet.money(database, user.userId), {
          balance: 0,
          charges: 7,
          settledWithJob: 7,
          pending: 0,
          refunds: 0,
          jobs: 7
        })
      }))

    it.effect("an Idempotency-Key retried on every process, at once and after, runs once and answers the same", () =>
      Effect.gen(function*() {
        const { database, origin, processes } = yield* TheFleet
        const user = yield* Fleet.seed(database, 20)
        const key = randomUUID()
        const args = { job_url: `${origin}/jsonld-plain.html?delay=300&once=1` }
        const round = Effect.all(
          processes.map(({ baseUrl }) =>
            Fleet.call(baseUrl, user.key, "analyze_job", args, { "idempotency-key": key })
          ),
          { concurrency: "unbounded" }
        )
        const answers = [...(yield* round), ...(yield* round), ...(yield* round)]
        const ok = answers.filter((a) => a.status === 200)
        assert.isAtLeast(ok.length, 1)
        // The others were retries while the first ran.
        for (const answer of answers.filter((a) => a.status !== 200)) {
          assert.strictEqual(answer.status, 409)
          assert.include(answer.text, "still running")
        }
        const last = yield* round
        for (const answer of [...ok, ...last]) assert.deepStrictEqual([answer.status, answer.text], [200, ok[0]!.text])
        const overMcp = yield* mcpCall(processes[0]!.baseUrl, user.key, "analyze_job", args, { "idempotency-key": key })
        assert.isTrue(served(overMcp))
        assert.deepStrictEqual(yield* Fleet.money(database, user.userId), {
          balance: 20 - PRICE,
          charges: 1,
          settledWithJob: 1,
          pending: 0,
          refunds: 0,
          jobs: 1
        })
      }))

    it.effect("one process killed with kill -9 mid-load: every charge has its job, and the others serve on", () =>
      Effect.gen(function*() {
        const { database, origin, processes } = yield* TheFleet
        const user = yield* Fleet.seed(database, 200)
        const load = yield* Effect.fork(Effect.all(
          Array.from({ length: 30 }, (_, i) =>
            Fleet.call(processes[i % 3]!.baseUrl, user.key, "analyze_job", {
              job_url: `${origin}/jsonld-plain.html?delay=${(i * 97) % 2000}&load=${i}`
            })),
          { concurrency: "unbounded" }
        ))
        yield* Effect.sleep("800 millis")
        yield* Fleet.kill9(processes[2]!)
        const answers = yield* Fiber.join(load)
        const ok = answers.filter((a) => a.status === 200).length
        assert.isAbove(answers.filter((a) => a.status === 0).length, 0, "some calls were cut off")
        for (const { baseUrl } of processes.slice(0, 2)) {
          assert.strictEqual((yield* Fleet.call(baseUrl, user.key, "get_credits", {})).status, 200)
        }
        const money = yield* Fleet.money(database, user.userId)
        assert.deepStrictEqual(money, {
          balance: 200 - PRICE * money.jobs,
          charges: money.jobs,
          settledWithJob: money.jobs,
          pending: 0,
          refunds: 0,
          jobs: money.jobs
        })
        assert.isAtLeast(money.jobs, ok)
      }))
  })
})
