/**
 * Fits the curve that turns the required skills met into that factor's score (REQUIRED_CURVE in src/score/Weights.ts)
 * to the labelled training pairs: the corpus's development part and SkillSpan's train split (the pairs both
 * labellers agree on). Each pair is analysed once; every curve of the grid is then scored on those analyses (only
 * the required-skills factor changes, and the caps each analysis met stay as they were). The objective is the real
 * pairs' verdict macro recall and a quarter of their share of scores inside a labeller's band, among the curves that
 * keep the corpus's development figures (macro recall 0.89, band 0.96: the regression suite's floors, with room).
 * Run: `tsx packages/analyzer/scripts/fit-score.ts`; it prints the best curves and the figures of the committed one.
 * Nothing of the held-out corpus part or of SkillSpan's dev split is read.
 */
import type { Analysis, Profile } from "@jobfit/core"
import { Either } from "effect"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { extractGiven } from "../src/extract/Extract.js"
import type { Factor } from "../src/score/Factors.js"
import { combine, verdictFor } from "../src/score/Score.js"
import { DEFAULT_THRESHOLDS, REQUIRED_CURVE, type RequiredCurve, requiredScore, WEIGHTS } from "../src/score/Weights.js"
import { loadCorpus } from "../test/AnalyzerCorpus.js"
import { loadVerdictLabels, realPostings, realProfiles } from "../test/RealSet.js"

type Verdict = "APPLY" | "MAYBE" | "SKIP"
interface Pair {
  readonly set: "corpus" | "real"
  readonly verdict: Verdict
  readonly bands: ReadonlyArray<readonly [number, number]>
  readonly analysis: Analysis.Analysis
}

const NOW = new Date("2025-06-01T00:00:00Z")
const pairs: Array<Pair> = []

const corpus = loadCorpus()
for (const entry of corpus.entries) {
  const label = corpus.labels[entry.id]
  if (entry.part !== "development" || label?.pairs === undefined || Either.isLeft(entry.posting)) continue
  for (const [id, profile] of corpus.profiles) {
    const pair = label.pairs[id]
    if (pair === undefined) continue
    pairs.push({
      set: "corpus",
      verdict: pair.verdict,
      bands: pair.band === undefined ? [] : [pair.band],
      analysis: analyzePosting(entry.posting.right, profile, corpus.now)
    })
  }
}
const [first, second] = [...loadVerdictLabels().values()]
const profiles: ReadonlyMap<string, Profile.Profile> = new Map(realProfiles())
for (const posting of realPostings().filter((p) => p.split === "train")) {
  const one = first?.get(posting.id)
  const two = second?.get(posting.id)
  const extracted = extractGiven(`https://jobs.example.com/${posting.id}`, posting.text)
  if (one === undefined || two === undefined || Either.isLeft(extracted)) continue
  for (const [id, profile] of profiles) {
    const p = one.pairs[id]
    const q = two.pairs[id]
    if (p === undefined || q === undefined || p.verdict !== q.verdict) continue
    pairs.push({
      set: "real",
      verdict: p.verdict,
      bands: [p.band, q.band],
      analysis: analyzePosting(extracted.right, profile, NOW)
    })
  }
}

const METS = /^([\d.]+) of ([\d.]+) required skills/

/** The pair's score under another curve: the required factor recomputed, the rest and the caps as analysed. */
const rescore = (pair: Pair, curve: RequiredCurve): { score: number; verdict: Verdict } => {
  const a = pair.analysis
  const breakdown = a.breakdown ?? []
  const factors: Array<Factor> = breakdown.filter((f) => f.factor !== "requirements").map((f) => ({
    factor: f.factor as Factor["factor"],
    applicable: !f.detail.startsWith("not scored"),
    score: f.score,
    detail: f.detail
  }))
  const asAnalysed = Math.round(100 * breakdown.reduce((sum, f) => sum + f.weight * f.score, 0))
  const cap = a.match_score < asAnalysed ? a.match_score : 100
  const required = factors.find((f) => f.factor === "required_skills")
  const mets = required === undefined ? null : METS.exec(required.detail)
  const rebuilt = mets === null ?
    factors :
    factors.map((f) =>
      f.factor === "required_skills" ? { ...f, score: requiredScore(Number(mets[1]), Number(mets[2]), curve) } : f
    )
  const score = Math.min(combine(rebuilt, WEIGHTS).score, cap)
  return { score, verdict: verdictFor(score, a.red_flags, DEFAULT_THRESHOLDS) }
}

const figures = (set: Pair["set"], curve: RequiredCurve) => {
  const part = pairs.filter((p) => p.set === set)
  const recall = { APPLY: [0, 0], MAYBE: [0, 0], SKIP: [0, 0] } as Record<Verdict, [number, number]>
  let inBand = 0
  for (const pair of part) {
    const { score, verdict } = rescore(pair, curve)
    recall[pair.verdict][1]++
    if (verdict === pair.verdict) recall[pair.verdict][0]++
    if (pair.bands.some(([lo, hi]) => score >= lo && score <= hi)) inBand++
  }
  const present = Object.values(recall).filter(([, n]) => n > 0)
  return {
    macro: present.reduce((sum, [hit, n]) => sum + hit / n, 0) / present.length,
    band: inBand / Math.max(1, part.length),
    recall
  }
}

const objective = (curve: RequiredCurve) => {
  const c = figures("corpus", curve)
  const r = figures("real", curve)
  // The corpus is the regression suite: a curve that costs it more than a little is no fit.
  const keeps = c.macro >= 0.89 && c.band >= 0.96
  return { value: (keeps ? 0 : -1) + r.macro + 0.25 * r.band, c, r }
}

const grid: Array<RequiredCurve> = []
for (const zeroBelow of [0, 0.05, 0.1, 0.15, 0.2]) {
  for (const fullAt of [0.8, 0.9, 0.95, 1]) {
    for (const power of [0.5, 0.6, 0.75, 0.9, 1]) {
      for (const enough of [undefined, 8, 10, 12, 15, 20, 25]) {
        grid.push(enough === undefined ? { zeroBelow, fullAt, power } : { zeroBelow, fullAt, power, enough })
      }
    }
  }
}
const out = (line: string) => process.stdout.write(`${line}\n`)
const show = (curve: RequiredCurve) => {
  const { value, c, r } = objective(curve)
  const rec = (x: typeof c) =>
    (["APPLY", "MAYBE", "SKIP"] as const).map((v) => `${v} ${x.recall[v][0]}/${x.recall[v][1]}`).join(" ")
  return `${JSON.stringify(curve)} objective ${value.toFixed(4)}\n    corpus macro ${c.macro.toFixed(3)} band ${
    c.band.toFixed(3)
  } (${rec(c)})\n    real   macro ${r.macro.toFixed(3)} band ${r.band.toFixed(3)} (${rec(r)})`
}
out(
  `${pairs.filter((p) => p.set === "corpus").length} corpus pairs, ${
    pairs.filter((p) => p.set === "real").length
  } real pairs`
)
const same = pairs.filter((p) => rescore(p, REQUIRED_CURVE).score === p.analysis.match_score).length
out(`rescored as analysed: ${same} of ${pairs.length}`)
const ranked = grid.map((curve) => [curve, objective(curve).value] as const).sort((a, b) => b[1] - a[1])
out("best five:")
for (const [curve] of ranked.slice(0, 5)) out(`  ${show(curve)}`)
out(`committed: ${show(REQUIRED_CURVE)}`)
