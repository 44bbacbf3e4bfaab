import { TransactionConnection } from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import type { Statement } from "@effect/sql/Statement"
import Sqlite from "better-sqlite3"
import { Context, Effect, Layer, Option } from "effect"

/**
 * A second, read-only connection to a SQLite file, for the busiest reads (a page of jobs). A statement through the
 * SqlClient costs about a hundred Effect steps (its span, scope, connection permit and prepared-statement cache):
 * under load that was half the CPU of a `get_saved_jobs` request, against a few microseconds for the query itself.
 * Here the statement is compiled by the SqlClient as always and run at once on this connection's prepared statement.
 *
 * In WAL mode a reader sees every committed write, this process's and other processes', and does not wait for a
 * transaction open on the SqlClient's connection (a read outside it sees what was there before). A read inside a
 * transaction goes through the SqlClient, to see the transaction's own writes.
 */
export class SqliteReader extends Context.Tag("@jobfit/store-sql/SqliteReader")<SqliteReader, {
  /** The rows of a compiled statement. */
  readonly all: (statement: Statement<unknown>) => Effect.Effect<ReadonlyArray<unknown>, SqlError>
}>() {}

// Few distinct statements take this path; the limit only bounds memory should one be built from varying text.
const MAX_STATEMENTS = 100

const BUSY_TIMEOUT_MS = 5_000

interface Prepared {
  readonly statement: Sqlite.Statement
  readonly columns: ReadonlyArray<string>
}

/**
 * The reader of a SQLite file, opened once the SqlClient in context has created and migrated the file; none for an
 * in-memory database, which a second connection would not share.
 */
export const layer = (filename: string): Layer.Layer<never, SqlError> =>
  filename === ":memory:" || filename === "" ? Layer.empty : Layer.scopedContext(
    Effect.gen(function*() {
      const db = yield* Effect.acquireRelease(
        Effect.try({
          try: () => new Sqlite(filename, { readonly: true, fileMustExist: true }),
          catch: (cause) => new SqlError({ cause, message: `Cannot open the SQLite database ${filename} to read` })
        }),
        (db) => Effect.sync(() => db.close())
      )
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
      const prepared = new Map<string, Prepared>()
      const prepare = (sql: string): Prepared => {
        const known = prepared.get(sql)
        if (known !== undefined) return known
        if (prepared.size >= MAX_STATEMENTS) prepared.clear()
        const statement = db.prepare(sql).raw(true)
        const made = { statement, columns: statement.columns().map((c) => c.name) }
        prepared.set(sql, made)
        return made
      }
      return Context.make(SqliteReader, {
        all: (statement) =>
          Effect.try({
            try: () => {
              const [sql, params] = statement.compile()
              const { columns, statement: prepared } = prepare(sql)
              return (prepared.all(...params) as ReadonlyArray<ReadonlyArray<unknown>>).map((values) => {
                const row: Record<string, unknown> = {}
                for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i]
                return row
              })
            },
            catch: (cause) => new SqlError({ cause, message: "Failed to execute statement" })
          })
      })
    })
  )

/** Runs a statement on the reader when there is one and no transaction is open here, else through the SqlClient. */
export const read = (
  reader: Option.Option<SqliteReader["Type"]>,
  statement: Statement<unknown>
): Effect.Effect<ReadonlyArray<unknown>, SqlError> =>
  Option.isNone(reader) ?
    statement :
    Effect.contextWithEffect((context) =>
      Context.getOption(context, TransactionConnection)._tag === "Some" ? statement : reader.value.all(statement)
    )
