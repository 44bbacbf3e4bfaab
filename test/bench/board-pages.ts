/**
 * The second part of `pnpm bench:real`: the three real board pages (31 Indeed, 32 LinkedIn, 33 SEEK) read in
 * Chromium through the dashboard's bookmarklet and as a select-all paste (innerText), against a fetch of the same
 * page: header fields right of 9, and the Jaccard index of the required skills against the fetched page's.
 */
import { Effect, Either } from "effect"
import * as BoardPages from "../support/BoardPages.js"
import * as Chromium from "../support/Chromium.js"

const out = (line: string) => process.stdout.write(`${line}\n`)
if (!BoardPages.available() || !Chromium.available) {
  out("board pages: ../shared/realworld or Chromium is missing: not measured")
  process.exit(0)
}
const pages = await Effect.runPromise(
  Effect.scoped(Effect.flatMap(Chromium.launch, (browser) => Effect.promise(() => BoardPages.readBoardPages(browser))))
)
out("")
out("real board pages in Chromium (scripts off), against a fetch of the same page")
out("  page                                              reading       fields  required-skill Jaccard")
const totals = { bookmarklet: 0, pasted: 0, fetched: 0 }
for (const page of pages) {
  const fetched = BoardPages.requiredSkills(page.fetched)
  for (const way of ["fetched", "bookmarklet", "pasted"] as const) {
    const right = BoardPages.fieldsRight(page, page[way])
    totals[way] += right.length
    const wrong = Either.isLeft(page[way])
      ? [page[way].left]
      : (["title", "company", "location"] as const).filter((f) => !right.includes(f)).map((f) =>
        `${f} "${Either.getOrThrow(page[way])[f]}"`
      )
    out(
      `  ${page.file.padEnd(50)} ${way.padEnd(12)} ${right.length}/3     ${
        BoardPages.jaccard(fetched, BoardPages.requiredSkills(page[way])).toFixed(2)
      }${wrong.length > 0 ? `   wrong: ${wrong.join(", ")}` : ""}`
    )
  }
}
out(
  `  header fields right: fetched ${totals.fetched}/9, bookmarklet ${totals.bookmarklet}/9, pasted text ${totals.pasted}/9`
)
