/**
 * Runs the built-in analyzer over the real postings (SkillSpan's train and dev splits, the realworld set) and
 * measures it: skills against the expert spans beside the naive lookup, red flags on the legitimate postings,
 * verdicts against two labellers' (fixtures/real/labels, written by fixtures/real/RULES.md before the analyzer ran).
 * `pnpm bench:real` prints it; RealData.test.ts holds the floors.
 */
import { type Analysis, Profile } from "@jobfit/core"
import { Either, Schema } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { extractGiven } from "../src/extract/Extract.js"
import { SCAM_CODES } from "../src/flags/RedFlags.js"
import { loadCorpus } from "./AnalyzerCorpus.js"
import {
  loadSplit,
  naiveLookup,
  realDataAvailable,
  type RealPosting,
  scoreSkills,
  type SkillScore,
  type Split,
  taxonomyTerms
} from "./RealData.js"
import { available as realworldAvailable, runRealWorld } from "./RealWorldSet.js"

const realDir = new URL("fixtures/real/", import.meta.url)

/** The corpus profiles and the two of fixtures/real/profiles (a Java and a .NET developer). */
export const realProfiles = (): ReadonlyArray<readonly [string, Profile.Profile]> => {
  const dir = new URL("profiles/", realDir)
  const own = readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((file) =>
    [
      file.replace(/\.json$/, ""),
      Schema.decodeUnknownSync(Profile.Profile)(JSON.parse(readFileSync(new URL(file, dir), "utf8")))
    ] as const
  )
  return [...loadCorpus().profiles, ...own]
}

export const realPostings = (): ReadonlyArray<RealPosting> => [...loadSplit("train"), ...loadSplit("dev")]

/** A SkillSpan split, or the realworld set (`rw-NN`, judged by labellers of their own). */
export type LabelledSet = Split | "realworld"

export interface Analysed {
  readonly posting: RealPosting | { readonly id: string; readonly split: "realworld" }
  /** By profile id; empty when the text did not extract. */
  readonly analyses: ReadonlyMap<string, Analysis.Analysis>
}

const Verdict = Schema.Literal("APPLY", "MAYBE", "SKIP")
type Verdict = typeof Verdict.Type
const LabelLine = Schema.Struct({
  id: Schema.String,
  field: Schema.optional(Schema.String),
  pairs: Schema.Record({
    key: Schema.String,
    value: Schema.Struct({
      verdict: Verdict,
      band: Schema.Tuple(Schema.Number, Schema.Number),
      why: Schema.optional(Schema.String)
    })
  })
})
type LabelLine = typeof LabelLine.Type

/** Each labeller's labels, by labeller (the file name's first part: `A-dev.jsonl` is labeller A's, `C-realworld.jsonl`
 * labeller C's). */
export const loadVerdictLabels = (): ReadonlyMap<string, ReadonlyMap<string, LabelLine>> => {
  const dir = new URL("labels/", realDir)
  const byLabeller = new Map<string, Map<string, LabelLine>>()
  if (!existsSync(dir)) return byLabeller
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
    const labeller = file.split("-")[0] ?? file
    const labels = byLabeller.get(labeller) ?? new Map<string, LabelLine>()
    for (const line of readFileSync(new URL(file, dir), "utf8").split("\n").filter((l) => l.trim() !== "")) {
      const label = Schema.decodeUnknownSync(LabelLine)(JSON.parse(line))
      labels.set(label.id, label)
    }
    byLabeller.set(labeller, labels)
  }
  return byLabeller
}

export interface RealRun {
  readonly analysed: ReadonlyArray<Analysed>
  readonly skills: ReadonlyArray<{ readonly split: Split; readonly who: string; readonly score: SkillScore }>
  readonly flags: ReadonlyArray<
    { readonly set: string; readonly total: number; readonly flagged: ReadonlyArray<string> }
  >
  readonly scams: { readonly total: number; readonly flagged: ReadonlyArray<string> }
}

const NOW = new Date("2025-06-01T00:00:00Z")
const seriousFlags = (analysis: Analysis.Analysis | undefined): ReadonlyArray<string> =>
  (analysis?.red_flags ?? []).filter((f) => f.severity !== "low").map((f) => `${f.code}:${f.severity}`)

/** Everything bench:real prints, from one pass over the postings; undefined when the data is not beside the repo. */
export const runReal = async (): Promise<RealRun | undefined> => {
  if (!realDataAvailable()) return undefined
  const profiles = realProfiles()
  const terms = taxonomyTerms()
  const skillspan = realPostings().map((posting) => {
    const extracted = extractGiven(`https://jobs.example.com/${posting.id}`, posting.text)
    const analyses = new Map<string, Analysis.Analysis>()
    if (Either.isRight(extracted)) {
      for (const [id, profile] of profiles) analyses.set(id, analyzePosting(extracted.right, profile, NOW))
    }
    return { posting, analyses }
  })
  const analysed: Array<Analysed> = [...skillspan]
  const firstOf = (a: Analysed) => a.analyses.values().next().value
  const skills = (["dev", "train"] as const).flatMap((split) => {
    const part = skillspan.filter((a) => a.posting.split === split)
    return [
      {
        split,
        who: "built-in",
        score: scoreSkills(part.map((a) => [a.posting, (firstOf(a)?.evidence ?? []).map((e) => e.skill)]), terms)
      },
      {
        split,
        who: "naive lookup (every taxonomy term)",
        score: scoreSkills(part.map((a) => [a.posting, naiveLookup(a.posting, terms)]), terms)
      }
    ]
  })
  const flagged = (part: ReadonlyArray<Analysed>) =>
    part.flatMap((a) => {
      const serious = seriousFlags(firstOf(a))
      return serious.length === 0 ? [] : [`${a.posting.id}: ${serious.join(", ")}`]
    })
  const flags: Array<RealRun["flags"][number]> = (["train", "dev"] as const).map((split) => {
    const part = skillspan.filter((a) => a.posting.split === split)
    return { set: `SkillSpan ${split}`, total: part.length, flagged: flagged(part) }
  })
  let scams: RealRun["scams"] = { total: 0, flagged: [] }
  if (realworldAvailable()) {
    const results = await runRealWorld(profiles, NOW)
    for (const r of results) {
      analysed.push({ posting: { id: `rw-${r.id.slice(0, 2)}`, split: "realworld" }, analyses: new Map(r.analyses) })
    }
    const legitimate = results.filter((r) => r.truth.is_scam !== true)
    flags.push({
      set: "realworld (all but scams)",
      total: legitimate.length,
      flagged: legitimate.flatMap((r) => {
        const serious = seriousFlags(r.analyses[0]?.[1])
        return serious.length === 0 ? [] : [`${r.id}: ${serious.join(", ")}`]
      })
    })
    const scamRows = results.filter((r) => r.truth.is_scam === true)
    scams = {
      total: scamRows.length,
      flagged: scamRows.filter((r) =>
        (r.analyses[0]?.[1].red_flags ?? []).some((f) => SCAM_CODES.has(f.code) && f.severity !== "low")
      ).map((r) => r.id)
    }
  }
  return { analysed, skills, flags, scams }
}

export interface VerdictFigures {
  readonly split: LabelledSet
  /** Pairs both labellers judged. */
  readonly pairs: number
  /** Pairs the labellers agree on, and the analyzer's agreement with them there. */
  readonly labellersAgree: number
  readonly agree: number
  readonly recall: Record<Verdict, { hit: number; total: number }>
  /** Pairs whose score is inside either labeller's band. */
  readonly inBand: number
  /** The pairs not plainly another field (a labeller says APPLY or MAYBE), where agreement is not a given. */
  readonly open: { readonly pairs: number; readonly labellersAgree: number; readonly agree: number }
  readonly wrong: ReadonlyArray<string>
}

/** The analyzer's verdicts and scores against the two labellers who judged each posting, per set. */
export const verdictReport = (run: RealRun): ReadonlyArray<VerdictFigures> => {
  const labels = [...loadVerdictLabels().values()]
  return (["dev", "train", "realworld"] as const).flatMap((split): Array<VerdictFigures> => {
    const figures = {
      split,
      pairs: 0,
      labellersAgree: 0,
      agree: 0,
      recall: { APPLY: { hit: 0, total: 0 }, MAYBE: { hit: 0, total: 0 }, SKIP: { hit: 0, total: 0 } },
      inBand: 0,
      open: { pairs: 0, labellersAgree: 0, agree: 0 },
      wrong: [] as Array<string>
    }
    for (const a of run.analysed.filter((x) => x.posting.split === split)) {
      const [one, two] = labels.flatMap((byId) => {
        const label = byId.get(a.posting.id)
        return label === undefined ? [] : [label]
      })
      if (one === undefined || two === undefined) continue
      for (const [profile, analysis] of a.analyses) {
        const p = one.pairs[profile]
        const q = two.pairs[profile]
        if (p === undefined || q === undefined) continue
        figures.pairs++
        const score = analysis.match_score
        const inside = (band: readonly [number, number]) => score >= band[0] && score <= band[1]
        if (inside(p.band) || inside(q.band)) figures.inBand++
        const open = p.verdict !== "SKIP" || q.verdict !== "SKIP"
        if (open) figures.open.pairs++
        if (p.verdict !== q.verdict) continue
        if (open) figures.open.labellersAgree++
        if (open && analysis.verdict === p.verdict) figures.open.agree++
        figures.labellersAgree++
        figures.recall[p.verdict].total++
        if (analysis.verdict === p.verdict) {
          figures.agree++
          figures.recall[p.verdict].hit++
        } else {
          figures.wrong.push(
            `${a.posting.id} × ${profile}: labelled ${p.verdict} [${p.band.join("-")}] (${
              p.why ?? ""
            }), got ${analysis.verdict} ${score}`
          )
        }
      }
    }
    return figures.pairs === 0 ? [] : [figures]
  })
}
