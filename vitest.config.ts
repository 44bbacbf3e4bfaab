import { defineConfig } from "vitest/config"
import projects from "./vitest.workspace.js"

export default defineConfig({
  test: {
    projects,
    reporters: process.env.JOBFIT_TEST_REPORT
      ? ["default", ["json", { outputFile: process.env.JOBFIT_TEST_REPORT }]]
      : ["default"]
  }
})
