import { assert, describe, it } from "@effect/vitest"
import {
  Account,
  Admin,
  DashboardLinks,
  Errors,
  Gateway,
  Idempotency,
  Ids,
  MemoryStore,
  Prices,
  Profile,
  RateLimiter,
  Scope,
  Verdict
} from "@jobfit/core"
import { DateTime, Duration, Effect, Either, Fiber, Layer, Option, TestClock } from "effect"
import * as TestAnalysis from "./support/TestAnalysis.js"

const noLimits = RateLimiter.layerRateLimits({ perKey: Option.none(), analyze: Option.none() })

const setup = (limits = noLimits) => {
  const memory = MemoryStore.make()
  const layer = Layer.mergeAll(Gateway.Gateway.Default, Admin.Admin.Default).pipe(
    Layer.provide([memory.layer, RateLimiter.layerMemory, limits, Prices.layer(), TestAnalysis.layer])
  )
  return { memory, layer }
}

const profile = {
  resume: { basics: { name: "Ada" }, skills: [{ name: "TypeScript" }] },
  preferences: { remote: "remote" }
}

/** A user with a key of the given scopes, a balance and (by default) a profile. */
const user = (options: { scopes?: Array<string>; cents?: number; withProfile?: boolean } = {}) =>
  Effect.gen(function*() {
    const admin = yield* Admin.Admin
    const email = `u${Math.random().toString(36).slice(2)}@example.com`
    yield* admin.createUser({ email })
    const { secret } = yield* admin.createKey({
      email,
      scopes: options.scopes ??
        ["jobs_read", "jobs_write", "jobs_analyze", "cv_generate", "credits_read", "profile_read", "profile_write"]
    })
    if ((options.cents ?? 0) > 0) yield* admin.addCredits(email, options.cents!)
    if (options.withProfile ?? true) yield* admin.setProfile(email, profile)
    const gateway = yield* Gateway.Gateway
    const call = (tool: string, args?: unknown) =>
      Effect.either(gateway.call({ authorization: `Bearer ${secret}`, client: "test", tool, arguments: args }))
    const value = (tool: string, args?: unknown) =>
      Effect.flatMap(
        call(tool, args),
        Either.match({ onLeft: (e) => Effect.die(e), onRight: (o) => Effect.succeed(o.value) })
      )
    const error = (tool: string, args?: unknown) =>
      Effect.flatMap(call(tool, args), Either.match({ onLeft: Effect.succeed, onRight: (o) => Effect.die(o) }))
    const balance = Effect.map(value("get_credits"), (v) => v)
    return { email, secret, call, value, error, balance }
  })

const balanceOf = (v: unknown) => JSON.stringify(v)

// Errors compare by what a caller sees of them: tag, code, message and data.
const assertError = (actual: Errors.AppError, expected: Errors.AppError) => {
  assert.strictEqual(actual._tag, expected._tag)
  assert.deepStrictEqual(Errors.restBody(actual), Errors.restBody(expected))
}

describe("Gateway", () => {
  it.effect("refuses a missing, malformed or unknown key", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const gateway = yield* Gateway.Gateway
      const refuse = (authorization: string | undefined) =>
        Effect.flip(gateway.call({ authorization, client: "c", tool: "get_credits", arguments: {} }))
      const missing = yield* refuse(undefined)
      assert.strictEqual(missing._tag, "InvalidApiKey")
      assert.include(missing.message, "Missing Authorization header")
      assert.include((yield* refuse("Token abc")).message, "Malformed")
      assert.strictEqual((yield* refuse("Bearer jf_live_nope")).message, "Invalid API key")
      const u = yield* user()
      const wrong = u.secret.slice(0, -1) + (u.secret.endsWith("A") ? "B" : "A")
      assert.strictEqual((yield* refuse(`Bearer ${wrong}`))._tag, "InvalidApiKey")
      yield* Effect.flatMap(Admin.Admin, (a) => a.revokeKey(1))
      assert.strictEqual((yield* refuse(`Bearer ${u.secret}`))._tag, "InvalidApiKey")
    }).pipe(Effect.provide(layer))
  })

  it.effect("takes the analyze limit only once analyze_job's arguments decode", () => {
    const { layer } = setup(
      RateLimiter.layerRateLimits({ perKey: Option.none(), analyze: Option.some({ perMinute: 1, burst: 1 }) })
    )
    return Effect.gen(function*() {
      const u = yield* user({ cents: 20 })
      for (const bad of [{}, { job_url: 7 }, { job_url: "https://e.com/1", extra: true }]) {
        assert.strictEqual((yield* u.error("analyze_job", bad))._tag, "InvalidRequest")
      }
      assert.deepInclude(yield* u.value("analyze_job", { job_url: "https://e.com/1" }), { cost_cents: 5 })
      assert.strictEqual((yield* u.error("analyze_job", { job_url: "https://e.com/2" }))._tag, "RateLimitExceeded")
    }).pipe(Effect.provide(layer))
  })

  it.effect("a session principal acts with its own scopes, and the analyze limit counts on each session", () => {
    const { layer } = setup(
      RateLimiter.layerRateLimits({ perKey: Option.none(), analyze: Option.some({ perMinute: 1, burst: 1 }) })
    )
    return Effect.gen(function*() {
      const u = yield* user({ cents: 20 })
      const gateway = yield* Gateway.Gateway
      const status = yield* gateway.status({ authorization: `Bearer ${u.secret}`, client: "c" })
      const member = Account.User.make({ id: Ids.UserId.make(status.value.user.id), email: u.email, name: "" })
      const session = (id: string, scopes: ReadonlyArray<Scope.Scope>) => ({ user: member, session: { id, scopes } })
      const narrow = session("narrow", ["jobs_read"])
      assert.deepStrictEqual(yield* gateway.callAs(narrow, "get_saved_jobs", {}), {
        jobs: [],
        total: 0,
        has_more: false,
        next_cursor: null
      })
      assertError(
        yield* Effect.flip(gateway.callAs(narrow, "get_credits", {})),
        new Errors.ScopeNotAllowed({ required_scope: "credits_read" })
      )
      const analyse = (id: string, n: number) =>
        gateway.callAs(session(id, Scope.ofUsers), "analyze_job", { job_url: `https://e.com/${id}/${n}` })
      yield* analyse("first", 1)
      assert.strictEqual((yield* Effect.flip(analyse("first", 2)))._tag, "RateLimitExceeded")
      // Another session, or the user's key, has its own bucket.
      yield* analyse("second", 1)
      assert.deepInclude(yield* u.value("analyze_job", { job_url: "https://e.com/key/1" }), { cost_cents: 5 })
    }).pipe(Effect.provide(layer))
  })

  it.effect("counts refused requests against the client address", () => {
    const { layer } = setup(
      RateLimiter.layerRateLimits({ perKey: Option.some({ perMinute: 60, burst: 2 }), analyze: Option.none() })
    )
    return Effect.gen(function*() {
      const gateway = yield* Gateway.Gateway
      const attempt = (client: string) =>
        Effect.flip(gateway.call({ authorization: undefined, client, tool: "x", arguments: {} }))
      assert.deepStrictEqual(
        (yield* Effect.all([attempt("a"), attempt("a"), attempt("a"), attempt("b")])).map((e) => e._tag),
        ["InvalidApiKey", "InvalidApiKey", "RateLimitExceeded", "InvalidApiKey"]
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("limits each key and reports the state", () => {
    const { layer } = setup(
      RateLimiter.layerRateLimits({ perKey: Option.some({ perMinute: 60, burst: 2 }), analyze: Option.none() })
    )
    return Effect.gen(function*() {
      const u = yield* user()
      const first = yield* u.call("get_credits")
      assert.deepStrictEqual(
        Either.map(first, (o) => o.rate),
        Either.right(Option.some({ limit: 60, remaining: 1, reset: 1 }))
      )
      yield* u.call("get_credits")
      const refused = yield* u.error("get_credits")
      assertError(refused, new Errors.RateLimitExceeded({ retry_after: 1, limit: 60 }))
      yield* TestClock.adjust("1 second")
      assert.isTrue(Either.isRight(yield* u.call("get_credits")))
    }).pipe(Effect.provide(layer))
  })

  it.effect("checks the tool, the scope and then the arguments", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ scopes: ["credits_read"] })
      assertError(yield* u.error("nope"), new Errors.InvalidRequest({ message: "Unknown tool: nope" }))
      assertError(
        yield* u.error("get_saved_jobs", { limit: 0 }),
        new Errors.ScopeNotAllowed({ required_scope: "jobs_read" })
      )
      const reader = yield* user({ scopes: ["jobs_read"] })
      for (
        const args of [
          { limit: 0 },
          { limit: 51 },
          { limit: "5" },
          { limit: 2.5 },
          { status: "deleted" },
          { extra: 1 },
          "x",
          [],
          null
        ]
      ) {
        const error = yield* reader.error("get_saved_jobs", args)
        assert.strictEqual(error._tag, "InvalidRequest", JSON.stringify(args))
      }
      const limitError = yield* reader.error("get_saved_jobs", { limit: 51 })
      assert.include(limitError.message, "Invalid arguments for get_saved_jobs: limit")
      assert.deepStrictEqual(yield* reader.value("get_saved_jobs", { limit: 50 }), {
        jobs: [],
        total: 0,
        has_more: false,
        next_cursor: null
      })
      assert.deepStrictEqual(yield* reader.value("get_saved_jobs"), {
        jobs: [],
        total: 0,
        has_more: false,
        next_cursor: null
      })
    }).pipe(Effect.provide(layer))
  })

  it.effect("status reports the user, the key, the balance and the server", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ scopes: ["jobs_read"], cents: 123456 })
      const gateway = yield* Gateway.Gateway
      const status = yield* gateway.status({ authorization: `Bearer ${u.secret}`, client: "c" })
      const value: unknown = status.value
      assert.deepStrictEqual(value, {
        status: "ok",
        user: { id: 1, email: u.email },
        key: { id: 1, name: "default", scopes: ["jobs_read"] },
        credits: { balance_dollars: "1234.56", balance_cents: 123456 },
        server: { name: "jobfit", version: "0.1.0" }
      })
    }).pipe(Effect.provide(layer))
  })
})

describe("Gateway analyze_job", () => {
  it.effect("needs a profile, then credits; neither refusal charges", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const noProfile = yield* user({ cents: 100, withProfile: false })
      assertError(yield* noProfile.error("analyze_job", { job_url: "https://e.com/1" }), new Errors.ProfileNotFound())
      assert.strictEqual(
        balanceOf(yield* noProfile.balance),
        balanceOf({ credits: { balance_dollars: "1.00", balance_cents: 100 } })
      )
      const broke = yield* user({ cents: 3 })
      assertError(
        yield* broke.error("analyze_job", { job_url: "https://e.com/1" }),
        new Errors.InsufficientCredits({ required_credits: 5, available_credits: 3 })
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("charges once, keeps the job, serves a repeat from the cache for free, and force re-runs", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 20 })
      const first = yield* u.value("analyze_job", { job_url: "https://e.com/job/1" })
      assert.deepInclude(first, {
        job_id: 1,
        url: "https://e.com/job/1",
        match_score: 80,
        verdict: "APPLY",
        status: "analyzed",
        cached: false,
        cost_cents: 5,
        analyzed_at: "1970-01-01T00:00:00.000Z"
      })
      const again = yield* u.value("analyze_job", { job_url: "https://e.com/job/1" })
      assert.deepInclude(again, { job_id: 1, cached: true, cost_cents: 0 })
      yield* TestClock.adjust("25 hours")
      const stale = yield* u.value("analyze_job", { job_url: "https://e.com/job/1" })
      assert.deepInclude(stale, { job_id: 1, cached: false, cost_cents: 5 })
      const forced = yield* u.value("analyze_job", { job_url: "https://e.com/job/1", force: true })
      assert.deepInclude(forced, { job_id: 1, cached: false, cost_cents: 5 })
      assert.deepStrictEqual(yield* u.balance, { credits: { balance_dollars: "0.05", balance_cents: 5 } })
      assert.deepStrictEqual(memory.ledger.map((e) => [e.kind, e.amount_cents, e.state]), [
        ["grant", 20, null],
        ["charge", -5, "settled"],
        ["charge", -5, "settled"],
        ["charge", -5, "settled"]
      ])
    }).pipe(Effect.provide(layer))
  })

  it.effect("analyses posting_text instead of fetching, keeps the URL, charges once and never serves the cache", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 20 })
      const fetched = yield* u.value("analyze_job", { job_url: "https://e.com/job/7" })
      assert.deepInclude(fetched, { job_id: 1, title: "Engineer 19", cached: false })
      const given = yield* u.value("analyze_job", {
        job_url: "https://e.com/job/7",
        posting_text: "Pasted Engineer\nWe need TypeScript."
      })
      assert.deepInclude(given, {
        job_id: 1,
        url: "https://e.com/job/7",
        title: "Pasted Engineer 19",
        company: "Given",
        cached: false,
        cost_cents: 5
      })
      const unreadable = yield* u.error("analyze_job", {
        job_url: "https://e.com/job/8",
        posting_text: "not a posting"
      })
      assertError(unreadable, new Errors.PostingUnreachable({ message: "The posting_text given has too little text" }))
      assert.deepStrictEqual(yield* u.balance, { credits: { balance_dollars: "0.10", balance_cents: 10 } })
      // The unreadable text failed before its commit: nothing was charged for it.
      assert.deepStrictEqual(memory.ledger.map((e) => e.kind), ["grant", "charge", "charge"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("refuses posting_text over 200 KB before charging, and counts its bytes as UTF-8", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 20 })
      const tooBig = yield* u.error("analyze_job", {
        job_url: "https://e.com/job/9",
        posting_text: "a".repeat(204_801)
      })
      assert.strictEqual(tooBig._tag, "InvalidRequest")
      assert.include(tooBig.message, "posting_text must be at most 204800 bytes (200 KB) of UTF-8")
      // 68,267 three-byte characters are 204,801 bytes although fewer than 204,800 characters.
      const wide = yield* u.error("analyze_job", { job_url: "https://e.com/job/9", posting_text: "€".repeat(68_267) })
      assert.strictEqual(wide._tag, "InvalidRequest")
      const fits = yield* u.value("analyze_job", { job_url: "https://e.com/job/9", posting_text: "a".repeat(204_800) })
      assert.deepInclude(fits, { cached: false, cost_cents: 5 })
      assert.deepStrictEqual(memory.ledger.map((e) => e.kind), ["grant", "charge"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("gives every analysis the verdict the rule gives its score, whatever the analyzer said", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 20 })
      const low = yield* u.value("analyze_job", { job_url: "https://e.com/low-score" })
      assert.deepInclude(low, { match_score: 10, verdict: "SKIP" })
      const high = yield* u.value("analyze_job", { job_url: "https://e.com/fine" })
      assert.deepInclude(high, { match_score: 80, verdict: "APPLY" })
    }).pipe(Effect.provide(layer))
  })

  it.effect("follows the thresholds of the verdict rule it is given", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 20 })
      const strict = yield* u.value("analyze_job", { job_url: "https://e.com/strict" })
      assert.deepInclude(strict, { match_score: 80, verdict: "MAYBE" })
    }).pipe(Effect.provide(layer), Effect.provide(Verdict.layer({ apply: 90, maybe: 60 })))
  })

  it.effect("charges nothing when the posting is unreachable, the analyzer dies or returns nonsense", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 5 })
      const unreachable = yield* u.error("analyze_job", { job_url: "https://e.com/unreachable" })
      assertError(unreachable, new Errors.PostingUnreachable({ message: "The posting answered 404" }))
      const died = yield* u.error("analyze_job", { job_url: "https://e.com/defect" })
      assertError(died, new Errors.InternalError())
      const nonsense = yield* u.error("analyze_job", { job_url: "https://e.com/bad-score" })
      assertError(nonsense, new Errors.InternalError())
      assert.deepStrictEqual(yield* u.balance, { credits: { balance_dollars: "0.05", balance_cents: 5 } })
      // The charge is taken when the job is saved, in one transaction: a failure before it leaves no entry.
      assert.deepStrictEqual(memory.ledger.map((e) => e.kind), ["grant"])
      assert.strictEqual(memory.jobs.length, 0)
    }).pipe(Effect.provide(layer))
  })

  it.effect("holds no money while it works: an analysis stopped midway has charged nothing", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 5 })
      const running = yield* Effect.fork(u.error("analyze_job", { job_url: "https://e.com/never" }))
      yield* TestClock.adjust("1 second")
      // Midway, as a process killed now would leave it: nothing charged, nothing pending.
      assert.deepStrictEqual(memory.ledger.map((e) => e.kind), ["grant"])
      assert.deepStrictEqual(yield* u.balance, { credits: { balance_dollars: "0.05", balance_cents: 5 } })
      yield* Fiber.interrupt(running)
      assert.deepStrictEqual(memory.ledger.map((e) => e.kind), ["grant"])
      assert.strictEqual(memory.jobs.length, 0)
    }).pipe(Effect.provide(layer))
  })

  it.effect("an idempotent call keeps its key while it runs; if it lost it, its charge and job roll back", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 20 })
      const gateway = yield* Gateway.Gateway
      const store = yield* Idempotency.IdempotencyStore
      const args = { job_url: "https://e.com/slow" }
      const call = Effect.either(gateway.call({
        authorization: `Bearer ${u.secret}`,
        client: "test",
        tool: "analyze_job",
        arguments: args,
        idempotencyKey: "k1"
      }))
      const running = yield* Effect.fork(call)
      yield* TestClock.adjust("40 seconds")
      const userId = 1 as Ids.UserId
      const fingerprint = Idempotency.fingerprint("analyze_job", args)
      // Past the first lease: renewed, the key is still the running call's.
      const now = yield* DateTime.now
      assert.strictEqual((yield* store.claim(userId, "k1", fingerprint, Idempotency.timesAt(now)))._tag, "Running")
      // As another process would, once this one had stopped renewing: the lease taken over and a result recorded.
      const later = Idempotency.timesAt(DateTime.addDuration(now, Duration.minutes(5)))
      const other = yield* store.claim(userId, "k1", fingerprint, later)
      if (other._tag !== "Run") return assert.fail(other._tag)
      assert.isTrue(yield* store.complete(userId, "k1", other.token, "{\"from\":\"the other process\"}"))
      yield* TestClock.adjust("30 seconds")
      const lost = yield* Fiber.join(running)
      assert.deepStrictEqual(
        Either.getLeft(lost).pipe(Option.map((e) => e.message)),
        Option.some(
          "Another request with this Idempotency-Key finished first"
        )
      )
      assert.deepStrictEqual(memory.ledger.map((e) => e.kind), ["grant"])
      assert.strictEqual(memory.jobs.length, 0)
      const retry = yield* call
      assert.deepStrictEqual(
        Either.getRight(retry).pipe(Option.map((o) => o.value)),
        Option.some({
          from: "the other process"
        })
      )
    }).pipe(Effect.provide(Layer.merge(layer, memory.layer)))
  })

  it.effect("takes the price when the job is saved: a balance spent meanwhile is 402 and saves nothing", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 5 })
      // Both pass the balance check before either commits; the second to commit finds the balance spent.
      const results = yield* Effect.all(
        [1, 2].map((i) => u.call("analyze_job", { job_url: `https://e.com/rush/${i}` })),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(results.map((r) => (Either.isRight(r) ? "ok" : r.left._tag)).sort(), [
        "InsufficientCredits",
        "ok"
      ])
      assert.deepStrictEqual(memory.ledger.map((e) => e.kind), ["grant", "charge"])
      assert.strictEqual(memory.jobs.length, 1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("refuses URLs it may not fetch before charging", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 5 })
      assert.strictEqual((yield* u.error("analyze_job", { job_url: "file:///etc/passwd" }))._tag, "UrlNotAllowed")
      assert.strictEqual((yield* u.error("analyze_job", { job_url: "https://a:b@e.com/" }))._tag, "UrlNotAllowed")
      assert.strictEqual((yield* u.error("analyze_job", { job_url: "not a url" }))._tag, "InvalidRequest")
      assert.strictEqual((yield* u.error("analyze_job", {}))._tag, "InvalidRequest")
      assert.deepStrictEqual(memory.ledger.map((e) => e.kind), ["grant"])
    }).pipe(Effect.provide(layer))
  })
})

describe("Gateway jobs", () => {
  it.effect("pages newest first with exact totals and cursors", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 100 })
      for (let i = 1; i <= 7; i++) {
        yield* u.value("analyze_job", { job_url: `https://e.com/${i}` })
        if (i % 2 === 0) yield* TestClock.adjust("1 second")
      }
      const ids: Array<number> = []
      let cursor: string | undefined
      for (;;) {
        const page = yield* u.value("get_saved_jobs", cursor ? { limit: 3, cursor } : { limit: 3 })
        assert.isObject(page)
        const { jobs, total, has_more, next_cursor } = page as {
          jobs: Array<{ id: number }>
          total: number
          has_more: boolean
          next_cursor: string | null
        }
        assert.strictEqual(total, 7)
        ids.push(...jobs.map((j) => j.id))
        assert.strictEqual(has_more, next_cursor !== null)
        if (!next_cursor) break
        cursor = next_cursor
      }
      assert.deepStrictEqual(ids, [7, 6, 5, 4, 3, 2, 1])
      assert.strictEqual((yield* u.error("get_saved_jobs", { cursor: "garbage" }))._tag, "InvalidRequest")
    }).pipe(Effect.provide(layer))
  })

  it.effect("moves statuses only along the allowed transitions", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 5 })
      yield* u.value("analyze_job", { job_url: "https://e.com/1" })
      assert.deepInclude(yield* u.value("update_job_status", { job_id: 1, status: "saved" }), {
        id: 1,
        status: "saved"
      })
      assertError(
        yield* u.error("update_job_status", { job_id: 1, status: "saved" }),
        new Errors.InvalidTransition({ from: "saved", to: "saved" })
      )
      assert.deepInclude(yield* u.value("update_job_status", { job_id: 1, status: "applied" }), { status: "applied" })
      assertError(
        yield* u.error("update_job_status", { job_id: 1, status: "analyzed" }),
        new Errors.InvalidTransition({ from: "applied", to: "analyzed" })
      )
      assert.deepInclude(yield* u.value("get_saved_jobs", { status: "applied" }), { total: 1 })
      assert.deepInclude(yield* u.value("get_saved_jobs", { status: "analyzed" }), { total: 0 })
    }).pipe(Effect.provide(layer))
  })

  it.effect("hides another user's job and charges nothing for it", () => {
    const { layer, memory } = setup()
    return Effect.gen(function*() {
      const owner = yield* user({ cents: 5 })
      yield* owner.value("analyze_job", { job_url: "https://e.com/1" })
      const other = yield* user({ cents: 50 })
      assertError(yield* other.error("get_job", { job_id: 1 }), new Errors.JobNotFound({ job_id: 1 }))
      assertError(yield* other.error("generate_cv", { job_id: 1 }), new Errors.JobNotFound({ job_id: 1 }))
      assert.deepStrictEqual(yield* other.balance, { credits: { balance_dollars: "0.50", balance_cents: 50 } })
      const cv = yield* other.error("update_job_status", { job_id: 1, status: "saved" })
      assert.strictEqual(cv._tag, "JobNotFound")
      assert.strictEqual(memory.ledger.filter((e) => e.kind === "charge").length, 1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("track_job keeps notes and days; get_job returns them; applying sets the day; scopes and owners apply", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 5 })
      yield* u.value("analyze_job", { job_url: "https://e.com/1" })
      assert.deepInclude(yield* u.value("get_job", { job_id: 1 }), {
        tracking: { notes: "", applied_on: null, follow_up_on: null }
      })
      assert.deepStrictEqual(
        yield* u.value("track_job", { job_id: 1, notes: "Ask about the team", follow_up_on: "2026-12-01" }),
        {
          job_id: 1,
          notes: "Ask about the team",
          applied_on: null,
          follow_up_on: "2026-12-01"
        }
      )
      yield* TestClock.setTime(Date.UTC(2026, 10, 25))
      yield* u.value("update_job_status", { job_id: 1, status: "applied" })
      assert.deepInclude(yield* u.value("get_job", { job_id: 1 }), {
        tracking: { notes: "Ask about the team", applied_on: "2026-11-25", follow_up_on: "2026-12-01" }
      })
      for (const bad of [{ job_id: 1, follow_up_on: "next week" }, { job_id: 1, notes: "x".repeat(10_001) }]) {
        assert.strictEqual((yield* u.error("track_job", bad))._tag, "InvalidRequest")
      }
      const other = yield* user()
      assertError(yield* other.error("track_job", { job_id: 1, notes: "mine" }), new Errors.JobNotFound({ job_id: 1 }))
      // The follow-up view: a day that has come (by the test clock) lists the job; a later one does not yet.
      assert.deepInclude(yield* u.value("get_saved_jobs", { follow_up: "due" }), { total: 0 })
      yield* TestClock.setTime(Date.UTC(2026, 11, 1))
      assert.deepInclude(yield* u.value("get_saved_jobs", { follow_up: "due" }), { total: 1 })
      const byScore = (yield* u.value("get_saved_jobs", { sort: "score", limit: 1 })) as { next_cursor: string | null }
      assert.isNull(byScore.next_cursor)
      assert.strictEqual(
        (yield* u.error("get_saved_jobs", { sort: "company", cursor: "s.2s.1" })).message,
        "cursor belongs to the list sorted by score"
      )
      const reader = yield* user({ scopes: ["jobs_read"] })
      assertError(
        yield* reader.error("track_job", { job_id: 1 }),
        new Errors.ScopeNotAllowed({ required_scope: "jobs_write" })
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("generates a CV for a price and returns the job with its analysis", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ cents: 15 })
      yield* u.value("analyze_job", { job_url: "https://e.com/1" })
      assert.deepStrictEqual(yield* u.value("generate_cv", { job_id: 1, format: "html" }), {
        job_id: 1,
        format: "html",
        content: "CV for Engineer 15 as html",
        resume: {},
        cost_cents: 10
      })
      assert.deepStrictEqual(yield* u.balance, { credits: { balance_dollars: "0.00", balance_cents: 0 } })
      // Kept with its charge: get_cv reads it back free, in its format only, for its owner only.
      assert.deepInclude(yield* u.value("get_cv", { job_id: 1, format: "html" }), {
        job_id: 1,
        format: "html",
        content: "CV for Engineer 15 as html"
      })
      assertError(yield* u.error("get_cv", { job_id: 1 }), new Errors.CvNotFound({ job_id: 1, format: "markdown" }))
      const other = yield* user({ scopes: ["jobs_read"] })
      assertError(yield* other.error("get_cv", { job_id: 1, format: "html" }), new Errors.JobNotFound({ job_id: 1 }))
      const narrow = yield* user({ scopes: ["credits_read"] })
      assertError(
        yield* narrow.error("get_cv", { job_id: 1 }),
        new Errors.ScopeNotAllowed({ required_scope: "jobs_read" })
      )
      const job = yield* u.value("get_job", { job_id: 1 })
      assert.deepInclude(job, { id: 1, title: "Engineer 15", status: "analyzed" })
      assert.deepInclude((job as { analysis: object }).analysis, {
        matching_skills: ["TypeScript"],
        assessment: "A good fit."
      })
    }).pipe(Effect.provide(layer))
  })
})

describe("Gateway profile", () => {
  it.effect("reports a missing profile, then stores and returns one", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ withProfile: false })
      assertError(yield* u.error("get_profile"), new Errors.ProfileNotFound())
      const written = yield* u.value("update_profile", { resume: { basics: { name: "Lin", "x-custom": 1 } } })
      assert.deepStrictEqual(written, { resume: { basics: { name: "Lin", "x-custom": 1 } }, preferences: {} })
      assert.deepStrictEqual(yield* u.value("get_profile"), written)
      assert.strictEqual(
        (yield* u.error("update_profile", { resume: {}, preferences: { min_salary: -1 } }))._tag,
        "InvalidRequest"
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("checks a profile as the dashboard's form does: dates, email, web address, country code", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ withProfile: false })
      const refused = yield* u.error("update_profile", {
        resume: {
          basics: { email: "nope", url: "ftp://x", location: { countryCode: "Germany" } },
          work: [{ name: "Acme", startDate: "Jan 2020" }]
        }
      })
      assert.strictEqual(refused._tag, "InvalidRequest")
      for (const words of ["Use YYYY, YYYY-MM or YYYY-MM-DD", "Enter an email address", "two-letter country code"]) {
        assert.include(refused.message, words)
      }
      assertError(yield* u.error("get_profile"), new Errors.ProfileNotFound())
      const fine = {
        resume: {
          basics: { email: "lin@example.com", url: "https://lin.example", location: { countryCode: "DE" } },
          work: [{ name: "Acme", startDate: "2020-01", endDate: "2024" }]
        },
        preferences: { remote: "any" }
      }
      assert.deepStrictEqual(yield* u.value("update_profile", fine), fine)
      assert.deepStrictEqual(
        Profile.problems({ resume: { education: [{ endDate: "soon" }] }, preferences: { seniority: "boss" } }),
        {
          "resume.education.0.endDate": "Use YYYY, YYYY-MM or YYYY-MM-DD",
          "preferences.seniority": "Choose one of the options"
        }
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("a JSON Resume's empty strings are read as absent: \"endDate\": \"\" is the current job", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const u = yield* user({ withProfile: false })
      // As resume templates write it.
      const written = {
        resume: {
          basics: { name: "Lin", email: "", url: "", label: "", location: { countryCode: "" } },
          work: [{ name: "Acme", position: "Engineer", startDate: "2020-01", endDate: "" }],
          education: [{ institution: "TU Berlin", startDate: "", endDate: "" }]
        }
      }
      const read = {
        resume: {
          basics: { name: "Lin", location: {} },
          work: [{ name: "Acme", position: "Engineer", startDate: "2020-01" }],
          education: [{ institution: "TU Berlin" }]
        },
        preferences: {}
      }
      assert.deepStrictEqual(yield* u.value("update_profile", written), read)
      assert.deepStrictEqual(yield* u.value("get_profile"), read)
      assert.deepStrictEqual(Profile.problems(written), {})
      // A wrong date is still told as before.
      assert.deepStrictEqual(Profile.problems({ resume: { work: [{ endDate: "now" }] } }), {
        "resume.work.0.endDate": "Use YYYY, YYYY-MM or YYYY-MM-DD"
      })
    }).pipe(Effect.provide(layer))
  })

  it.effect("errors stay the domain's: a dashboard's address in the context adds no link (the transports do)", () => {
    const memory = MemoryStore.make()
    const layer = Layer.mergeAll(Gateway.Gateway.Default, Admin.Admin.Default).pipe(
      Layer.provide([
        memory.layer,
        RateLimiter.layerMemory,
        noLimits,
        Prices.layer(),
        TestAnalysis.layer,
        DashboardLinks.layer("https://jobfit.example/dashboard/")
      ])
    )
    return Effect.gen(function*() {
      const poor = yield* user({ cents: 2 })
      const poorer = yield* poor.error("analyze_job", { job_url: "https://jobs.example.com/1" })
      assert.deepStrictEqual(Errors.dataOf(poorer), { required_credits: 5, available_credits: 2 })
      const link = yield* DashboardLinks.attacher.pipe(
        Effect.provide(DashboardLinks.layer("https://jobfit.example/dashboard/"))
      )
      assert.deepStrictEqual(Errors.dataOf(link(poorer)), {
        required_credits: 5,
        available_credits: 2,
        dashboard_url: "https://jobfit.example/dashboard/credits"
      })
      const narrow = yield* user({ scopes: ["jobs_read"] })
      assert.deepStrictEqual(Errors.dataOf(link(yield* narrow.error("get_credits"))), {
        required_scope: "credits_read",
        dashboard_url: "https://jobfit.example/dashboard/keys"
      })
      const fresh = yield* user({ withProfile: false })
      const missing = link(yield* fresh.error("get_profile"))
      assert.strictEqual(missing.message, "User profile not found")
      assert.deepStrictEqual(Errors.dataOf(missing), { dashboard_url: "https://jobfit.example/dashboard/profile" })
      assert.deepStrictEqual(Errors.dataOf(link(yield* fresh.error("get_job", { job_id: 999 }))), { job_id: 999 })
    }).pipe(Effect.provide(layer))
  })

  it.effect("without a dashboard, the same errors carry no link", () => {
    const { layer } = setup()
    return Effect.gen(function*() {
      const narrow = yield* user({ scopes: ["jobs_read"] })
      const link = yield* DashboardLinks.attacher
      assert.deepStrictEqual(Errors.dataOf(link(yield* narrow.error("get_credits"))), {
        required_scope: "credits_read"
      })
      const fresh = yield* user({ withProfile: false })
      assert.deepStrictEqual(Errors.dataOf(yield* fresh.error("get_profile")), {})
    }).pipe(Effect.provide(layer))
  })
})
