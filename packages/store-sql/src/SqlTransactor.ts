import * as SqlClient from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import { Transactor } from "@jobfit/core"
import { Effect, Layer } from "effect"

const isSqlError = (u: unknown): u is SqlError => u instanceof SqlError

/** Transactions are @effect/sql's: a nested call joins the outer transaction through a savepoint. */
export const layer: Layer.Layer<Transactor.Transactor, never, SqlClient.SqlClient> = Layer.effect(
  Transactor.Transactor,
  Effect.map(SqlClient.SqlClient, (sql) =>
    Transactor.Transactor.of({
      // BEGIN, COMMIT or ROLLBACK failing is a storage failure: a defect, like every other.
      withTransaction: (self) => Effect.catchIf(sql.withTransaction(self), isSqlError, Effect.die)
    }))
)
