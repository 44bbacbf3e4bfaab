import { assert, describe, it } from "@effect/vitest"
import { CvFiles } from "@jobfit/testing"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import * as Browser from "./support/Browser.js"
import * as Chromium from "./support/Chromium.js"
import { tempDir } from "./support/Databases.js"
import * as Process from "./support/Process.js"
import { TestServer } from "./support/TestServer.js"

// A CV as a person makes one: a page in the browser, saved as PDF by Chromium's print.
const CV_PAGE = `<!doctype html><html><body style="font-family: sans-serif">
<h1>Ada Lovelace</h1><p>Senior Backend Engineer</p><p>ada@example.com</p>
<h2>Experience</h2><p>Senior Backend Engineer, Analytical Engines Ltd</p><p>Jan 2020 – Present</p>
<h2>Skills</h2><p>TypeScript, PostgreSQL, Kubernetes</p></body></html>`

const chromiumPdf = Effect.scoped(Effect.gen(function*() {
  const browser = yield* Chromium.launch
  const page = yield* Effect.promise(() => browser.newPage())
  yield* Effect.promise(() => page.setContent(CV_PAGE))
  return new Uint8Array(yield* Effect.promise(() => page.pdf({ format: "A4" })))
}))

/** The server process's resident memory, in MB (Linux). */
const rssMb = (pid: number) => {
  const found = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))
  return found === null ? 0 : Number(found[1]) / 1024
}

/**
 * Runs `upload` while asking /healthz every 50 ms and reading the server's memory: the slowest answer (ms) and the
 * most memory gained (MB) while it ran.
 */
const whileUploading = <A>(baseUrl: string, pid: number, upload: Effect.Effect<A>) =>
  Effect.gen(function*() {
    const before = rssMb(pid)
    let slowest = 0
    let gained = 0
    let running = true
    const probe = Effect.promise(async () => {
      while (running) {
        const started = performance.now()
        await fetch(`${baseUrl}/healthz`).then((r) => r.text())
        slowest = Math.max(slowest, performance.now() - started)
        gained = Math.max(gained, rssMb(pid) - before)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })
    const [answer] = yield* Effect.all([
      Effect.ensuring(upload, Effect.sync(() => (running = false))),
      probe
    ], { concurrency: 2 })
    return { answer, slowest, gained }
  })

describe("CV upload on the compiled server (pnpm start)", () => {
  it.live(
    "reads a PDF printed by Chromium and a .docx, and refuses file bombs while answering everyone else at once",
    () =>
      Effect.scoped(Effect.gen(function*() {
        // The files are made first: Chromium's start and the bombs' deflating take seconds on a busy machine, and a
        // connection idle for that long is closed by the server under the client.
        const printedPdf = yield* chromiumPdf
        const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        const bombs = [
          {
            name: "bomb.docx",
            bytes: CvFiles.docx(CvFiles.cvLines, { unpacked: 4000, padding: 256 * 1024 * 1024 }),
            type: docx,
            says: "This Word file unpacks to far more than a CV does; it was not read."
          },
          {
            name: "bomb.pdf",
            bytes: CvFiles.pdf(CvFiles.cvLines, { padding: { text: "\n", bytes: 256 * 1024 * 1024 } }),
            type: "application/pdf",
            says: "This PDF unpacks to far more than a CV does; it was not read."
          },
          {
            name: "busy.pdf",
            bytes: CvFiles.pdf(CvFiles.cvLines, {
              padding: { text: "1 0 0 1 0 0 Tm (ab) Tj ", bytes: 24 * 1024 * 1024 }
            }),
            type: "application/pdf",
            says: "it was not read"
          }
        ]
        const dir = yield* tempDir
        const started = yield* Process.start({
          JOBFIT_PORT: "0",
          JOBFIT_DATABASE_URL: path.join(dir, "jobfit.db"),
          JOBFIT_DASHBOARD_URL: "http://127.0.0.1/dashboard"
        })
        const baseUrl = yield* Process.listening(started)
        const pid = started.child.pid!
        const browser = yield* Effect.provide(Browser.make, Layer.succeed(TestServer, { baseUrl }))
        const email = `upload-${Date.now().toString(36)}@example.com`
        yield* Browser.signUpAndIn(browser, { email, name: "Ada", password: "a long enough password" })
        yield* browser.get("/dashboard/profile")
        const upload = (name: string, bytes: Uint8Array, type: string) =>
          browser.upload("/dashboard/profile/import", "cv_file", name, bytes, type)

        const printed = yield* upload("ada.pdf", printedPdf, "application/pdf")
        assert.strictEqual(printed.status, 200, Browser.textOf(printed.text))
        assert.include(printed.text, `value="ada@example.com"`)
        assert.include(Browser.textOf(printed.text), "Read from ada.pdf")
        yield* browser.get("/dashboard/profile")
        const word = yield* upload("ada.docx", CvFiles.docx(CvFiles.cvLines), docx)
        assert.strictEqual(word.status, 200, Browser.textOf(word.text))
        assert.include(word.text, `value="ada@example.com"`)

        // What the server said, when it fails the test: the cause of a closed connection is in its log.
        yield* Effect.addFinalizer((exit) =>
          exit._tag === "Failure" ? Effect.sync(() => console.error(started.stderr().slice(-4000))) : Effect.void
        )
        for (const bomb of bombs) {
          yield* browser.get("/dashboard/profile")
          const { answer, gained, slowest } = yield* whileUploading(
            baseUrl,
            pid,
            upload(bomb.name, bomb.bytes, bomb.type)
          )
          assert.strictEqual(answer.status, 400, bomb.name)
          assert.include(Browser.textOf(answer.text), bomb.says, bomb.name)
          assert.isBelow(slowest, 100, `${bomb.name}: /healthz answered within 100 ms during the upload`)
          assert.isBelow(gained, 400, `${bomb.name}: the server's memory grew by less than 400 MB`)
        }
      })),
    { timeout: 120_000 }
  )
})
