import { type SqlStore, TestDatabases } from "@jobfit/store-sql"
import type { Layer } from "effect"

export const { tempDir } = TestDatabases

type Store = Layer.Layer<SqlStore.Stores | SqlStore.DashboardStores, unknown>

/** The stores on a fresh SQLite file, deleted after the suite. */
export const sqlite: Store = TestDatabases.sqlite

/** The stores on PostgreSQL, in a schema of their own for the suite. */
export const postgres: Store = TestDatabases.postgres

export const pgEnabled: boolean = await TestDatabases.pgAvailable()

/** The databases a suite that "runs on both" runs on; PostgreSQL only when it is there. */
export const both: ReadonlyArray<{ readonly name: string; readonly store: Store; readonly enabled: boolean }> = [
  { name: "SQLite", store: sqlite, enabled: true },
  { name: "PostgreSQL", store: postgres, enabled: pgEnabled }
]
