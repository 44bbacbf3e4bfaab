import { assert, describe, it } from "@effect/vitest"
import { Admin, Gateway, Ledger, Scope } from "@jobfit/core"
import { createHandler, layer } from "@jobfit/embedded"
import { Effect, Exit, Layer, Logger, LogLevel, ManagedRuntime, TestClock } from "effect"
import * as Fixtures from "./support/Fixtures.js"

const options = { database: ":memory:", analyzer: Fixtures.analyzer, postingSource: Fixtures.postingSource }

describe("from an Effect program", () => {
  it.layer(layer(options))("layer(options)", (it) => {
    it.effect("gives the Gateway and Admin over one store", () =>
      Effect.gen(function*() {
        const admin = yield* Admin.Admin
        const user = yield* admin.createUser({ email: "effect@example.com" })
        const { secret } = yield* admin.createKey({ email: user.email, scopes: Scope.all })
        yield* admin.addCredits(user.email, 5)
        yield* admin.setProfile(user.email, Fixtures.resume)
        const gateway = yield* Gateway.Gateway
        const call = (tool: string, args: unknown) =>
          gateway.call({ authorization: `Bearer ${secret}`, client: "test", tool, arguments: args })
        const analyzed = yield* call("analyze_job", { job_url: "https://jobs.example.com/effect" })
        assert.deepInclude(analyzed.value, { title: "effect", cost_cents: 5 })
        const error = yield* Effect.flip(call("analyze_job", { job_url: "https://jobs.example.com/more" }))
        assert.strictEqual(error._tag, "InsufficientCredits")
      }))
  })

  it.effect("a bad option fails the layer with StartFailedError", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(Layer.build(layer({ database: "redis://x" })).pipe(Effect.scoped))
      assert.isTrue(Exit.isFailure(exit))
      if (Exit.isFailure(exit)) assert.include(String(exit.cause), "StartFailedError")
    }))

  it("createHandler gives both HTTP forms over a runtime of one's own", async () => {
    const quiet = Logger.minimumLogLevel(LogLevel.None)
    const runtime = ManagedRuntime.make(layer({ database: ":memory:" }).pipe(Layer.provideMerge(quiet)))
    try {
      const { handler, listener } = createHandler(await runtime.runtime(), { prefix: "/svc" })
      assert.isFunction(listener)
      const response = await handler(new Request("http://host/svc/healthz"))
      assert.deepStrictEqual(await response.json(), { status: "ok" })
    } finally {
      await runtime.dispose()
    }
  })
})

describe("money in flight", () => {
  // An analyzer that never answers stands in for a host that stopped mid-call.
  const hanging = {
    database: ":memory:",
    analyzer: { analyze: () => new Promise<never>(() => {}) },
    postingSource: Fixtures.postingSource
  }

  it.effect("a call stopped midway has charged nothing; a charge an older version left pending is swept back", () =>
    Effect.gen(function*() {
      const admin = yield* Admin.Admin
      const user = yield* admin.createUser({ email: "sweep@example.com" })
      const { secret } = yield* admin.createKey({ email: user.email, scopes: Scope.all })
      yield* admin.addCredits(user.email, 10)
      yield* admin.setProfile(user.email, Fixtures.resume)
      const gateway = yield* Gateway.Gateway
      yield* Effect.fork(
        gateway.call({
          authorization: `Bearer ${secret}`,
          client: "test",
          tool: "analyze_job",
          arguments: { job_url: "https://jobs.example.com/stuck" }
        })
      )
      yield* TestClock.adjust("1 second")
      // Mid-analysis, as a crash would leave it: the balance is whole.
      assert.strictEqual((yield* admin.addCredits(user.email, 1)).balance_cents, 11)
      // A charge reserved before the work (as versions before charge-at-commit did) and never settled.
      const ledger = yield* Ledger.Ledger
      yield* ledger.charge(user.id, 5, "analyze_job")
      assert.strictEqual((yield* admin.addCredits(user.email, 1)).balance_cents, 7)
      yield* TestClock.adjust("11 minutes")
      assert.strictEqual((yield* admin.addCredits(user.email, 1)).balance_cents, 13)
    }).pipe(Effect.provide(layer(hanging)), Effect.scoped))
})
