import { DateTime, Duration, Effect, Layer, Metric, Option, Schedule } from "effect"
import { IdempotencyStore, RETENTION } from "./Idempotency.js"
import { Ledger } from "./Ledger.js"
import * as Metrics from "./Metrics.js"

/** A charge still pending after this long was left by a process that stopped mid-call. */
export const staleAfter = Duration.minutes(10)

/**
 * Refunds charges left pending by a stopped process, and forgets Idempotency-Keys older than a day: once at start,
 * then every minute, while the layer lives.
 */
export const layer = Layer.scopedDiscard(
  Effect.gen(function*() {
    const ledger = yield* Ledger
    const idempotency = yield* Effect.serviceOption(IdempotencyStore)
    const sweep = Effect.gen(function*() {
      const now = yield* DateTime.now
      const found = yield* ledger.refundStale(DateTime.subtractDuration(now, staleAfter))
      if (found > 0) {
        yield* Metric.incrementBy(Metrics.refunds.of(), found)
        yield* Effect.logWarning("refunded charges left pending").pipe(Effect.annotateLogs({ found }))
      }
      if (Option.isSome(idempotency)) yield* idempotency.value.purge(DateTime.subtractDuration(now, RETENTION))
    }).pipe(Effect.catchAllCause((cause) => Effect.logError("sweeping stale charges failed", cause)))
    yield* Effect.forkScoped(Effect.repeat(sweep, Schedule.spaced(Duration.minutes(1))))
  })
)
