import { Effect, FiberRef } from "effect"

/** A step of a long call, for transports that can show progress (MCP notifications/progress). */
export interface Event {
  readonly stage: string
  /** Increases with each event of a call. */
  readonly progress: number
  readonly total: number
  readonly message: string
}

/** Where progress goes; nowhere unless a transport sets a reporter for the call. */
export const reporter: FiberRef.FiberRef<(event: Event) => Effect.Effect<void>> = FiberRef.unsafeMake<
  (event: Event) => Effect.Effect<void>
>(() => Effect.void)

export const report = (event: Event): Effect.Effect<void> => Effect.flatMap(FiberRef.get(reporter), (f) => f(event))

/** Runs `self` with progress sent to `f`. */
export const withReporter =
  (f: (event: Event) => Effect.Effect<void>) => <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.locally(self, reporter, f)
