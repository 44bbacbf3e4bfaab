import { mergeConfig } from "vitest/config"
import shared from "../../vitest.shared.js"

// The suites share no state, only modules: loading Effect and the packages once per worker, not once per file.
export default mergeConfig(shared, { test: { isolate: false } })
