/**
 * Token buckets in Redis, so that every process of a fleet counts one key's requests together. One Lua script per
 * take reads the bucket, refills it by the time elapsed on the Redis server's clock (one clock for the whole fleet),
 * takes a token or refuses, and writes it back: atomic without locks. Buckets expire once they would be full again.
 *
 * When Redis does not answer, the process falls back to its own in-memory buckets and logs a warning (at most every
 * 30 s): limits hold per process, and the API stays up.
 */
import { Errors, RateLimiter } from "@jobfit/core"
import { Config, type ConfigError, Context, Effect, Layer, Option, Redacted } from "effect"
import { Redis } from "ioredis"

const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local perMinute = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local perMilli = perMinute / 60000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
if state[1] then
  tokens = math.min(burst, tonumber(state[1]) + math.max(0, now - tonumber(state[2])) * perMilli)
end
local ttl = math.ceil(burst / perMilli) + 1000
if tokens < 1 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
  redis.call('PEXPIRE', KEYS[1], ttl)
  return {0, math.max(1, math.ceil((1 - tokens) / perMilli / 1000)), 0}
end
local left = tokens - 1
redis.call('HSET', KEYS[1], 'tokens', tostring(left), 'at', now)
redis.call('PEXPIRE', KEYS[1], ttl)
return {1, math.floor(left), math.ceil((burst - left) / perMilli / 1000)}
`

interface Options {
  /** redis://[user:password@]host:port[/db] */
  readonly url: string
  /** Prefixed to every bucket's key, so that several deployments (or tests) can share one Redis. */
  readonly prefix?: string
}

/** The limiter's Redis connection, for a readiness probe. */
export class Health extends Context.Tag("@jobfit/redis/Health")<Health, {
  readonly ping: Effect.Effect<void, unknown>
}>() {}

type WithTake = Redis & { jobfitTake: (key: string, perMinute: number, burst: number) => Promise<Array<number>> }

const WARN_EVERY_MS = 30_000

/** The limiter over Redis at `url`; the connection lives as long as the layer. */
export const layer = (options: Options): Layer.Layer<RateLimiter.RateLimiter | Health> =>
  Layer.scopedContext(
    Effect.gen(function*() {
      const prefix = options.prefix ?? "jobfit:rate:"
      const fallback = Context.get(yield* Layer.build(RateLimiter.layerMemory), RateLimiter.RateLimiter)
      const redis = yield* Effect.acquireRelease(
        Effect.sync(() => {
          const client = new Redis(options.url, {
            // Fail a take at once while Redis is away, rather than queueing it behind a reconnect.
            enableOfflineQueue: false,
            maxRetriesPerRequest: 0,
            connectTimeout: 2_000,
            lazyConnect: false
          }) as WithTake
          client.defineCommand("jobfitTake", { numberOfKeys: 1, lua: TAKE })
          // ioredis reports connection errors as events; the takes that fail meanwhile say what matters.
          client.on("error", () => undefined)
          return client
        }),
        (client) => Effect.promise(() => client.quit().catch(() => "closed"))
      )
      // Start once connected (or once it is clear Redis is away, within 2 s): the first takes then go to Redis.
      yield* Effect.async<void>((resume) => {
        let resumed = false
        const done = () => {
          if (resumed) return
          resumed = true
          clearTimeout(timer)
          resume(Effect.void)
        }
        const timer = setTimeout(done, 2_000)
        redis.once("ready", done)
        redis.once("error", done)
      })
      let warnedAt = -Infinity
      const warn = (cause: unknown) =>
        Effect.suspend(() => {
          const now = Date.now()
          if (now - warnedAt < WARN_EVERY_MS) return Effect.void
          warnedAt = now
          return Effect.logWarning("Redis did not answer; rate limits are per process until it does").pipe(
            Effect.annotateLogs({ why: cause instanceof Error ? cause.message : String(cause) })
          )
        })
      const take = (bucket: string, policy: RateLimiter.Policy) =>
        Effect.tryPromise(() => redis.jobfitTake(`${prefix}${bucket}`, policy.perMinute, policy.burst)).pipe(
          Effect.matchEffect({
            onFailure: (error) => Effect.zipRight(warn(error.cause), fallback.take(bucket, policy)),
            onSuccess: ([allowed, a, b]) =>
              allowed === 1
                ? Effect.succeed({ limit: policy.perMinute, remaining: a ?? 0, reset: b ?? 0 })
                : Effect.fail(new Errors.RateLimitExceeded({ retry_after: a ?? 1, limit: policy.perMinute }))
          })
        )
      return Context.make(RateLimiter.RateLimiter, RateLimiter.RateLimiter.of({ take })).pipe(
        Context.add(Health, { ping: Effect.asVoid(Effect.tryPromise(() => redis.ping())) })
      )
    })
  )

/** JOBFIT_REDIS_URL (and JOBFIT_REDIS_PREFIX) when set; the process's own buckets otherwise. */
export const layerConfig: Layer.Layer<RateLimiter.RateLimiter, ConfigError.ConfigError> = Layer.unwrapEffect(
  Effect.map(
    Config.all({
      url: Config.option(Config.redacted("JOBFIT_REDIS_URL")),
      prefix: Config.string("JOBFIT_REDIS_PREFIX").pipe(Config.withDefault("jobfit:rate:"))
    }),
    ({ prefix, url }) =>
      Option.match(url, {
        onNone: () => RateLimiter.layerMemory,
        onSome: (value) => layer({ url: Redacted.value(value), prefix })
      })
  )
)
