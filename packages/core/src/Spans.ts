import { Effect, FiberRef, type Tracer } from "effect"

/**
 * `Effect.withSpan` while a tracer is on, and nothing while it is off. A span nobody records still costs its call a
 * no-op span, a scope and a current-span context, about as much as a dozen Effect steps; the hot paths (every tool
 * call) take this instead.
 */
export const withSpan =
  (name: string, options?: Tracer.SpanOptions) => <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.withFiberRuntime((fiber) =>
      fiber.getFiberRef(FiberRef.currentTracerEnabled) ? Effect.withSpan(self, name, options) : self
    )
