/** Loads the fixture corpus (postings, profiles, labels) that the quality and speed benchmarks read. */
import { type Analysis, Posting, Profile } from "@jobfit/core"
import { Schema } from "effect"
import { readdirSync, readFileSync } from "node:fs"

const corpusDir = new URL("fixtures/corpus/", import.meta.url)

const Verdict = Schema.Literal("APPLY", "MAYBE", "SKIP")

export const Label = Schema.Struct({
  required: Schema.Array(Schema.String),
  preferred: Schema.Array(Schema.String),
  flags: Schema.Array(Schema.String),
  scam: Schema.Boolean,
  verdicts: Schema.Record({ key: Schema.String, value: Verdict })
})
export type Label = typeof Label.Type

const Labels = Schema.Struct({
  now: Schema.String,
  postings: Schema.Record({ key: Schema.String, value: Label })
})

const readJson = (path: URL): unknown => JSON.parse(readFileSync(path, "utf8"))

const readDir = <A>(dir: string, decode: (u: unknown) => A): ReadonlyArray<readonly [string, A]> =>
  readdirSync(new URL(`${dir}/`, corpusDir))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => [file.replace(/\.json$/, ""), decode(readJson(new URL(`${dir}/${file}`, corpusDir)))] as const)

export interface Corpus {
  readonly now: Date
  readonly postings: ReadonlyArray<readonly [string, Posting.Posting]>
  readonly profiles: ReadonlyArray<readonly [string, Profile.Profile]>
  readonly labels: Readonly<Record<string, Label>>
}

export const loadCorpus = (): Corpus => {
  const labels = Schema.decodeUnknownSync(Labels)(readJson(new URL("labels.json", corpusDir)))
  return {
    now: new Date(labels.now),
    postings: readDir("postings", Schema.decodeUnknownSync(Posting.Posting)),
    profiles: readDir("profiles", Schema.decodeUnknownSync(Profile.Profile)),
    labels: labels.postings
  }
}

export interface Counts {
  readonly tp: number
  readonly fp: number
  readonly fn: number
}

export const f1 = (c: Counts) => {
  const precision = c.tp / Math.max(1, c.tp + c.fp)
  const recall = c.tp / Math.max(1, c.tp + c.fn)
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) }
}

/** How an analyzer does on the corpus against its labels. */
export interface Quality {
  readonly required: Counts
  readonly anySkill: Counts
  readonly verdicts: { readonly agree: number; readonly total: number }
  readonly scams: { readonly total: number; readonly flagged: number; readonly skipped: number }
  readonly legitimate: { readonly total: number; readonly falseFlags: number; readonly falseScamFlags: number }
  readonly notes: ReadonlyArray<string>
}

const compare = (predicted: ReadonlySet<string>, expected: ReadonlySet<string>): Counts => ({
  tp: [...predicted].filter((p) => expected.has(p)).length,
  fp: [...predicted].filter((p) => !expected.has(p)).length,
  fn: [...expected].filter((e) => !predicted.has(e)).length
})
const plus = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn })

/**
 * Required-skill precision/recall (from the evidence of the first profile's analysis; skills do not depend on the
 * profile), verdict agreement on every labelled pair, scams flagged with a scam sign, and flags a legitimate
 * posting was not expected to get.
 */
export const qualityOf = (
  corpus: Corpus,
  analyze: (posting: Posting.Posting, profile: Profile.Profile) => Analysis.Analysis,
  scamCodes: ReadonlySet<string>
): Quality => {
  let required: Counts = { tp: 0, fp: 0, fn: 0 }
  let anySkill: Counts = { tp: 0, fp: 0, fn: 0 }
  const verdicts = { agree: 0, total: 0 }
  const scams = { total: 0, flagged: 0, skipped: 0 }
  const legitimate = { total: 0, falseFlags: 0, falseScamFlags: 0 }
  const notes: Array<string> = []
  for (const [id, posting] of corpus.postings) {
    const label = corpus.labels[id]
    if (label === undefined) {
      notes.push(`${id}: no label`)
      continue
    }
    const analyses = corpus.profiles.map(([profileId, profile]) => [profileId, analyze(posting, profile)] as const)
    const first = analyses[0]?.[1]
    if (first === undefined) continue
    const evidence = first.evidence ?? []
    const predicted = new Set(evidence.filter((e) => e.importance === "required").map((e) => e.skill))
    required = plus(required, compare(predicted, new Set(label.required)))
    anySkill = plus(
      anySkill,
      compare(new Set(evidence.map((e) => e.skill)), new Set([...label.required, ...label.preferred]))
    )
    const fp = [...predicted].filter((s) => !label.required.includes(s))
    const fn = label.required.filter((s) => !predicted.has(s))
    if (fp.length + fn.length > 0) {
      notes.push(`${id}: required skills: extra [${fp.join(", ")}] missed [${fn.join(", ")}]`)
    }
    for (const [profileId, analysis] of analyses) {
      const expected = label.verdicts[profileId]
      if (expected === undefined) continue
      verdicts.total++
      if (expected === analysis.verdict) verdicts.agree++
      else notes.push(`${id} × ${profileId}: expected ${expected}, got ${analysis.verdict} (${analysis.match_score})`)
    }
    const codes = first.red_flags.map((f) => f.code)
    if (label.scam) {
      scams.total++
      if (codes.some((code) => scamCodes.has(code))) scams.flagged++
      if (analyses.every(([, a]) => a.verdict === "SKIP")) scams.skipped++
      const missed = label.flags.filter((code) => !codes.includes(code))
      if (missed.length > 0) notes.push(`${id}: expected flags not raised [${missed.join(", ")}]`)
    } else {
      legitimate.total++
      const extra = codes.filter((code) => !label.flags.includes(code))
      legitimate.falseFlags += extra.length
      legitimate.falseScamFlags += extra.filter((code) => scamCodes.has(code)).length
      const missed = label.flags.filter((code) => !codes.includes(code))
      if (extra.length + missed.length > 0) {
        notes.push(`${id}: flags: extra [${extra.join(", ")}] missed [${missed.join(", ")}]`)
      }
    }
  }
  return { required, anySkill, verdicts, scams, legitimate, notes }
}
