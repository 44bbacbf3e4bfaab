import { assert, describe, it } from "@effect/vitest"
import { CvImport } from "@jobfit/core"
import { CvFiles } from "@jobfit/testing"
import { Duration, Effect } from "effect"
import * as CvFile from "../src/cv/Import.js"

const draft = (name: string, bytes: Uint8Array) =>
  Effect.flatMap(CvImport.CvImport, (cvs) => cvs.draft({ name, bytes })).pipe(Effect.provide(CvFile.layer))

const { cvLines, docx, pdf, zip } = CvFiles

const expected = {
  basics: {
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: "+44 20 7946 0000",
    url: "https://ada.example.com",
    label: "Senior Backend Engineer",
    summary: "Backend engineer who builds payment systems."
  },
  work: [
    {
      position: "Senior Backend Engineer",
      name: "Analytical Engines Ltd",
      startDate: "2020-01",
      highlights: ["Built the billing service in TypeScript and PostgreSQL", "Moved deployments to Kubernetes"]
    },
    { position: "Software Engineer", name: "Difference Co", startDate: "2016-03", endDate: "2019-12" }
  ],
  education: [
    { studyType: "BSc", area: "Mathematics", institution: "University of London", startDate: "2012", endDate: "2015" }
  ]
}

describe("CV import", () => {
  it.effect("reads a PDF CV into a draft: name, contacts, work with dates, education, the taxonomy's skills", () =>
    Effect.gen(function*() {
      const resume = yield* draft(
        "cv.pdf",
        pdf(cvLines.map((l) => l.replace(/[·–•]/g, (c) => ({ "·": "|", "–": "-", "•": "-" })[c]!)))
      )
      assert.deepStrictEqual(resume.basics?.name, "Ada Lovelace")
      assert.deepStrictEqual(resume.basics?.email, "ada@example.com")
      assert.deepStrictEqual(resume.work?.map((w) => [w.position, w.name, w.startDate, w.endDate]), [
        ["Senior Backend Engineer", "Analytical Engines Ltd", "2020-01", undefined],
        ["Software Engineer", "Difference Co", "2016-03", "2019-12"]
      ])
      assert.deepStrictEqual(resume.education, expected.education)
      const skills = (resume.skills ?? []).map((s) => s.name)
      for (const skill of ["TypeScript", "PostgreSQL", "Kubernetes", "Docker"]) assert.include(skills, skill)
    }))

  it.effect("reads a Word (.docx) CV the same way", () =>
    Effect.gen(function*() {
      const resume = yield* draft("cv.docx", docx(cvLines))
      assert.deepStrictEqual(resume.basics, expected.basics)
      assert.deepStrictEqual(resume.work, expected.work)
      assert.deepStrictEqual(resume.education, expected.education)
      assert.include((resume.skills ?? []).map((s) => s.name), "TypeScript")
    }))

  it.effect(
    "refuses other files, encrypted PDFs, files without text, oversized files and zip bombs, saying why",
    () =>
      Effect.gen(function*() {
        const reason = (name: string, bytes: Uint8Array) =>
          Effect.map(Effect.flip(draft(name, bytes)), (e) => e.message)
        assert.strictEqual(
          yield* reason("cv.txt", new TextEncoder().encode("Ada Lovelace, engineer")),
          "Choose a PDF or a Word (.docx) file."
        )
        assert.include(yield* reason("cv.pdf", pdf(cvLines, { encrypted: true })), "password")
        assert.include(yield* reason("scan.pdf", pdf([])), "No text was found in this file")
        assert.include(yield* reason("big.pdf", new Uint8Array(CvImport.MAX_BYTES + 1)), "larger than 5 MB")
        // Sizes the zip claims are not believed either way: a small file claiming 2 GB is read and found broken, a
        // 100 MB document claiming 4 KB is counted as it inflates and refused.
        assert.include(yield* reason("claims.docx", docx(cvLines, { unpacked: 2_000_000_000 })), "could not be read")
        assert.include(
          yield* reason("bomb.docx", docx(cvLines, { unpacked: 4000, padding: 100 * 1024 * 1024 })),
          "unpacks to far more"
        )
        assert.include(
          yield* reason("bomb.pdf", pdf(cvLines, { padding: { text: "\n", bytes: 100 * 1024 * 1024 } })),
          "unpacks to far more"
        )
        assert.include(yield* reason("other.zip", zip([["notes.txt", "hello"]])), "not a Word document")
        assert.include(
          yield* reason("broken.pdf", new TextEncoder().encode("%PDF-1.4 nothing else")),
          "could not be read"
        )
      }),
    { timeout: 30_000 }
  )

  // Live: the time limit runs on the real clock.
  it.live(
    "a PDF that would keep a reader busy or take its memory is stopped and refused",
    () =>
      Effect.gen(function*() {
        // Within the inflation budget, but millions of text operators for pdf.js to lay out.
        const busy = pdf(cvLines, { padding: { text: "1 0 0 1 0 0 Tm (ab) Tj ", bytes: 24 * 1024 * 1024 } })
        const started = Date.now()
        const error = yield* Effect.flip(draft("busy.pdf", busy))
        assert.match(error.message, /took too long to read|far more memory/)
        assert.isBelow(Date.now() - started, Duration.toMillis(CvFile.READ_TIMEOUT) + 5000)
      }),
    { timeout: 30_000 }
  )
})
