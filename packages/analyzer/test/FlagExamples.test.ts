import { assert, describe, it } from "@effect/vitest"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { FLAG_EXAMPLES } from "../src/flags/Examples.js"
import { posting, profile } from "./AnalyzerSupport.js"

const now = new Date("2025-06-01T00:00:00Z")
const salary = { min: 50000, max: 60000, currency: "USD", period: "year" as const }

describe("the red-flag rules' examples", () => {
  for (const example of FLAG_EXAMPLES) {
    it(`${example.raises ?? "no serious flag"}: ${example.quote}`, () => {
      const serious = analyzePosting(
        posting({
          salary,
          description: example.quote,
          ...(example.title === undefined ? {} : { title: example.title })
        }),
        profile({}),
        now
      ).red_flags
        .filter((f) => f.severity !== "low")
        .map((f) => f.code)
      if (example.raises === undefined) assert.deepStrictEqual(serious, [])
      else assert.include(serious, example.raises)
    })
  }
})
