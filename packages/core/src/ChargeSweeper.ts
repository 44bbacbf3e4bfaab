import { Duration, Effect, Layer, Schedule } from "effect"
import { DateTime } from "effect"
import { Ledger } from "./Ledger.js"

/** A charge still pending after this long was left by a process that stopped mid-call. */
export const staleAfter = Duration.minutes(10)

/** Refunds charges left pending by a stopped process: once at start, then every minute, while the layer lives. */
export const layer = Layer.scopedDiscard(
  Effect.gen(function*() {
    const ledger = yield* Ledger
    const sweep = Effect.gen(function*() {
      const cutoff = DateTime.subtractDuration(yield* DateTime.now, staleAfter)
      const found = yield* ledger.refundStale(cutoff)
      if (found > 0) yield* Effect.logWarning("refunded charges left pending").pipe(Effect.annotateLogs({ found }))
    }).pipe(Effect.catchAllCause((cause) => Effect.logError("sweeping stale charges failed", cause)))
    yield* Effect.forkScoped(Effect.repeat(sweep, Schedule.spaced(Duration.minutes(1))))
  })
)
