import { Clock, Config, Context, Effect, Layer, Option, Ref } from "effect"
import { RateLimitExceeded } from "./Errors.js"

/** A token bucket: `burst` tokens at most, refilled at `perMinute` tokens a minute. */
export interface Policy {
  readonly perMinute: number
  readonly burst: number
}

/** What the RateLimit-* headers report after a request was let through. */
export interface RateState {
  readonly limit: number
  readonly remaining: number
  /** Seconds until the bucket is full again. */
  readonly reset: number
}

/** Counts requests per bucket (a key, or a client address when there is no valid key). */
export class RateLimiter extends Context.Tag("@jobfit/core/RateLimiter")<RateLimiter, {
  readonly take: (bucket: string, policy: Policy) => Effect.Effect<RateState, RateLimitExceeded>
}>() {}

interface Bucket {
  readonly tokens: number
  readonly at: number
}

const MAX_BUCKETS = 10_000

type Decision = { readonly _tag: "Allowed"; readonly state: RateState } | {
  readonly _tag: "Refused"
  readonly retryAfter: number
}

/** The limiter for one process; a limiter over a shared store replaces it for several. */
export const layerMemory = Layer.effect(
  RateLimiter,
  Effect.gen(function*() {
    const buckets = yield* Ref.make(new Map<string, Bucket>())
    const decide = (map: Map<string, Bucket>, name: string, policy: Policy, now: number): Decision => {
      const perMilli = policy.perMinute / 60_000
      const level = (b: Bucket) => Math.min(policy.burst, b.tokens + (now - b.at) * perMilli)
      if (map.size >= MAX_BUCKETS && !map.has(name)) {
        // A full bucket says nothing a new one would not; dropping them bounds memory under many clients.
        for (const [other, b] of map) if (level(b) >= policy.burst) map.delete(other)
      }
      const existing = map.get(name)
      const tokens = existing ? level(existing) : policy.burst
      if (tokens < 1) {
        map.set(name, { tokens, at: now })
        return { _tag: "Refused", retryAfter: Math.max(1, Math.ceil((1 - tokens) / perMilli / 1000)) }
      }
      const left = tokens - 1
      map.set(name, { tokens: left, at: now })
      return {
        _tag: "Allowed",
        state: {
          limit: policy.perMinute,
          remaining: Math.floor(left),
          reset: Math.ceil((policy.burst - left) / perMilli / 1000)
        }
      }
    }
    const take = (name: string, policy: Policy) =>
      Clock.currentTimeMillis.pipe(
        Effect.flatMap((now) => Ref.modify(buckets, (map) => [decide(map, name, policy, now), map])),
        Effect.flatMap((decision) =>
          decision._tag === "Allowed"
            ? Effect.succeed(decision.state)
            : Effect.fail(new RateLimitExceeded({ retry_after: decision.retryAfter, limit: policy.perMinute }))
        )
      )
    return RateLimiter.of({ take })
  })
)

/** The limits in force; none means that limit is off. */
export class RateLimits extends Context.Tag("@jobfit/core/RateLimits")<RateLimits, {
  readonly perKey: Option.Option<Policy>
  readonly analyze: Option.Option<Policy>
}>() {}

const count = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    // Validate before the default: the other order loses the variable's name from the error.
    Config.validate({ message: "must be a whole number, 0 or more", validation: (n) => n >= 0 }),
    Config.withDefault(fallback)
  )

/** JOBFIT_RATE_LIMIT (a minute, per key), JOBFIT_RATE_BURST and JOBFIT_ANALYZE_RATE_LIMIT; 0 turns one off. */
export const RateLimitsConfig = Config.all({
  perMinute: count("JOBFIT_RATE_LIMIT", 60),
  burst: count("JOBFIT_RATE_BURST", 20),
  analyze: count("JOBFIT_ANALYZE_RATE_LIMIT", 10)
}).pipe(Config.map(({ analyze, burst, perMinute }) => ({
  perKey: perMinute > 0 ? Option.some({ perMinute, burst: Math.max(1, burst) }) : Option.none<Policy>(),
  analyze: analyze > 0 ? Option.some({ perMinute: analyze, burst: analyze }) : Option.none<Policy>()
})))

export const layerRateLimitsConfig = Layer.effect(RateLimits, RateLimitsConfig)

export const layerRateLimits = (limits: typeof RateLimits.Service) => Layer.succeed(RateLimits, limits)
