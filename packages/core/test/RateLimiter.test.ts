import { assert, describe, it } from "@effect/vitest"
import { RateLimiter } from "@jobfit/core"
import { Effect, TestClock } from "effect"

const policy = { perMinute: 60, burst: 3 }
const take = (bucket: string) =>
  Effect.flatMap(RateLimiter.RateLimiter, (limiter) => Effect.either(limiter.take(bucket, policy)))

describe("RateLimiter.layerMemory", () => {
  it.effect("lets a burst through, then refuses with a whole-second Retry-After", () =>
    Effect.gen(function*() {
      const results = yield* Effect.all([take("k"), take("k"), take("k"), take("k")])
      assert.deepStrictEqual(results.slice(0, 3).map((r) => r._tag === "Right" && r.right.remaining), [2, 1, 0])
      const refused = results[3]!
      assert.strictEqual(refused._tag, "Left")
      if (refused._tag === "Left") {
        assert.strictEqual(refused.left.retry_after, 1)
        assert.strictEqual(refused.left.limit, 60)
      }
    }).pipe(Effect.provide(RateLimiter.layerMemory)))

  it.effect("refills at the configured rate and keeps buckets apart", () =>
    Effect.gen(function*() {
      yield* Effect.all([take("a"), take("a"), take("a")])
      assert.strictEqual((yield* take("a"))._tag, "Left")
      assert.strictEqual((yield* take("b"))._tag, "Right")
      yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* take("a"))._tag, "Right")
      assert.strictEqual((yield* take("a"))._tag, "Left")
      yield* TestClock.adjust("1 minute")
      const full = yield* take("a")
      assert.isTrue(full._tag === "Right" && full.right.remaining === 2)
    }).pipe(Effect.provide(RateLimiter.layerMemory)))

  it.effect("reports retry_after from the refill rate", () =>
    Effect.gen(function*() {
      const slow = { perMinute: 2, burst: 1 }
      const limiter = yield* RateLimiter.RateLimiter
      yield* limiter.take("s", slow)
      const error = yield* Effect.flip(limiter.take("s", slow))
      assert.strictEqual(error.retry_after, 30)
    }).pipe(Effect.provide(RateLimiter.layerMemory)))
})
