import { MemoryStore } from "@jobfit/core"
import { dashboardStoreContract } from "@jobfit/testing"

// The in-memory double keeps the dashboard's rules too, so tests of the pages on it mean what they say.
dashboardStoreContract("MemoryStore, dashboard", MemoryStore.layer)
