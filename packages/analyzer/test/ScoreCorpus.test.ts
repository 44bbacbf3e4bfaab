import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { SCAM_CODES } from "../src/flags/RedFlags.js"
import { f1, loadCorpus, macroRecall, pairsOf, qualityOf, share } from "./AnalyzerCorpus.js"

// The corpus's figures as floors: a change that makes the analyzer worse on them fails here. The held-out part's
// figures are the result `pnpm bench:quality` reports; its floors are what it reached when it was first measured.
describe("quality on the labelled corpus", () => {
  const corpus = loadCorpus()
  const analyze = (p: Parameters<typeof analyzePosting>[0], profile: Parameters<typeof analyzePosting>[1]) =>
    analyzePosting(p, profile, corpus.now)
  const development = qualityOf(corpus, analyze, SCAM_CODES, "development")
  const heldout = qualityOf(corpus, analyze, SCAM_CODES, "heldout")

  it("has at least 80 labelled postings, half outside software, 4 profiles each, and holds out 30%", () => {
    assert.isAtLeast(corpus.entries.length, 80)
    for (const entry of corpus.entries) assert.isDefined(corpus.labels[entry.id], entry.id)
    const fields = corpus.entries.map((e) => corpus.labels[e.id]?.field ?? "")
    const labelled = fields.filter((f) => f !== "")
    assert.isAtLeast(labelled.filter((f) => f !== "software" && f !== "data").length, labelled.length / 2)
    for (const entry of corpus.entries) {
      assert.isAtLeast(Object.keys(pairsOf(corpus.labels[entry.id]!)).length, 4, entry.id)
    }
    const held = corpus.entries.filter((e) => e.part === "heldout").length
    assert.isAtLeast(held / corpus.entries.length, 0.3)
  })

  it("reads every page and pasted text of the corpus", () => {
    const failed = corpus.entries.filter((e) => e.part === "development" && Either.isLeft(e.posting))
    assert.deepStrictEqual(failed.map((e) => e.id), [])
    assert.isAtLeast(share(heldout.extracted), 0.96)
  })

  it("holds its development figures", () => {
    const notes = development.notes.join("\n")
    assert.isAtLeast(share(development.fields), 0.95, notes)
    // 0.938 at the end of session 14; 0.929 in session 15 once other labellers' batches (cu … dd) joined; 0.918 in
    // session 16 with batches dg … dj.
    assert.isAtLeast(f1(development.required).f1, 0.91, notes)
    assert.isAtLeast(macroRecall(development), 0.85, notes)
    assert.isAtLeast(share(development.band), 0.95, notes)
  })

  it("flags every scam as a scam and skips it, and raises no serious flag on a legitimate posting", () => {
    for (const quality of [development, heldout]) {
      assert.strictEqual(quality.scams.flagged, quality.scams.total)
      assert.strictEqual(quality.scams.skipped, quality.scams.total)
      assert.isAtMost(quality.legitimate.seriousFalseFlags / Math.max(1, quality.legitimate.pairs), 0.2)
    }
    assert.strictEqual(development.legitimate.falseScamFlags, 0)
    // The held-out part is measured, not tuned on: batch dk brought a scam sign on a legitimate posting at its first
    // run (session 16), and the pasted-page furniture rules of that session one more, which stay unread.
    assert.isAtMost(heldout.legitimate.falseScamFlags, 2)
  })

  // Floors a little under the figures reached (the held-out part grows with each held-out batch, so a figure moves a
  // little when one is added): a change that loses ground fails here.
  it("keeps the held-out figures it has reached", () => {
    // 0.954 at the end of session 12, 0.967 in session 13 (with eight more held-out batches), 0.976 in session 14,
    // 0.964 in session 15 (other labellers' held-out batches cv, cx, da and db: 80 of 96 header fields at first run),
    // 0.945 with dk and dl in session 16 (27 of 48 at first run), then 0.955 with that session's header rules.
    assert.isAtLeast(share(heldout.fields), 0.95)
    // 0.910 in session 13, 0.914 in session 14, 0.909 in session 15, 0.904 in session 16 (with dk and dl).
    assert.isAtLeast(f1(heldout.required).f1, 0.90)
    // 0.80 at the start of session 9; 0.77 after its changes (tuned on the development part, where they gained) and
    // batch al; 0.762 at the end of session 12, 0.797 in session 13, 0.813 → 0.843 in session 14 (with nine more
    // held-out batches), 0.848 in session 15 (with four by other labellers), 0.844 in session 16 with dk and dl at
    // their first run, 0.851 at its end: the floor follows the result rather than the result being tuned to the floor.
    assert.isAtLeast(macroRecall(heldout), 0.82)
    // 0.95 at the start of session 9, 0.937 with batch ar (pages in layouts never tuned on), 0.961 in session 14.
    assert.isAtLeast(share(heldout.band), 0.95)
  })
})
