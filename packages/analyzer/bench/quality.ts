/**
 * Quality of the built-in analyzer on the labelled corpus, for the development part (what the weights and rules
 * were tuned on) and the held-out part (what they never saw: the result). Pages and pasted texts go through
 * extraction first.
 * Run: `tsx packages/analyzer/bench/quality.ts [--verbose] [--heldout-notes]`. `--verbose` lists the development
 * part's misses; the held-out part's misses are printed only with `--heldout-notes`, so tuning does not see them.
 */
import { analyzePosting } from "../src/AnalyzePosting.js"
import { SCAM_CODES } from "../src/flags/RedFlags.js"
import {
  type Counts,
  f1,
  loadCorpus,
  macroRecall,
  type Part,
  type Quality,
  qualityOf,
  share
} from "../test/AnalyzerCorpus.js"

const corpus = loadCorpus()
const out = (line: string) => process.stdout.write(`${line}\n`)
const prf = (c: Counts) => {
  const { f1: f, precision, recall } = f1(c)
  return `F1 ${f.toFixed(3)}  (precision ${precision.toFixed(3)}, recall ${
    recall.toFixed(3)
  }; tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`
}
const ratio = (t: { hit: number; total: number }) => `${share(t).toFixed(3)}  (${t.hit}/${t.total})`

const report = (name: string, q: Quality) => {
  const { legitimate, recallByVerdict: r, scams } = q
  out(`\n${name}: ${q.postings} postings, ${q.pairs} labelled pairs`)
  out(`  pages extracted        ${ratio(q.extracted)}`)
  out(`  header fields exact    ${ratio(q.fields)}`)
  out(`  required skills        ${prf(q.required)}`)
  out(`  all skills             ${prf(q.anySkill)}`)
  out(
    `  verdict macro recall   ${macroRecall(q).toFixed(3)}  (APPLY ${ratio(r.APPLY)}, MAYBE ${ratio(r.MAYBE)}, SKIP ${
      ratio(r.SKIP)
    })`
  )
  out(`  verdict agreement      ${ratio(q.verdicts)}`)
  // Totals only, so that the held-out part's misses stay unread one by one.
  const misread = (["APPLY", "MAYBE", "SKIP"] as const).flatMap((want) =>
    (["APPLY", "MAYBE", "SKIP"] as const).filter((got) => got !== want && q.confusion[want][got] > 0)
      .map((got) => `${want} read as ${got} ${q.confusion[want][got]}`)
  )
  const read = Object.values(q.confusion).reduce((sum, got) => sum + got.APPLY + got.MAYBE + got.SKIP, 0)
  const unread = q.verdicts.total - read
  out(
    `  verdicts misread       ${misread.length === 0 ? "none" : misread.join(", ")}${
      unread > 0 ? ` (and ${unread} pairs of postings not extracted)` : ""
    }`
  )
  out(`  score in band          ${ratio(q.band)}`)
  out(`  must-match found       ${ratio(q.mustMatch)}`)
  out(`  must-miss found        ${ratio(q.mustMiss)}`)
  out(`  missing gates named    ${ratio(q.gatesNamed)}`)
  out(
    `  scams                  ${scams.flagged}/${scams.total} flagged medium/high, ${scams.skipped}/${scams.total} SKIP for every profile`
  )
  out(
    `  serious false flags    ${
      (legitimate.seriousFalseFlags / Math.max(1, legitimate.pairs)).toFixed(3)
    } per legitimate pair ` +
      `(any false flag: ${
        (legitimate.falseFlags / Math.max(1, legitimate.postings)).toFixed(2)
      } per posting; scam signs: ${legitimate.falseScamFlags})`
  )
}

const analyze = (posting: Parameters<typeof analyzePosting>[0], profile: Parameters<typeof analyzePosting>[1]) =>
  analyzePosting(posting, profile, corpus.now)
const parts: ReadonlyArray<readonly [Part, string]> = [["development", "development part"], [
  "heldout",
  "HELD-OUT part"
]]
out(
  `jobfit built-in analyzer on the labelled corpus: ${corpus.entries.length} postings × ${corpus.profiles.length} profiles`
)
for (const [part, name] of parts) {
  const quality = qualityOf(corpus, analyze, SCAM_CODES, part)
  report(name, quality)
  const show = part === "development" ? process.argv.includes("--verbose") : process.argv.includes("--heldout-notes")
  if (show) { for (const note of quality.notes) out(`    ${note}`) }
}
