import { Context, Duration, Effect, Exit } from "effect"

/** One dependency's answer: its name and whether it answered in time. */
export interface Check {
  readonly name: string
  readonly ok: boolean
}

/** Whether the process can serve: each dependency it needs (the database, Redis) asked once per readiness probe. */
export class Readiness extends Context.Tag("@jobfit/core/Readiness")<Readiness, {
  readonly report: Effect.Effect<ReadonlyArray<Check>>
}>() {}

/** How long one dependency may take to answer a probe. */
export const TIMEOUT = Duration.seconds(2)

/**
 * Readiness from named probes, asked together; a probe that fails, dies or takes longer than TIMEOUT is not ready.
 * What went wrong is not reported (the answer is public): the process's log says it.
 */
export const make = (probes: ReadonlyArray<readonly [string, Effect.Effect<unknown, unknown>]>) =>
  Readiness.of({
    report: Effect.forEach(
      probes,
      ([name, probe]) =>
        Effect.map(
          Effect.exit(Effect.timeoutFail(probe, { duration: TIMEOUT, onTimeout: () => "timed out" })),
          (exit): Check => ({ name, ok: Exit.isSuccess(exit) })
        ).pipe(Effect.tap((check) => check.ok ? Effect.void : Effect.logWarning(`readiness: ${name} did not answer`))),
      { concurrency: "unbounded" }
    )
  })
