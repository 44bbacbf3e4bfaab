import * as Reactivity from "@effect/experimental/Reactivity"
import { PgClient } from "@effect/sql-pg"
import { SqliteClient } from "@effect/sql-sqlite-node"
import type { MigrationError } from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import type {
  AccountStore,
  Credentials,
  Idempotency,
  JobStore,
  Ledger,
  OAuthStore,
  Transactor,
  Vouchers
} from "@jobfit/core"
import { ConfigError, Effect, Either, Layer, Redacted } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import * as DatabaseUrl from "./DatabaseUrl.js"
import * as Migrations from "./Migrations.js"
import * as SqlAccountStore from "./SqlAccountStore.js"
import * as SqlCredentials from "./SqlCredentials.js"
import * as SqlIdempotency from "./SqlIdempotency.js"
import * as SqliteReader from "./SqliteReader.js"
import * as SqlJobStore from "./SqlJobStore.js"
import * as SqlLedger from "./SqlLedger.js"
import * as SqlOAuthStore from "./SqlOAuthStore.js"
import * as SqlTransactor from "./SqlTransactor.js"
import * as SqlVouchers from "./SqlVouchers.js"

/** Every storage service core needs, as this package provides them. */
export type Stores =
  | AccountStore.AccountStore
  | JobStore.JobStore
  | Ledger.Ledger
  | Transactor.Transactor
  | Idempotency.IdempotencyStore

/** What the dashboard needs beside Stores: sign-in, voucher codes and the OAuth server's clients and tokens. */
export type DashboardStores = Credentials.Credentials | Vouchers.Vouchers | OAuthStore.OAuthStore

/** Why a store could not start: the database is unreachable or unusable, or a migration failed. */
export type StoreError = SqlError | MigrationError

/** The stores over the SqlClient in context, built once the migrations have run. */
export const layerMigrated: Layer.Layer<Stores | DashboardStores, StoreError, SqlClient.SqlClient> = Layer.mergeAll(
  SqlAccountStore.layer,
  SqlJobStore.layer,
  SqlLedger.layer,
  SqlTransactor.layer,
  SqlIdempotency.layer,
  SqlCredentials.layer,
  SqlVouchers.layer,
  SqlOAuthStore.layer
).pipe(Layer.provide(Migrations.layer))

/** The stores over the SqlClient in context; runs the migrations when built (a failure there is a defect). */
export const layer: Layer.Layer<Stores | DashboardStores, never, SqlClient.SqlClient> = Layer.orDie(layerMigrated)

const reason = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

const BUSY_TIMEOUT_MS = 5_000

// better-sqlite3 throws from its constructor, and only says "unable to open database file"; check first.
const prepareFile = (filename: string) =>
  Effect.try({
    try: () => {
      if (filename === ":memory:") return
      const folder = path.dirname(path.resolve(filename))
      fs.mkdirSync(folder, { recursive: true })
      fs.accessSync(folder, fs.constants.R_OK | fs.constants.W_OK)
      if (fs.existsSync(filename)) fs.accessSync(filename, fs.constants.R_OK | fs.constants.W_OK)
    },
    catch: (cause) =>
      new SqlError({
        cause,
        message: `The SQLite database ${filename} cannot be created or written (${reason(cause)}); ` +
          `set ${DatabaseUrl.variable} to a writable path`
      })
  })

/** A SqlClient on a SQLite file: its folder created, WAL on, and a busy timeout for other processes' writes. */
export const sqliteClient = (filename: string): Layer.Layer<SqlClient.SqlClient, SqlError> =>
  Layer.scoped(
    SqlClient.SqlClient,
    Effect.gen(function*() {
      yield* prepareFile(filename)
      const client = yield* SqliteClient.make({ filename }).pipe(
        Effect.catchAllDefect((cause) =>
          new SqlError({ cause, message: `Cannot open the SQLite database ${filename}: ${reason(cause)}` })
        )
      )
      yield* client`PRAGMA busy_timeout = ${client.literal(String(BUSY_TIMEOUT_MS))}`
      yield* client`PRAGMA foreign_keys = ON`
      yield* client`PRAGMA synchronous = NORMAL`
      return client
    })
  ).pipe(Layer.provide(Reactivity.layer))

/** A SqlClient on a PostgreSQL server. */
export const pgClient = (url: Redacted.Redacted<string> | string): Layer.Layer<SqlClient.SqlClient, SqlError> =>
  PgClient.layer({ url: typeof url === "string" ? Redacted.make(url) : url, applicationName: "jobfit" }).pipe(
    Layer.mapError((error) =>
      new SqlError({
        cause: error,
        message: `Cannot connect to the PostgreSQL database of ${DatabaseUrl.variable}: ${reason(error.cause)}`
      })
    )
  )

/** The stores on a SQLite file, migrated, with the client (and a second connection for the busiest reads). */
export const layerSqlite = (
  filename: string
): Layer.Layer<Stores | DashboardStores | SqlClient.SqlClient, StoreError> =>
  Layer.provideMerge(
    layerMigrated,
    Layer.provideMerge(SqliteReader.layer(filename), sqliteClient(filename))
  )

/** The stores on PostgreSQL, migrated, with the client. */
export const layerPg = (
  url: Redacted.Redacted<string> | string
): Layer.Layer<Stores | DashboardStores | SqlClient.SqlClient, StoreError> =>
  Layer.provideMerge(layerMigrated, pgClient(url))

const layerFor = (url: DatabaseUrl.DatabaseUrl) =>
  url._tag === "Postgres" ? layerPg(url.url) : layerSqlite(url.filename)

/** The stores on the database a JOBFIT_DATABASE_URL value names; a bad value fails naming the variable. */
export const layerFromUrl = (
  text: string | undefined
): Layer.Layer<Stores | DashboardStores | SqlClient.SqlClient, StoreError | ConfigError.ConfigError> =>
  Either.match(DatabaseUrl.parse(text), {
    onLeft: (message) => Layer.fail(ConfigError.InvalidData([DatabaseUrl.variable], message)),
    onRight: layerFor
  })

/** The stores on the database JOBFIT_DATABASE_URL names (default: the SQLite file ./.jobfit/jobfit.db). */
export const layerConfig: Layer.Layer<
  Stores | DashboardStores | SqlClient.SqlClient,
  StoreError | ConfigError.ConfigError
> = Layer
  .unwrapEffect(Effect.map(DatabaseUrl.config, layerFor))
