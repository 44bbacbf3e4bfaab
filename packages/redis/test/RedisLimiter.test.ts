import { assert, describe, it } from "@effect/vitest"
import { RateLimiter } from "@jobfit/core"
import { Context, Effect, Either, Layer } from "effect"
import { Redis } from "ioredis"
import { randomUUID } from "node:crypto"
import { RedisLimiter } from "../src/index.js"

const url = process.env["JOBFIT_TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379"
// Each run has keys of its own, removed at the end.
const prefix = `jobfit-test:${randomUUID()}:`

/** Two limiters on one Redis, as two processes of a fleet have. */
const twoProcesses = Effect.gen(function*() {
  const build = () =>
    Effect.map(Layer.build(RedisLimiter.layer({ url, prefix })), (ctx) => Context.get(ctx, RateLimiter.RateLimiter))
  return [yield* build(), yield* build()] as const
})

const cleanUp = Effect.promise(async () => {
  const redis = new Redis(url)
  const keys = await redis.keys(`${prefix}*`)
  if (keys.length > 0) await redis.del(...keys)
  await redis.quit()
})

describe("RedisLimiter", () => {
  it.scoped("two processes share one bucket: a burst of 3 is 3 across both, then retry_after", () =>
    Effect.gen(function*() {
      const [a, b] = yield* twoProcesses
      const policy = { perMinute: 1, burst: 3 }
      const results = yield* Effect.all([a, b, a, b, a].map((l) => Effect.either(l.take("key:1", policy))))
      assert.deepStrictEqual(results.map(Either.isRight), [true, true, true, false, false])
      const refused = results[3]!
      assert.isTrue(Either.isLeft(refused) && refused.left.retry_after >= 1 && refused.left.limit === 1)
      const first = results[0]!
      assert.deepStrictEqual(Either.getOrThrow(first), { limit: 1, remaining: 2, reset: 60 })
      // Another bucket is untouched.
      assert.isTrue(Either.isRight(yield* Effect.either(b.take("key:2", policy))))
    }).pipe(Effect.ensuring(cleanUp)))

  it.scoped("100 concurrent takes over two processes against a burst of 10: exactly 10 pass", () =>
    Effect.gen(function*() {
      const [a, b] = yield* twoProcesses
      const policy = { perMinute: 1, burst: 10 }
      const results = yield* Effect.all(
        Array.from({ length: 100 }, (_, i) => Effect.either((i % 2 === 0 ? a : b).take("key:busy", policy))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter(Either.isRight).length, 10)
    }).pipe(Effect.ensuring(cleanUp)))

  it.scoped("with Redis away the API stays up: each process keeps its own buckets", () =>
    Effect.gen(function*() {
      const limiter = Context.get(
        yield* Layer.build(RedisLimiter.layer({ url: "redis://127.0.0.1:1", prefix })),
        RateLimiter.RateLimiter
      )
      const policy = { perMinute: 1, burst: 2 }
      const results = yield* Effect.all([1, 2, 3].map(() => Effect.either(limiter.take("key:1", policy))))
      assert.deepStrictEqual(results.map(Either.isRight), [true, true, false])
    }))
})
