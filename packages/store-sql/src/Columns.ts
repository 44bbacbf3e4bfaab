import type { SqlError } from "@effect/sql/SqlError"
import { DateTime, Effect, Option, Schema } from "effect"

/**
 * An integer column. node-postgres returns BIGINT (and COUNT) as a string, better-sqlite3 as a number;
 * both decode to a safe integer, anything else is refused.
 */
export const Int = Schema.Union(Schema.Int, Schema.compose(Schema.NumberFromString, Schema.Int))

/** An id column decoded into one of core's branded ids. */
export const Id = <A extends number>(brand: Schema.Schema<A, number>) => Schema.compose(Int, brand)

/** A timestamp column: epoch milliseconds, the same on both databases, as a DateTime.Utc. */
export const Millis = Schema.compose(Int, Schema.DateTimeUtcFromNumber)

export const toMillis = (dateTime: DateTime.Utc): number => DateTime.toEpochMillis(dateTime)

/** Every row of a statement, decoded; storage failures and rows that do not decode are defects. */
export const all = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknown(Schema.Array(schema))
  return (statement: Effect.Effect<ReadonlyArray<unknown>, SqlError>): Effect.Effect<ReadonlyArray<A>> =>
    Effect.orDie(Effect.flatMap(statement, decode))
}

/** The first row of a statement, if any, decoded. */
export const first = <A, I>(schema: Schema.Schema<A, I>) => {
  const rows = all(schema)
  return (statement: Effect.Effect<ReadonlyArray<unknown>, SqlError>): Effect.Effect<Option.Option<A>> =>
    Effect.map(rows(statement), (found) => Option.fromNullable(found[0]))
}

/** The one row a statement must return (an INSERT ... RETURNING); none is a defect. */
export const single = <A, I>(schema: Schema.Schema<A, I>) => {
  const row = first(schema)
  return (statement: Effect.Effect<ReadonlyArray<unknown>, SqlError>): Effect.Effect<A> =>
    Effect.flatMap(
      row(statement),
      Option.match({ onNone: () => Effect.dieMessage("the statement returned no row"), onSome: Effect.succeed })
    )
}

/** Runs a statement for its effect; a storage failure is a defect. */
export const run = (statement: Effect.Effect<unknown, SqlError>): Effect.Effect<void> =>
  Effect.orDie(Effect.asVoid(statement))
