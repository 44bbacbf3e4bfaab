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
    // Required-skill F1 on the development part: 0.938 before other labellers' batches joined, 0.929 once they
    // (cu … dd) had (2026-11-28); 0.918 with batches dg … dj (2026-11-28).
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
    // run, and the pasted-page furniture rules written on batches dg … dj one more, which stay unread.
    assert.isAtMost(heldout.legitimate.falseScamFlags, 2)
  })

  // Floors a little under the figures reached (the held-out part grows with each held-out batch, so a figure moves a
  // little when one is added): a change that loses ground fails here.
  it("keeps the held-out figures it has reached", () => {
    // Header fields: 0.954 (2026-11-25), 0.967 with eight more held-out batches (2026-11-25), 0.976 (2026-11-27),
    // 0.964 with other labellers' held-out batches cv, cx, da and db (80 of 96 header fields at first run; 2026-11-28),
    // 0.945 with dk and dl (27 of 48 at first run), then 0.955 with the header rules written on dg … dj (2026-11-28).
    assert.isAtLeast(share(heldout.fields), 0.95)
    // Required-skill F1: 0.910 (2026-11-27), 0.914 (2026-11-27), 0.909 (2026-11-28), 0.904 with dk and dl (2026-11-28).
    assert.isAtLeast(f1(heldout.required).f1, 0.90)
    // Verdict macro recall: 0.80 (2026-11-25); 0.77 after rules tuned on the development part (where they gained) and
    // batch al (2026-11-25); 0.762 (2026-11-25), 0.797 (2026-11-25), 0.813 → 0.843 with nine more held-out batches
    // (2026-11-27), 0.848 with four by other labellers (2026-11-28), 0.844 with dk and dl at their first run, 0.851
    // once the rules written on dg … dj were in (2026-11-28): the floor follows the result rather than the result
    // being tuned to the floor.
    assert.isAtLeast(macroRecall(heldout), 0.82)
    // Score in band: 0.95 (2026-11-25), 0.937 with batch ar (pages in layouts never tuned on; 2026-11-25), 0.961
    // (2026-11-27).
    assert.isAtLeast(share(heldout.band), 0.95)
  })
})
