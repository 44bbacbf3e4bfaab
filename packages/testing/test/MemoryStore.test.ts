import { MemoryStore } from "@jobfit/core"
import { dashboardStoreContract, idempotencyStoreContract, storeContract } from "../src/index.js"

// The test double keeps the same rules as the SQL stores: the Gateway's own tests run on it.
storeContract("MemoryStore", MemoryStore.layer)
dashboardStoreContract("MemoryStore, dashboard", MemoryStore.layer)
idempotencyStoreContract("MemoryStore, Idempotency-Keys", MemoryStore.layer)
