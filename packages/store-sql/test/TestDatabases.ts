import { TestDatabases } from "../src/index.js"

export const { inSchema, pgSchema, pgUrl, tempDir } = TestDatabases

/** The stores on a fresh SQLite file, deleted after the suite. */
export const SqliteTest = TestDatabases.sqlite

/** The stores on PostgreSQL, in a schema of their own for the suite. */
export const PgTest = TestDatabases.postgres

export const pgEnabled: boolean = await TestDatabases.pgAvailable()
