import type * as SqlClient from "@effect/sql/SqlClient"
import { describe, it } from "@effect/vitest"
import type { Layer } from "effect"
import { accountsContract } from "./contract/Accounts.js"
import { dashboardContract, type DashboardStores, sqlSecretsContract } from "./contract/Dashboard.js"
import type { Stores } from "./contract/Fixtures.js"
import { jobsContract } from "./contract/Jobs.js"
import { ledgerContract } from "./contract/Ledger.js"

export type { Stores } from "./contract/Fixtures.js"

/**
 * The rules every store implementation keeps (AccountStore, JobStore, Ledger, Transactor), as one suite.
 * The layer is built once for the suite; each test works on users of its own.
 */
export const storeContract = (name: string, layer: Layer.Layer<Stores, unknown>) =>
  it.layer(layer, { timeout: "60 seconds" })(name, (it) => {
    describe("AccountStore", () => accountsContract(it))
    describe("JobStore", () => jobsContract(it))
    describe("Ledger and Transactor", () => ledgerContract(it))
  })

/** The dashboard's rules (Credentials, Vouchers, key scopes), for stores that serve a dashboard. */
export const dashboardStoreContract = (name: string, layer: Layer.Layer<Stores | DashboardStores, unknown>) =>
  it.layer(layer, { timeout: "60 seconds" })(name, (it) => {
    describe("Credentials, Vouchers and key scopes", () => dashboardContract(it))
  })

/** The SQL store's own checks of what it keeps: hashes, never the secrets. */
export const sqlSecrets = (name: string, layer: Layer.Layer<Stores | DashboardStores | SqlClient.SqlClient, unknown>) =>
  it.layer(layer, { timeout: "60 seconds" })(name, (it) => {
    describe("secrets at rest", () => sqlSecretsContract(it))
  })
