/**
 * The real-world posting set (`../shared/realworld`, beside the repository): each file served on 127.0.0.1 where
 * the analyzer would fetch it, fetched and extracted by the real posting source, then analysed against the corpus
 * profiles. The files are read at run time and never copied into the repository (their text belongs to the
 * employers who wrote them).
 *
 * Serving: Greenhouse `GET /v1/boards/{board}/jobs/{id}`, Lever `GET /v0/postings/{site}/{id}`, Ashby
 * `GET /posting-api/job-board/{org}` (the board APIs pointed at this server); pages 31-38 at `/page/{file}` as they
 * are (34-38 are fragments and stay unwrapped). EMSCAD rows 39-50 have no page, so they are rendered into this
 * harness's own minimal page — the title as `<h1>`, a "Location:" line, then the company profile, description,
 * requirements and benefits under headings, their text as the dataset gives it (entities and placeholders kept) —
 * and given to the posting source as `posting_text` would be, with no fetch.
 */
import type { Analysis, Posting, Profile } from "@jobfit/core"
import { PostingSource } from "@jobfit/core"
import { Effect, Either } from "effect"
import { existsSync, readFileSync } from "node:fs"
import * as http from "node:http"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { SCAM_CODES } from "../src/flags/RedFlags.js"
import * as HttpPostingSource from "../src/HttpPostingSource.js"
import { sameText } from "./AnalyzerCorpus.js"

export const realworldDir = new URL("../../../../shared/realworld/", import.meta.url)
export const available = (): boolean => existsSync(new URL("sources.json", realworldDir))

interface Source {
  readonly file: string
  readonly kind: "greenhouse" | "lever" | "ashby" | "jsonld" | "html" | "text"
  readonly posting_url: string | null
  readonly board_token?: string
  readonly ashby_job_id?: string
  readonly ground_truth: {
    readonly title: string | null
    readonly company: string | null
    readonly location: string | null
    readonly is_scam: boolean | null
  }
}

const HOST = "127.0.0.3"

const escape = (text: string): string => text.replace(/&(?![#\w]+;)/g, "&amp;").replace(/</g, "&lt;")

/** The harness's page for an EMSCAD row: the dataset's text as it is, under plain headings. */
export const emscadPage = (row: Readonly<Record<string, string>>): string => {
  const section = (heading: string, key: string) =>
    (row[key] ?? "").trim() === "" ? "" : `<h2>${heading}</h2>\n<p>${row[key] ?? ""}</p>\n`
  return `<!doctype html><html><head><title>${escape(row["title"] ?? "")}</title></head><body><main>
<h1>${row["title"] ?? ""}</h1>
<p>Location: ${row["location"] ?? ""}</p>
${section("About the company", "company_profile")}${section("Description", "description")}${
    section("Requirements", "requirements")
  }${section("Benefits", "benefits")}</main></body></html>`
}

const read = (file: string): string => readFileSync(new URL(file, realworldDir), "utf8")

const lastSegment = (url: string): string => new URL(url).pathname.split("/").filter((s) => s !== "").at(-1) ?? ""

/** What this server answers for a path: the file's bytes and type, or undefined for 404. */
const answer = (sources: ReadonlyArray<Source>, path: string): readonly [string, string] | undefined => {
  const gh = /^\/v1\/boards\/([^/]+)\/jobs\/(\d+)$/.exec(path)
  const lever = /^\/v0\/postings\/([^/]+)\/([\w-]+)$/.exec(path)
  const ashby = /^\/posting-api\/job-board\/([^/]+)$/.exec(path)
  const page = /^\/page\/([\w.-]+)$/.exec(path)
  const find = (kind: Source["kind"], test: (s: Source) => boolean) => sources.find((s) => s.kind === kind && test(s))
  const source = gh !== null
    ? find("greenhouse", (s) => s.board_token === gh[1] && lastSegment(s.posting_url ?? "") === gh[2])
    : lever !== null
    ? find("lever", (s) => s.board_token === lever[1] && lastSegment(s.posting_url ?? "") === lever[2])
    : ashby !== null
    ? find("ashby", (s) => s.board_token === ashby[1])
    : page !== null
    ? sources.find((s) => s.file.endsWith(`/${page[1]}`))
    : undefined
  if (source === undefined) return undefined
  if (source.kind === "text") {
    return [emscadPage(JSON.parse(read(source.file)) as Record<string, string>), "text/html; charset=utf-8"]
  }
  return [read(source.file), source.file.endsWith(".html") ? "text/html; charset=utf-8" : "application/json"]
}

export interface PostingResult {
  readonly id: string
  readonly kind: Source["kind"]
  readonly truth: Source["ground_truth"]
  readonly posting: Either.Either<Posting.Posting, string>
  readonly title?: boolean
  readonly company?: boolean
  readonly location?: boolean
  readonly analyses: ReadonlyArray<readonly [string, Analysis.Analysis]>
  readonly scamFlagged: boolean
  readonly ms: number
}

const LOCATION_ALIASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bbangalore\b/g, "bengaluru"],
  [/\bunited states\b|\busa\b/g, "us"],
  [/\bunited kingdom\b/g, "uk"]
]
/** Place words of a location, order-free ("US, TX, Houston" is "Houston, TX, US"). */
const placeWords = (text: string): string => {
  // The ground truth of 31 notes its JSON-LD postal code as "(postalCode 3124)"; that is no part of a place name.
  let lower = text.toLowerCase().replace(/\(postalcode [^)]*\)/g, "")
  for (const [pattern, replacement] of LOCATION_ALIASES) lower = lower.replace(pattern, replacement)
  return lower.split(/[^a-z0-9]+/).filter((w) => w !== "").sort().join(" ")
}

/** The same location: equal as text, or the same place words in another order or spelling. */
export const sameLocation = (got: string, truth: string): boolean =>
  sameText(got, truth) || (placeWords(got) !== "" && placeWords(got) === placeWords(truth))

/** Runs the whole set: one server, the real posting source, every profile. */
export const runRealWorld = async (
  profiles: ReadonlyArray<readonly [string, Profile.Profile]>,
  now: Date
): Promise<ReadonlyArray<PostingResult>> => {
  const sources = JSON.parse(read("sources.json")) as ReadonlyArray<Source>
  const server = http.createServer((request, response) => {
    const found = answer(sources, new URL(request.url ?? "/", "http://x").pathname)
    if (found === undefined) return response.writeHead(404).end()
    response.writeHead(200, { "content-type": found[1] }).end(found[0])
  })
  const port = await new Promise<number>((resolve) => {
    server.listen(0, HOST, () => {
      const address = server.address()
      resolve(typeof address === "object" && address !== null ? address.port : 0)
    })
  })
  const origin = `http://${HOST}:${port}`
  const program = Effect.gen(function*() {
    const source = yield* PostingSource.PostingSource
    const results: Array<PostingResult> = []
    for (const s of sources) {
      const id = s.file.replace(/^postings\//, "").replace(/\.(?:json|html)$/, "")
      const url = s.posting_url !== null && (s.kind === "greenhouse" || s.kind === "lever" || s.kind === "ashby")
        ? s.posting_url
        : `${origin}/page/${s.file.replace(/^postings\//, "")}`
      const started = performance.now()
      // EMSCAD rows have no page anywhere: their text is given as a person would paste it (posting_text).
      const given = s.kind === "text" && source.read !== undefined
        ? source.read(url, emscadPage(JSON.parse(read(s.file)) as Record<string, string>))
        : source.fetch(url)
      const fetched: Either.Either<Posting.Posting, string> = Either.mapLeft(
        yield* Effect.either(given),
        (e) => e.message
      )
      const analyses = Either.isRight(fetched)
        ? profiles.map(([name, profile]) => [name, analyzePosting(fetched.right, profile, now)] as const)
        : []
      const ms = performance.now() - started
      const truth = s.ground_truth
      const got = Either.getOrUndefined(fetched)
      const first = analyses[0]?.[1]
      results.push({
        id,
        kind: s.kind,
        truth,
        posting: fetched,
        ...(got !== undefined && truth.title !== null ? { title: sameText(got.title, truth.title) } : {}),
        ...(got !== undefined && truth.company !== null ? { company: sameText(got.company, truth.company) } : {}),
        ...(got !== undefined && truth.location !== null && truth.location.trim() !== ""
          ? { location: sameLocation(got.location, truth.location) }
          : {}),
        analyses,
        scamFlagged: first !== undefined &&
          first.red_flags.some((f) => SCAM_CODES.has(f.code) && f.severity !== "low"),
        ms
      })
    }
    return results
  })
  const layer = HttpPostingSource.layerWith({
    allow: [HOST],
    boardApis: { greenhouse: origin, lever: origin, leverEu: origin, ashby: origin }
  })
  try {
    return await Effect.runPromise(Effect.orDie(Effect.provide(program, layer)))
  } finally {
    server.closeAllConnections()
    server.close()
  }
}
