/**
 * The three real board pages of `../shared/realworld` (31 Indeed, 32 LinkedIn, 33 SEEK) as a person's browser gives
 * them to jobfit: each saved page served on 127.0.0.6 and opened in Debian's Chromium with the page's own scripts
 * off (a saved page's scripts would reach for the board's servers), then read three ways — fetched as the analyzer
 * fetches a URL, through the dashboard's bookmarklet (its `javascript:` code run on the page, the HTML it sends
 * taken from the address it opens), and as `document.body.innerText` (what a select-all copy pastes). Nothing of the
 * pages is copied into the repository.
 */
import { BuiltinAnalyzer, Extract } from "@jobfit/analyzer"
import type { Posting } from "@jobfit/core"
import { Bookmarklet } from "@jobfit/dashboard"
import { Either } from "effect"
import { existsSync, readFileSync } from "node:fs"
import * as http from "node:http"
import type { Browser } from "playwright-core"

const realworldDir = new URL("../../../shared/realworld/", import.meta.url)
export const available = (): boolean => existsSync(new URL("sources.json", realworldDir))

const PAGES = [
  "31-jsonld-indeed-papercut-senior-devops.html",
  "32-html-linkedin-heidi-senior-swe-devex.html",
  "33-html-seek-iterate-senior-platform-engineer.html"
] as const

export interface Truth {
  readonly title: string
  readonly company: string
  readonly location: string
}

export interface BoardPage {
  readonly file: string
  readonly truth: Truth
  /** The page as the analyzer reads a fetched URL. */
  readonly fetched: Either.Either<Posting.Posting, string>
  /** The bookmarklet's HTML, read as posting_text. */
  readonly bookmarklet: Either.Either<Posting.Posting, string>
  /** The page's innerText, read as posting_text. */
  readonly pasted: Either.Either<Posting.Posting, string>
  readonly pastedText: string
  /** The address the bookmarklet opened, and the size of the HTML it carried (UTF-8 bytes). */
  readonly opened: string
  readonly htmlBytes: number
}

const HOST = "127.0.0.6"

/** Opens each page in the browser and reads it the three ways. */
export const readBoardPages = async (browser: Browser): Promise<ReadonlyArray<BoardPage>> => {
  const sources = JSON.parse(readFileSync(new URL("sources.json", realworldDir), "utf8")) as ReadonlyArray<{
    readonly file: string
    readonly ground_truth: Truth
  }>
  const server = http.createServer((request, response) => {
    const file = PAGES.find((f) => request.url === `/${f}`)
    if (file === undefined) return response.writeHead(404).end()
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(readFileSync(new URL(`postings/${file}`, realworldDir)))
  })
  const port = await new Promise<number>((resolve) =>
    server.listen(0, HOST, () => {
      const address = server.address()
      resolve(typeof address === "object" && address !== null ? address.port : 0)
    })
  )
  const origin = `http://${HOST}:${port}`
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    // A saved page names the board's own servers for its images and styles: nothing leaves this machine.
    await page.route(
      "**/*",
      (route) => route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort()
    )
    const code = Bookmarklet.bookmarklet("http://127.0.0.1/dashboard").replace(/^javascript:/, "")
    const read: Array<BoardPage> = []
    for (const file of PAGES) {
      const url = `${origin}/${file}`
      await page.goto(url)
      const text = (await page.evaluate("document.body.innerText")) as string
      const opened = (await page.evaluate(
        `(function(){var o;window.open=function(u){o=u};${code};return o})()`
      )) as string
      const hash = new URL(opened).hash
      const html = decodeURIComponent(hash.replace(/^#html=/, ""))
      const truth = sources.find((s) => s.file === `postings/${file}`)!.ground_truth
      read.push({
        file,
        truth,
        fetched: Extract.extract(url, "text/html", readFileSync(new URL(`postings/${file}`, realworldDir), "utf8")),
        bookmarklet: Extract.extractGiven(url, html),
        pasted: Extract.extractGiven(url, text),
        pastedText: text,
        opened: opened.slice(0, opened.indexOf("#")),
        htmlBytes: Buffer.byteLength(html)
      })
    }
    return read
  } finally {
    await context.close()
    server.close()
  }
}

const words = (text: string): string =>
  text.toLowerCase().replace(/\(postalcode [^)]*\)/g, "").split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "").sort()
    .join(" ")

/** A header field as the page states it: the same words, whatever the case, spacing, punctuation or order. */
export const sameField = (got: string, truth: string): boolean => words(got) !== "" && words(got) === words(truth)

// The country the ground truth takes from a page's JSON-LD, which the page's visible line may leave out.
const COUNTRY_WORDS: ReadonlySet<string> = new Set(["au", "australia", "us", "usa", "uk", "gb", "nz"])
const placeWords = (text: string): ReadonlyArray<string> => words(text).split(" ").filter((w) => !/^\d+$/.test(w))

/** A location as the page states it: the same place words, but for a postcode and a country the line leaves out. */
export const samePlace = (got: string, truth: string): boolean => {
  const [have, want] = [placeWords(got), placeWords(truth)]
  return have.length > 0 && have.every((w) => want.includes(w)) &&
    want.every((w) => have.includes(w) || COUNTRY_WORDS.has(w))
}

/** The header fields a reading gets right, of the three. */
export const fieldsRight = (page: BoardPage, read: Either.Either<Posting.Posting, string>): ReadonlyArray<string> =>
  Either.isLeft(read)
    ? []
    : (["title", "company", "location"] as const).filter((field) =>
      (field === "location" ? samePlace : sameField)(read.right[field], page.truth[field])
    )

/** The Jaccard index of two sets of skill names (1 for two empty sets). */
export const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  const union = new Set([...a, ...b])
  return union.size === 0 ? 1 : [...a].filter((x) => b.has(x)).length / union.size
}

const NOW = new Date("2025-06-01T00:00:00Z")

/** The required skills an analysis of a reading names (the posting's asks, whoever the profile is). */
export const requiredSkills = (read: Either.Either<Posting.Posting, string>): ReadonlySet<string> =>
  Either.isLeft(read) ? new Set() : new Set(
    (BuiltinAnalyzer.analyzePosting(read.right, { resume: {}, preferences: {} }, NOW).evidence ?? [])
      .filter((e) => e.importance === "required").map((e) => e.skill)
  )
