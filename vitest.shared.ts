import * as path from "node:path"
import type { ViteUserConfig } from "vitest/config"

const config: ViteUserConfig = {
  esbuild: { target: "es2022" },
  test: {
    setupFiles: [path.join(import.meta.dirname, "setupTests.ts")],
    include: ["test/**/*.test.ts", "*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fakeTimers: { toFake: undefined }
  }
}

export default config
