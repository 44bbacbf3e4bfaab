import { mergeConfig } from "vitest/config"
import shared from "../vitest.shared.js"

export default mergeConfig(shared, { test: { include: ["**/*.test.ts"], exclude: ["node_modules/**"] } })
