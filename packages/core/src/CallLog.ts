import { Effect, FiberRef } from "effect"

/** The MCP (RFC 5424) levels, least severe first. */
export const levels = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const
export type Level = typeof levels[number]

export const isLevel = (value: unknown): value is Level => (levels as ReadonlyArray<unknown>).includes(value)

/** `level` is at least as severe as `threshold`. */
export const atLeast = (level: Level, threshold: Level): boolean => levels.indexOf(level) >= levels.indexOf(threshold)

/** What a call tells its caller it is doing (MCP notifications/message), beside its result. */
export interface Entry {
  readonly level: Level
  readonly message: string
  readonly data?: Readonly<Record<string, unknown>>
}

/** Where a call's log goes; nowhere unless a transport sets a sink for the call. */
export const sink: FiberRef.FiberRef<(entry: Entry) => Effect.Effect<void>> = FiberRef.unsafeMake<
  (entry: Entry) => Effect.Effect<void>
>(() => Effect.void)

export const log = (level: Level, message: string, data?: Readonly<Record<string, unknown>>): Effect.Effect<void> =>
  Effect.flatMap(FiberRef.get(sink), (f) => f(data === undefined ? { level, message } : { level, message, data }))

/** Runs `self` with its call log sent to `f`. */
export const withSink =
  (f: (entry: Entry) => Effect.Effect<void>) => <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.locally(self, sink, f)
