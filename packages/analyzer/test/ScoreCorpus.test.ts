import { assert, describe, it } from "@effect/vitest"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { SCAM_CODES } from "../src/flags/RedFlags.js"
import { f1, loadCorpus, qualityOf } from "./AnalyzerCorpus.js"

describe("quality on the fixture corpus", () => {
  const corpus = loadCorpus()
  const quality = qualityOf(corpus, (posting, profile) => analyzePosting(posting, profile, corpus.now), SCAM_CODES)

  it("has at least 25 labelled postings across fields, scams included", () => {
    assert.isAtLeast(corpus.postings.length, 25)
    assert.isAtLeast(corpus.profiles.length, 3)
    for (const [id] of corpus.postings) assert.isDefined(corpus.labels[id], id)
    assert.isAtLeast(quality.scams.total, 5)
  })

  it("finds required skills with F1 >= 0.90", () => {
    assert.isAtLeast(f1(quality.required).f1, 0.9, quality.notes.join("\n"))
  })

  it("agrees with the labelled verdicts at least 90% of the time", () => {
    assert.isAtLeast(quality.verdicts.hit / quality.verdicts.total, 0.9, quality.notes.join("\n"))
  })

  it("flags every scam, and raises no scam sign on a legitimate posting", () => {
    assert.strictEqual(quality.scams.flagged, quality.scams.total)
    assert.strictEqual(quality.scams.skipped, quality.scams.total)
    assert.strictEqual(quality.legitimate.falseScamFlags, 0)
  })
})
