/**
 * Quality of the built-in analyzer on the fixture corpus: required-skill precision/recall/F1, verdict agreement,
 * red-flag recall on scams and false flags on legitimate postings.
 * Run: `tsx packages/analyzer/bench/quality.ts [--verbose]`.
 */
import { analyzePosting } from "../src/AnalyzePosting.js"
import { SCAM_CODES } from "../src/flags/RedFlags.js"
import { type Counts, f1, loadCorpus, qualityOf } from "../test/AnalyzerCorpus.js"

const corpus = loadCorpus()
const quality = qualityOf(corpus, (posting, profile) => analyzePosting(posting, profile, corpus.now), SCAM_CODES)
const out = (line: string) => process.stdout.write(`${line}\n`)
const prf = (c: Counts) => {
  const { f1: f, precision, recall } = f1(c)
  return `precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  F1 ${
    f.toFixed(3)
  }  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`
}
const percent = (a: number, b: number) => `${a}/${b} = ${((100 * a) / Math.max(1, b)).toFixed(1)}%`
const { legitimate, scams, verdicts } = quality

out(`jobfit built-in analyzer: quality on ${corpus.postings.length} postings × ${corpus.profiles.length} profiles`)
out(`required skills     ${prf(quality.required)}`)
out(`all skills (any)    ${prf(quality.anySkill)}`)
out(`verdict agreement   ${percent(verdicts.agree, verdicts.total)}`)
out(
  `scam recall         ${
    percent(scams.flagged, scams.total)
  } flagged with a scam sign; ${scams.skipped}/${scams.total} SKIP for every profile`
)
out(
  `false flags         ${(legitimate.falseFlags / Math.max(1, legitimate.total)).toFixed(2)} per legitimate posting ` +
    `(${legitimate.falseFlags} on ${legitimate.total}; scam signs among them: ${legitimate.falseScamFlags})`
)
if (process.argv.includes("--verbose")) { for (const note of quality.notes) out(`  ${note}`) }
