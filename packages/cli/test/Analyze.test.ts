import { assert, describe, it } from "@effect/vitest"
import { BuiltinAnalyzer, HttpPostingSource } from "@jobfit/analyzer"
import { SqlStore } from "@jobfit/store-sql"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as http from "node:http"
import * as path from "node:path"
import { afterAll } from "vitest"
import { environment, runIn, tempDir, writeFile } from "./support/Harness.js"

const { dir, remove } = tempDir()
afterAll(remove)

const posting = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../../packages/analyzer/test/fixtures/postings/jsonld-plain.html")
)

// A job site on 127.0.0.2, which only this CLI's fetcher is allowed to reach.
const site = Effect.acquireRelease(
  Effect.async<{ readonly server: http.Server; readonly origin: string }>((resume) => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(posting)
    })
    server.listen(0, "127.0.0.2", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      resume(Effect.succeed({ server, origin: `http://127.0.0.2:${port}` }))
    })
  }),
  ({ server }) => Effect.async<void>((resume) => void server.close(() => resume(Effect.void)))
)

const jobfit = runIn({
  ...environment(SqlStore.layerSqlite(path.join(dir, "cli.db"))),
  analyzer: Layer.merge(HttpPostingSource.layerWith({ allow: ["127.0.0.2"] }), BuiltinAnalyzer.layerWith({}))
})

describe("jobfit analyze", () => {
  it.scoped("prints the analysis of a posting, with no server and no credits", () =>
    Effect.gen(function*() {
      const { origin } = yield* site
      const profile = writeFile(
        dir,
        "cv.json",
        JSON.stringify({ basics: { name: "Pat" }, skills: [{ name: "Python" }] })
      )
      const json = yield* jobfit("analyze", `${origin}/job`, "--profile", profile, "--json")
      assert.strictEqual(json.code, 0, json.stderr)
      const analysis = JSON.parse(json.stdout) as Record<string, unknown>
      assert.strictEqual(analysis.url, `${origin}/job`)
      assert.strictEqual(analysis.analyzer, BuiltinAnalyzer.ANALYZER_NAME)
      assert.include(["APPLY", "MAYBE", "SKIP"], analysis.verdict)
      const text = yield* jobfit("analyze", `${origin}/job`, "--profile", profile)
      assert.strictEqual(text.code, 0, text.stderr)
      assert.match(text.stdout, /Match \d+\/100, verdict (APPLY|MAYBE|SKIP)/)
      const loopback = yield* jobfit("analyze", "http://127.0.0.1:9/job", "--profile", profile, "--json")
      assert.strictEqual(loopback.code, 1)
      assert.deepInclude(JSON.parse(loopback.stdout), {
        error: { code: "URL_NOT_ALLOWED", message: JSON.parse(loopback.stdout).error.message }
      })
    }))

  it.effect("reads the posting from --text-file instead of fetching the URL", () =>
    Effect.gen(function*() {
      const profile = writeFile(
        dir,
        "pat.json",
        JSON.stringify({ basics: { name: "Pat" }, skills: [{ name: "Python" }] })
      )
      const text = writeFile(
        dir,
        "posting.txt",
        "Data Engineer\nContoso Analytics - Remote\n\nContoso Analytics helps hospitals plan their staffing.\n\n" +
          "Requirements\n- Python or Scala\n- SQL and Apache Spark\n- 3+ years building data pipelines"
      )
      // Nothing listens on this address: the text is read, the URL only names the job.
      const url = "https://www.linkedin.com/jobs/view/1"
      const json = yield* jobfit("analyze", url, "--profile", profile, "--text-file", text, "--json")
      assert.strictEqual(json.code, 0, json.stderr)
      assert.deepInclude(JSON.parse(json.stdout), { url, title: "Data Engineer", company: "Contoso Analytics" })
      const big = writeFile(dir, "big.txt", "x".repeat(204_801))
      const refused = yield* jobfit("analyze", url, "--profile", profile, "--text-file", big, "--json")
      assert.strictEqual(refused.code, 1)
      assert.deepStrictEqual(JSON.parse(refused.stdout), {
        error: { code: "INVALID_REQUEST", message: `${big} is over 204800 bytes (200 KB)` }
      })
    }))
})
