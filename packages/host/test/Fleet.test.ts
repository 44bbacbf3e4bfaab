import { assert, describe, it } from "@effect/vitest"
import { Admin, Analyzer, CvWriter, Gateway, MemoryStore, PostingSource } from "@jobfit/core"
import { ConfigProvider, Context, Effect, Either, Layer } from "effect"
import { Redis } from "ioredis"
import { randomUUID } from "node:crypto"
import { Server } from "../src/index.js"

const redisUrl = process.env["JOBFIT_TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379"
const prefix = `jobfit-test:${randomUUID()}:`

const analysis = Layer.mergeAll(PostingSource.layerUnavailable, Analyzer.layerUnavailable, CvWriter.layerUnavailable)

/** One "process": the server's own composition, its settings from these variables, on a store the fleet shares. */
const process_ = (store: ReturnType<typeof MemoryStore.make>["layer"], variables: Record<string, string>) =>
  Layer.build(Server.layerGateway({ store, analysis })).pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(variables))))
  )

describe("a fleet sharing Redis", () => {
  it.scoped("with JOBFIT_REDIS_URL, two processes count one key together: a burst of 3 is 3 across both", () =>
    Effect.gen(function*() {
      const store = MemoryStore.make().layer
      const variables = {
        JOBFIT_REDIS_URL: redisUrl,
        JOBFIT_REDIS_PREFIX: prefix,
        JOBFIT_RATE_LIMIT: "1",
        JOBFIT_RATE_BURST: "3"
      }
      const a = yield* process_(store, variables)
      const b = yield* process_(store, variables)
      const admin = Context.get(a, Admin.Admin)
      yield* admin.createUser({ email: "fleet@example.com" })
      const { secret } = yield* admin.createKey({ email: "fleet@example.com", scopes: ["jobs_read"] })
      const call = (ctx: typeof a) =>
        Effect.either(
          Context.get(ctx, Gateway.Gateway).call({
            authorization: `Bearer ${secret}`,
            client: "test",
            tool: "get_saved_jobs",
            arguments: {}
          })
        )
      const results = yield* Effect.all([call(a), call(b), call(a), call(b)])
      assert.deepStrictEqual(results.map((r) => (Either.isRight(r) ? "ok" : r.left._tag)), [
        "ok",
        "ok",
        "ok",
        "RateLimitExceeded"
      ])
      // Without Redis each process would have let the fourth through.
      const alone = yield* process_(store, { JOBFIT_RATE_LIMIT: "1", JOBFIT_RATE_BURST: "3" })
      assert.isTrue(Either.isRight(yield* call(alone)))
    }).pipe(Effect.ensuring(Effect.promise(async () => {
      const redis = new Redis(redisUrl)
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length > 0) await redis.del(...keys)
      await redis.quit()
    }))))
})
