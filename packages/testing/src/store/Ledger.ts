import { assert } from "@effect/vitest"
import { Errors, Ids, JobStore, Ledger, Transactor } from "@jobfit/core"
import { Clock, DateTime, Effect, Either, Option, TestClock } from "effect"
import { analysis, newUser, type StoreIt } from "./Fixtures.js"

/** The balance, checked against the sum of the user's ledger entries. */
const balanceOf = (userId: Ids.UserId) =>
  Effect.gen(function*() {
    const ledger = yield* Ledger.Ledger
    const cents = yield* ledger.balance(userId)
    const entries = yield* ledger.entries(userId, { limit: 10_000 })
    assert.strictEqual(entries.reduce((sum, entry) => sum + entry.amount_cents, 0), cents, "balance = sum of ledger")
    return cents
  })

export const ledgerContract = (it: StoreIt) => {
  it.effect("grants add credits and return the new balance", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      assert.strictEqual(yield* balanceOf(user.id), 0)
      assert.strictEqual(yield* ledger.grant(user.id, 250, "welcome"), 250)
      assert.strictEqual(yield* ledger.grant(user.id, 1, "top up"), 251)
      assert.strictEqual(yield* balanceOf(user.id), 251)
      const entries = yield* ledger.entries(user.id, { limit: 10 })
      assert.deepStrictEqual(entries.map((e) => [e.kind, e.amount_cents, e.note]), [
        ["grant", 1, "top up"],
        ["grant", 250, "welcome"]
      ])
    }))

  it.effect("a charge takes the credits; one the balance does not cover fails and takes nothing", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      yield* ledger.grant(user.id, 12, "grant")
      const charge = yield* ledger.charge(user.id, 5, "analyze_job")
      assert.isTrue(charge > 0)
      assert.strictEqual(yield* balanceOf(user.id), 7)
      const error = yield* Effect.flip(ledger.charge(user.id, 10, "generate_cv"))
      assert.instanceOf(error, Errors.InsufficientCredits)
      assert.deepStrictEqual([error.required_credits, error.available_credits], [10, 7])
      assert.strictEqual(yield* balanceOf(user.id), 7)
      const [latest] = yield* ledger.entries(user.id, { limit: 1 })
      assert.deepStrictEqual([latest!.id, latest!.kind, latest!.amount_cents, latest!.tool], [
        charge,
        "charge",
        -5,
        "analyze_job"
      ])
      const none = yield* Effect.flip(ledger.charge((yield* newUser).id, 5, "analyze_job"))
      assert.deepStrictEqual([none.required_credits, none.available_credits], [5, 0])
    }))

  it.effect("a refund gives a pending charge back once, however often it is asked for", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      yield* ledger.grant(user.id, 20, "grant")
      const charge = yield* ledger.charge(user.id, 5, "analyze_job")
      yield* ledger.refund(charge)
      assert.strictEqual(yield* balanceOf(user.id), 20)
      yield* ledger.refund(charge)
      assert.strictEqual(yield* balanceOf(user.id), 20)
      const again = yield* ledger.charge(user.id, 5, "analyze_job")
      yield* Effect.all(Array.from({ length: 20 }, () => ledger.refund(again)), { concurrency: "unbounded" })
      assert.strictEqual(yield* balanceOf(user.id), 20)
      const kinds = (yield* ledger.entries(user.id, { limit: 10 })).map((e) => e.kind)
      assert.deepStrictEqual(kinds, ["refund", "charge", "refund", "charge", "grant"])
      // A refunded charge cannot be settled afterwards.
      yield* ledger.settle(charge, Option.none())
      yield* ledger.refund(charge)
      assert.strictEqual(yield* balanceOf(user.id), 20)
    }))

  it.effect("charges left pending past the cutoff are refunded; newer and settled ones are not", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      yield* ledger.grant(user.id, 30, "grant")
      const abandoned = yield* ledger.charge(user.id, 5, "analyze_job")
      const settled = yield* ledger.charge(user.id, 10, "generate_cv")
      yield* ledger.settle(settled, Option.none())
      yield* TestClock.adjust("20 minutes")
      const fresh = yield* ledger.charge(user.id, 5, "analyze_job")
      assert.strictEqual(yield* balanceOf(user.id), 10)
      const cutoff = DateTime.subtractDuration(yield* DateTime.now, "10 minutes")
      // Other tests share the store and may have left pending charges too.
      assert.isAtLeast(yield* ledger.refundStale(cutoff), 1)
      assert.strictEqual(yield* balanceOf(user.id), 15)
      assert.strictEqual(yield* ledger.refundStale(cutoff), 0)
      yield* ledger.refund(abandoned)
      yield* ledger.settle(fresh, Option.none())
      assert.strictEqual(yield* balanceOf(user.id), 15)
      const kinds = (yield* ledger.entries(user.id, { limit: 10 })).map((e) => e.kind)
      assert.deepStrictEqual(kinds.filter((k) => k === "refund").length, 1)
    }))

  it.effect("a settled charge is kept, records its job, and is not refunded", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      yield* ledger.grant(user.id, 20, "grant")
      const charge = yield* ledger.charge(user.id, 5, "analyze_job")
      yield* ledger.settle(charge, Option.some(Ids.JobId.make(42)))
      yield* ledger.refund(charge)
      assert.strictEqual(yield* balanceOf(user.id), 15)
      const [entry] = yield* ledger.entries(user.id, { limit: 1 })
      assert.deepStrictEqual([entry!.id, entry!.job_id], [charge, 42])
    }))

  it.effect("200 concurrent charges of 5 against 35: exactly 7 pass, the balance ends at 0", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      yield* ledger.grant(user.id, 35, "grant")
      const results = yield* Effect.all(
        Array.from({ length: 200 }, () => Effect.either(ledger.charge(user.id, 5, "analyze_job"))),
        { concurrency: "unbounded" }
      )
      const passed = results.filter(Either.isRight)
      const refused = results.filter(Either.isLeft).map((result) => result.left)
      assert.strictEqual(passed.length, 7)
      assert.strictEqual(refused.length, 193)
      for (const error of refused) {
        assert.strictEqual(error._tag, "InsufficientCredits")
        assert.strictEqual(error.required_credits, 5)
        assert.isTrue(Number.isInteger(error.available_credits) && error.available_credits >= 0, "integer cents")
        assert.isBelow(error.available_credits, 5)
      }
      assert.strictEqual(new Set(passed.map((result) => result.right)).size, 7)
      assert.strictEqual(yield* balanceOf(user.id), 0)
    }))

  it.effect("lists entries newest first, with a limit and the last entry of the previous page", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      const start = yield* Clock.currentTimeMillis
      yield* ledger.grant(user.id, 100, "first")
      yield* TestClock.adjust("1 minute")
      yield* ledger.grant(user.id, 10, "second")
      yield* TestClock.adjust("1 minute")
      yield* ledger.charge(user.id, 3, "generate_cv")
      const entries = yield* ledger.entries(user.id, { limit: 10 })
      assert.deepStrictEqual(entries.map((e) => DateTime.toEpochMillis(e.created_at) - start), [120_000, 60_000, 0])
      assert.deepStrictEqual((yield* ledger.entries(user.id, { limit: 2 })).map((e) => e.amount_cents), [-3, 10])
      const newest = entries[0]!
      const before = yield* ledger.entries(user.id, { limit: 10, before: { at: newest.created_at, id: newest.id } })
      assert.deepStrictEqual(before.map((e) => e.note), ["second", "first"])
      assert.strictEqual((yield* ledger.entries((yield* newUser).id, { limit: 10 })).length, 0)
    }))

  it.effect("pages through entries made in the same millisecond without skipping or repeating one", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const user = yield* newUser
      for (const note of ["a", "b", "c", "d", "e"]) yield* ledger.grant(user.id, 1, note)
      const seen: Array<string | null> = []
      let page = yield* ledger.entries(user.id, { limit: 2 })
      while (page.length > 0) {
        seen.push(...page.map((e) => e.note))
        const last = page.at(-1)!
        page = yield* ledger.entries(user.id, { limit: 2, before: { at: last.created_at, id: last.id } })
      }
      assert.deepStrictEqual(seen, ["e", "d", "c", "b", "a"])
    }))

  it.effect("a transaction commits a charge and the write it pays for together, or neither", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const jobs = yield* JobStore.JobStore
      const transactor = yield* Transactor.Transactor
      const user = yield* newUser
      yield* ledger.grant(user.id, 10, "grant")
      const url = "https://example.com/jobs/tx"
      const failed = yield* transactor.withTransaction(Effect.gen(function*() {
        const charge = yield* ledger.charge(user.id, 5, "analyze_job")
        const saved = yield* jobs.saveAnalysis(user.id, url, analysis(), DateTime.unsafeMake(1_000))
        yield* ledger.settle(charge, Option.some(saved.job.id))
        return yield* Effect.fail("analyzer blew up" as const)
      })).pipe(Effect.flip)
      assert.strictEqual(failed, "analyzer blew up")
      assert.strictEqual(yield* balanceOf(user.id), 10)
      assert.isTrue(Option.isNone(yield* jobs.findByUrl(user.id, url)))

      const stored = yield* transactor.withTransaction(Effect.gen(function*() {
        const charge = yield* ledger.charge(user.id, 5, "analyze_job")
        const saved = yield* jobs.saveAnalysis(user.id, url, analysis(), DateTime.unsafeMake(1_000))
        yield* ledger.settle(charge, Option.some(saved.job.id))
        return saved
      }))
      assert.strictEqual(yield* balanceOf(user.id), 5)
      assert.strictEqual(Option.getOrThrow(yield* jobs.findByUrl(user.id, url)).job.id, stored.job.id)
    }))

  it.effect("a nested transaction joins the outer one; its failure undoes only its own writes", () =>
    Effect.gen(function*() {
      const ledger = yield* Ledger.Ledger
      const transactor = yield* Transactor.Transactor
      const user = yield* newUser
      yield* transactor.withTransaction(Effect.gen(function*() {
        yield* ledger.grant(user.id, 10, "outer")
        const inner = transactor.withTransaction(Effect.zipRight(ledger.grant(user.id, 5, "inner"), Effect.fail("no")))
        yield* Effect.ignore(inner)
        assert.strictEqual(yield* ledger.balance(user.id), 10)
      }))
      assert.strictEqual(yield* balanceOf(user.id), 10)
      const outerFails = transactor.withTransaction(
        Effect.zipRight(transactor.withTransaction(ledger.grant(user.id, 5, "inner")), Effect.fail("no"))
      )
      yield* Effect.ignore(outerFails)
      assert.strictEqual(yield* balanceOf(user.id), 10)
    }))
}
