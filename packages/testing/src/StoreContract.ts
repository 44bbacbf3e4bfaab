import { describe, it } from "@effect/vitest"
import type { Layer } from "effect"
import { accountsContract } from "./store/Accounts.js"
import { dashboardContract, type DashboardStores } from "./store/Dashboard.js"
import type { Stores } from "./store/Fixtures.js"
import { idempotencyContract, type IdempotencyStores } from "./store/Idempotency.js"
import { jobsContract } from "./store/Jobs.js"
import { ledgerContract } from "./store/Ledger.js"

export type { DashboardStores } from "./store/Dashboard.js"
export type { Stores } from "./store/Fixtures.js"
export type { IdempotencyStores } from "./store/Idempotency.js"

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

/**
 * The Idempotency-Key records' rules, for stores that keep them (a store without them runs on records in one
 * process's memory).
 */
export const idempotencyStoreContract = (name: string, layer: Layer.Layer<IdempotencyStores, unknown>) =>
  it.layer(layer, { timeout: "60 seconds" })(name, (it) => {
    describe("IdempotencyStore", () => idempotencyContract(it))
  })
