import { Context, type Effect } from "effect"

/** Runs an effect in one store transaction: a charge and the write it pays for commit together. */
export class Transactor extends Context.Tag("@jobfit/core/Transactor")<Transactor, {
  readonly withTransaction: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}>() {}
