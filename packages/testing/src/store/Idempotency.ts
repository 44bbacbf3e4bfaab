import { assert, type Vitest } from "@effect/vitest"
import { type AccountStore, Idempotency, type Transactor } from "@jobfit/core"
import { Transactor as TransactorTag } from "@jobfit/core"
import { DateTime, Duration, Effect } from "effect"
import { randomUUID } from "node:crypto"
import { newUser } from "./Fixtures.js"

/** What a store with Idempotency-Key records provides. */
export type IdempotencyStores = AccountStore.AccountStore | Transactor.Transactor | Idempotency.IdempotencyStore

export type IdempotencyIt = Vitest.MethodsNonLive<IdempotencyStores>

const start = DateTime.unsafeMake(Date.UTC(2026, 0, 1))
const at = (seconds: number) => Idempotency.timesAt(DateTime.addDuration(start, Duration.seconds(seconds)))

const tagOf = (claim: Idempotency.Claim) => claim._tag

/** A user of its own and a fresh key, so that tests sharing one database never meet. */
const fresh = Effect.map(newUser, (user) => ({ user: user.id, key: randomUUID() }))

export const idempotencyContract = (it: IdempotencyIt) => {
  it.effect("the first claim runs; the same call again is running until it completes, then replays its result", () =>
    Effect.gen(function*() {
      const store = yield* Idempotency.IdempotencyStore
      const { key, user } = yield* fresh
      const first = yield* store.claim(user, key, "call A", at(0))
      assert.strictEqual(first._tag, "Run")
      if (first._tag !== "Run") return
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call A", at(1))), "Running")
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call B", at(1))), "Conflict")
      assert.isTrue(yield* store.complete(user, key, first.token, "{\"job_id\":7}"))
      assert.deepStrictEqual(
        yield* store.claim(user, key, "call A", at(2)),
        Idempotency.Claim.Replay({ outcome: "{\"job_id\":7}" })
      )
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call B", at(2))), "Conflict")
      // Another user's key of the same name is another record.
      assert.strictEqual(tagOf(yield* store.claim((yield* newUser).id, key, "call B", at(2))), "Run")
    }))

  it.effect("a released claim frees the key; the old token then changes nothing", () =>
    Effect.gen(function*() {
      const store = yield* Idempotency.IdempotencyStore
      const { key, user } = yield* fresh
      const first = yield* store.claim(user, key, "call A", at(0))
      if (first._tag !== "Run") return assert.fail(first._tag)
      yield* store.release(user, key, first.token)
      const second = yield* store.claim(user, key, "call B", at(1))
      if (second._tag !== "Run") return assert.fail(second._tag)
      assert.notStrictEqual(second.token, first.token)
      yield* store.release(user, key, first.token)
      assert.isFalse(yield* store.complete(user, key, first.token, "{}"))
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call B", at(2))), "Running")
      assert.isTrue(yield* store.complete(user, key, second.token, "{\"b\":1}"))
      // A completed record is not released.
      yield* store.release(user, key, second.token)
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call B", at(3))), "Replay")
    }))

  it.effect("a claim whose lease ran out (its process stopped) is taken over; a renewed one is not", () =>
    Effect.gen(function*() {
      const store = yield* Idempotency.IdempotencyStore
      const { key, user } = yield* fresh
      const lease = Duration.toSeconds(Idempotency.LEASE)
      const first = yield* store.claim(user, key, "call A", at(0))
      if (first._tag !== "Run") return assert.fail(first._tag)
      yield* store.renew(user, key, first.token, at(lease).leaseUntil)
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call A", at(lease + 1))), "Running")
      const second = yield* store.claim(user, key, "call A", at(2 * lease + 1))
      if (second._tag !== "Run") return assert.fail(second._tag)
      assert.isFalse(yield* store.complete(user, key, first.token, "{\"late\":true}"))
      assert.isTrue(yield* store.complete(user, key, second.token, "{\"b\":2}"))
      assert.deepStrictEqual(
        yield* store.claim(user, key, "call A", at(2 * lease + 2)),
        Idempotency.Claim.Replay({ outcome: "{\"b\":2}" })
      )
    }))

  it.effect("a record is kept for a day, then forgotten; purge forgets the records made before a time", () =>
    Effect.gen(function*() {
      const store = yield* Idempotency.IdempotencyStore
      const { key, user } = yield* fresh
      const day = Duration.toSeconds(Idempotency.RETENTION)
      const first = yield* store.claim(user, key, "call A", at(0))
      if (first._tag !== "Run") return assert.fail(first._tag)
      yield* store.complete(user, key, first.token, "{}")
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call B", at(day - 1))), "Conflict")
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call B", at(day + 1))), "Run")
      const other = randomUUID()
      const claim = yield* store.claim(user, other, "call A", at(0))
      if (claim._tag !== "Run") return assert.fail(claim._tag)
      yield* store.complete(user, other, claim.token, "{}")
      yield* store.purge(at(1).now)
      assert.strictEqual(tagOf(yield* store.claim(user, other, "call B", at(2))), "Run")
    }))

  it.effect("of twenty concurrent claims on one key, exactly one runs", () =>
    Effect.gen(function*() {
      const store = yield* Idempotency.IdempotencyStore
      const { key, user } = yield* fresh
      const claims = yield* Effect.all(
        Array.from({ length: 20 }, () => store.claim(user, key, "call A", at(0))),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(claims.map(tagOf).sort(), ["Run", ...Array.from({ length: 19 }, () => "Running")])
    }))

  it.effect("a result recorded in a transaction that fails is not kept", () =>
    Effect.gen(function*() {
      const store = yield* Idempotency.IdempotencyStore
      const transactor = yield* TransactorTag.Transactor
      const { key, user } = yield* fresh
      const first = yield* store.claim(user, key, "call A", at(0))
      if (first._tag !== "Run") return assert.fail(first._tag)
      const failed = yield* Effect.flip(
        transactor.withTransaction(Effect.zipRight(store.complete(user, key, first.token, "{}"), Effect.fail("boom")))
      )
      assert.strictEqual(failed, "boom")
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call A", at(1))), "Running")
      assert.isTrue(yield* transactor.withTransaction(store.complete(user, key, first.token, "{\"ok\":1}")))
      assert.strictEqual(tagOf(yield* store.claim(user, key, "call A", at(2))), "Replay")
    }))
}
