import { assert, describe, it } from "@effect/vitest"
import { BuiltinAnalyzer } from "@jobfit/analyzer"
import type { Profile } from "@jobfit/core"
import { Bookmarklet } from "@jobfit/dashboard"
import { Effect, Either } from "effect"
import * as BoardPages from "../support/BoardPages.js"
import * as Chromium from "../support/Chromium.js"

const now = new Date("2025-06-01T00:00:00Z")
const profile: Profile.Profile = {
  resume: { skills: [{ name: "Infrastructure", keywords: ["AWS", "Kubernetes", "Terraform", "TypeScript"] }] },
  preferences: {}
}

// The saved pages live beside the repository (../shared/realworld), never in it; without them this is skipped.
describe.runIf(BoardPages.available() && (Chromium.available || process.env.CI !== undefined))(
  "the bookmarklet on real board pages in Chromium",
  () => {
    const pages = Effect.runPromise(
      Effect.scoped(
        Effect.flatMap(Chromium.launch, (browser) => Effect.promise(() => BoardPages.readBoardPages(browser)))
      )
    )

    it("opens the dashboard's form with the page's address and its HTML, under the size limit", async () => {
      for (const page of await pages) {
        assert.match(
          page.opened,
          /^http:\/\/127\.0\.0\.1\/dashboard\/jobs\?analyse=http%3A%2F%2F127\.0\.0\.6%3A\d+%2F3\d-/
        )
        assert.isAtMost(page.htmlBytes, Bookmarklet.BOOKMARKLET_MAX_BYTES)
        assert.isAbove(page.htmlBytes, 10_000)
      }
    })

    it("reads the title, company and location as a fetch of the page does, 9 of 9, pasted as text too", async () => {
      for (const page of await pages) {
        assert.deepStrictEqual(BoardPages.fieldsRight(page, page.fetched), ["title", "company", "location"], page.file)
        for (const read of [page.bookmarklet, page.pasted]) {
          assert.deepStrictEqual(BoardPages.fieldsRight(page, read), ["title", "company", "location"], page.file)
        }
      }
    })

    it("asks the same required skills as the page itself (Jaccard at least 0.9)", async () => {
      for (const page of await pages) {
        const fetched = BoardPages.requiredSkills(page.fetched)
        assert.isAbove(fetched.size, 3, page.file)
        assert.isAtLeast(BoardPages.jaccard(fetched, BoardPages.requiredSkills(page.bookmarklet)), 0.9, page.file)
        assert.isAtLeast(BoardPages.jaccard(fetched, BoardPages.requiredSkills(page.pasted)), 0.9, page.file)
      }
    })

    it("raises no medium or high flag on these honest postings, however they come", async () => {
      for (const page of await pages) {
        for (const read of [page.fetched, page.bookmarklet, page.pasted]) {
          const serious = Either.isLeft(read)
            ? [read.left]
            : BuiltinAnalyzer.analyzePosting(read.right, profile, now).red_flags.filter((f) => f.severity !== "low")
              .map((f) => f.code)
          assert.deepStrictEqual(serious, [], page.file)
        }
      }
    })
  },
  120_000
)
