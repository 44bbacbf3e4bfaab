import { describe, it } from "@effect/vitest"
import type { Layer } from "effect"
import { accountsContract } from "./contract/Accounts.js"
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
