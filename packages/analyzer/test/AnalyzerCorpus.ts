/**
 * Loads the labelled corpus (postings, profiles, labels, split) that the quality and speed benchmarks read, and
 * measures an analyzer against it. See fixtures/corpus/README.md for what a label says.
 */
import { type Analysis, Posting, Profile } from "@jobfit/core"
import { Either, Schema } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { extract, extractGiven } from "../src/extract/Extract.js"

const corpusDir = new URL("fixtures/corpus/", import.meta.url)

const Verdict = Schema.Literal("APPLY", "MAYBE", "SKIP")
type Verdict = typeof Verdict.Type
const Names = Schema.Array(Schema.String)
/** A skill, or a group of skills any one of which will do. */
const Ask = Schema.Union(Schema.String, Names)

const Pair = Schema.Struct({
  verdict: Verdict,
  band: Schema.optional(Schema.Tuple(Schema.Number, Schema.Number)),
  must_match: Schema.optionalWith(Schema.Array(Ask), { default: () => [] }),
  must_miss: Schema.optionalWith(Schema.Array(Ask), { default: () => [] }),
  gates_missing: Schema.optionalWith(Names, { default: () => [] })
})
export type Pair = typeof Pair.Type

const Gate = Schema.Struct({ kind: Schema.String, quote: Schema.String })

export const Label = Schema.Struct({
  url: Schema.optional(Schema.String),
  title: Schema.optional(Schema.String),
  company: Schema.optional(Schema.String),
  location: Schema.optional(Schema.String),
  field: Schema.optional(Schema.String),
  required: Names,
  preferred: Names,
  not_in_taxonomy: Schema.optionalWith(Names, { default: () => [] }),
  groups: Schema.optionalWith(Schema.Array(Names), { default: () => [] }),
  hard_requirements: Schema.optionalWith(Schema.Array(Gate), { default: () => [] }),
  flags: Names,
  scam: Schema.Boolean,
  pairs: Schema.optional(Schema.Record({ key: Schema.String, value: Pair })),
  /** The first labels' form: a verdict per profile. */
  verdicts: Schema.optional(Schema.Record({ key: Schema.String, value: Verdict }))
})
export type Label = typeof Label.Type

const LabelFile = Schema.Struct({
  now: Schema.optional(Schema.String),
  postings: Schema.Record({ key: Schema.String, value: Label })
})

const Split = Schema.Struct({ note: Schema.optional(Schema.String), heldout: Names })

const readJson = (path: URL): unknown => JSON.parse(readFileSync(path, "utf8"))

/** The skill names the taxonomy had when the labels were written: only these can a label call right or wrong. */
const labelledNames: ReadonlySet<string> = new Set(
  readFileSync(new URL("labelled-taxonomy.txt", corpusDir), "utf8").split("\n").filter((l) =>
    l.trim() !== "" && !l.startsWith("#")
  )
)
const judged = (skill: string): boolean => labelledNames.has(skill)
const files = (dir: string, extensions: ReadonlyArray<string>): ReadonlyArray<string> => {
  const url = new URL(`${dir}/`, corpusDir)
  return existsSync(url) ? readdirSync(url).filter((f) => extensions.some((e) => f.endsWith(e))).sort() : []
}

export type Part = "development" | "heldout"

export interface CorpusPosting {
  readonly id: string
  readonly part: Part
  /** A page or pasted text goes through extraction; `.json` postings are extracted already. */
  readonly format: "json" | "html" | "txt"
  /** Left: why extraction found no posting. */
  readonly posting: Either.Either<Posting.Posting, string>
}

export interface Corpus {
  readonly now: Date
  readonly entries: ReadonlyArray<CorpusPosting>
  /** The postings that extracted, as (id, posting): what the speed bench and the older tests read. */
  readonly postings: ReadonlyArray<readonly [string, Posting.Posting]>
  readonly profiles: ReadonlyArray<readonly [string, Profile.Profile]>
  readonly labels: Readonly<Record<string, Label>>
}

const NOW = "2025-06-01T00:00:00Z"

const loadLabels = (): Readonly<Record<string, Label>> => {
  const decode = Schema.decodeUnknownSync(LabelFile)
  const labelled = files("labels", [".json"])
  const sources = labelled.length > 0
    ? labelled.map((f) => new URL(`labels/${f}`, corpusDir))
    : [new URL("labels.json", corpusDir)]
  const all: Record<string, Label> = {}
  for (const source of sources) Object.assign(all, decode(readJson(source)).postings)
  return all
}

const loadPosting = (id: string, file: string, label: Label | undefined) => {
  const path = new URL(`postings/${file}`, corpusDir)
  if (file.endsWith(".json")) return Either.right(Schema.decodeUnknownSync(Posting.Posting)(readJson(path)))
  const url = label?.url ?? `https://jobs.example.com/${id}`
  // A .txt is text a person pasted: it is read as posting_text is; an .html page as a fetched page is.
  const body = readFileSync(path, "utf8")
  return file.endsWith(".txt") ? extractGiven(url, body) : extract(url, "text/html", body)
}

export const loadCorpus = (): Corpus => {
  const labels = loadLabels()
  const splitPath = new URL("split.json", corpusDir)
  const heldout = new Set(existsSync(splitPath) ? Schema.decodeUnknownSync(Split)(readJson(splitPath)).heldout : [])
  const entries = files("postings", [".json", ".html", ".txt"]).map((file): CorpusPosting => {
    const id = file.replace(/\.(?:json|html|txt)$/, "")
    const format = file.endsWith(".html") ? "html" : file.endsWith(".txt") ? "txt" : "json"
    return {
      id,
      part: heldout.has(id) ? "heldout" : "development",
      format,
      posting: loadPosting(id, file, labels[id])
    }
  })
  const profiles = files("profiles", [".json"]).map((file) =>
    [
      file.replace(/\.json$/, ""),
      Schema.decodeUnknownSync(Profile.Profile)(readJson(new URL(`profiles/${file}`, corpusDir)))
    ] as const
  )
  return {
    now: new Date(NOW),
    entries,
    postings: entries.flatMap((e) => Either.isRight(e.posting) ? [[e.id, e.posting.right] as const] : []),
    profiles,
    labels
  }
}

/** The pairs of a label: its own, or made from the first labels' verdicts. */
export const pairsOf = (label: Label): Readonly<Record<string, Pair>> =>
  label.pairs ??
    Object.fromEntries(
      Object.entries(label.verdicts ?? {}).map((
        [profile, verdict]
      ) => [profile, { verdict, must_match: [], must_miss: [], gates_missing: [] }])
    )

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

interface Tally {
  hit: number
  total: number
}
const tally = (): Tally => ({ hit: 0, total: 0 })
const count = (t: Tally, ok: boolean) => {
  t.total++
  if (ok) t.hit++
}
export const share = (t: Tally): number => t.hit / Math.max(1, t.total)

/** How an analyzer does on one part of the corpus against its labels. */
export interface Quality {
  readonly postings: number
  readonly pairs: number
  readonly extracted: Tally
  readonly fields: Tally
  readonly required: Counts
  readonly anySkill: Counts
  readonly verdicts: Tally
  readonly recallByVerdict: Readonly<Record<Verdict, Tally>>
  /** How many pairs labelled one verdict (first key) the analyzer read as another (second key). */
  readonly confusion: Readonly<Record<Verdict, Readonly<Record<Verdict, number>>>>
  readonly band: Tally
  readonly mustMatch: Tally
  readonly mustMiss: Tally
  readonly gatesNamed: Tally
  readonly scams: { readonly total: number; readonly flagged: number; readonly skipped: number }
  readonly legitimate: {
    readonly postings: number
    readonly pairs: number
    readonly falseFlags: number
    readonly seriousFalseFlags: number
    readonly falseScamFlags: number
  }
  readonly notes: ReadonlyArray<string>
}

/** Verdict recall averaged over the verdicts that occur in the labels. */
export const macroRecall = (q: Quality): number => {
  const present = Object.values(q.recallByVerdict).filter((t) => t.total > 0)
  return present.reduce((sum, t) => sum + share(t), 0) / Math.max(1, present.length)
}

const compare = (predicted: ReadonlySet<string>, expected: ReadonlySet<string>): Counts => ({
  tp: [...predicted].filter((p) => expected.has(p)).length,
  fp: [...predicted].filter((p) => !expected.has(p)).length,
  fn: [...expected].filter((e) => !predicted.has(e)).length
})
const plus = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn })

/** Header fields compare after trimming, case-folding and collapsing whitespace. */
export const sameText = (a: string, b: string): boolean =>
  a.trim().toLowerCase().replace(/\s+/g, " ") === b.trim().toLowerCase().replace(/\s+/g, " ")

/** Whether a list of skill names holds an ask: the skill, or for a group any member or the group's own name. */
const holds = (names: ReadonlyArray<string>, ask: string | ReadonlyArray<string>): boolean => {
  const members = typeof ask === "string" ? [ask] : ask
  return names.some((name) => name.split(" or ").some((part) => members.includes(part)))
}
const askName = (ask: string | ReadonlyArray<string>) => typeof ask === "string" ? ask : ask.join(" or ")

const GATE_WORDS: Readonly<Record<string, RegExp>> = {
  licence: /licen[cs]|CDL|bar\b/i,
  certification: /certif|licen[cs]/i,
  degree: /degree|bachelor|master|doctor|phd|diploma|\bBSN\b|\bDPT\b|\bJD\b/i,
  clearance: /clearance/i,
  years: /years?/i,
  work_authorisation: /authori[sz]|sponsor|right to work|citizen/i,
  location: /on[- ]site|commut|within|relocat|live in|based in|in person|office/i,
  exclusion: /consider|requir|without|only/i,
  must_have: /must|requir|essential|mandatory/i
}

/**
 * Measures an analysis function against the labels, for the postings of one part: header fields of pages,
 * required skills (precision/recall), verdicts (per verdict, for macro recall), scores in their band, the skills
 * each pair must match or miss, missing gates named in the assessment, scams and false flags.
 */
export const qualityOf = (
  corpus: Corpus,
  analyze: (posting: Posting.Posting, profile: Profile.Profile) => Analysis.Analysis,
  scamCodes: ReadonlySet<string>,
  part?: Part
): Quality => {
  let required: Counts = { tp: 0, fp: 0, fn: 0 }
  let anySkill: Counts = { tp: 0, fp: 0, fn: 0 }
  const extracted = tally()
  const fields = tally()
  const verdicts = tally()
  const recallByVerdict = { APPLY: tally(), MAYBE: tally(), SKIP: tally() }
  const row = () => ({ APPLY: 0, MAYBE: 0, SKIP: 0 })
  const confusion = { APPLY: row(), MAYBE: row(), SKIP: row() }
  const band = tally()
  const mustMatch = tally()
  const mustMiss = tally()
  const gatesNamed = tally()
  const scams = { total: 0, flagged: 0, skipped: 0 }
  const legitimate = { postings: 0, pairs: 0, falseFlags: 0, seriousFalseFlags: 0, falseScamFlags: 0 }
  const notes: Array<string> = []
  let postings = 0
  let pairs = 0
  for (const entry of corpus.entries) {
    if (part !== undefined && entry.part !== part) continue
    const { id } = entry
    const label = corpus.labels[id]
    if (label === undefined) {
      notes.push(`${id}: no label`)
      continue
    }
    postings++
    const expected = pairsOf(label)
    const profiles = corpus.profiles.filter(([profileId]) => expected[profileId] !== undefined)
    if (entry.format !== "json") count(extracted, Either.isRight(entry.posting))
    if (Either.isLeft(entry.posting)) {
      notes.push(`${id}: not extracted: ${entry.posting.left}`)
      for (const [profileId] of profiles) {
        const pair = expected[profileId]!
        count(verdicts, false)
        count(recallByVerdict[pair.verdict], false)
        count(band, false)
      }
      continue
    }
    const posting = entry.posting.right
    if (entry.format !== "json") {
      for (const key of ["title", "company", "location"] as const) {
        const want = label[key]
        if (want === undefined) continue
        const ok = sameText(posting[key], want)
        count(fields, ok)
        if (!ok) notes.push(`${id}: ${key}: expected "${want}", got "${posting[key]}"`)
      }
    }
    const analyses = profiles.map(([profileId, profile]) => [profileId, analyze(posting, profile)] as const)
    const first = analyses[0]?.[1]
    if (first === undefined) continue
    const evidence = (first.evidence ?? []).filter((e) => judged(e.skill))
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
      const pair = expected[profileId]!
      pairs++
      const agree = pair.verdict === analysis.verdict
      count(verdicts, agree)
      count(recallByVerdict[pair.verdict], agree)
      confusion[pair.verdict][analysis.verdict]++
      const inBand = pair.band === undefined ||
        (analysis.match_score >= pair.band[0] && analysis.match_score <= pair.band[1])
      if (pair.band !== undefined) count(band, inBand)
      if (!agree || !inBand) {
        notes.push(
          `${id} × ${profileId}: expected ${pair.verdict} ${
            JSON.stringify(pair.band ?? [])
          }, got ${analysis.verdict} (${analysis.match_score})`
        )
      }
      for (const ask of pair.must_match) {
        const ok = holds(analysis.matching_skills, ask)
        count(mustMatch, ok)
        if (!ok) notes.push(`${id} × ${profileId}: must match ${askName(ask)}`)
      }
      for (const ask of pair.must_miss) {
        const ok = holds(analysis.missing_skills, ask)
        count(mustMiss, ok)
        if (!ok) notes.push(`${id} × ${profileId}: must miss ${askName(ask)}`)
      }
      if (!label.scam) {
        for (const kind of pair.gates_missing) {
          const words = GATE_WORDS[kind] ?? /./
          const gates = label.hard_requirements.filter((g) => g.kind === kind)
          const named = gates.some((g) => analysis.assessment.includes(g.quote.slice(0, 24))) ||
            (gates.length === 0 && words.test(analysis.assessment))
          count(gatesNamed, named)
          if (!named) notes.push(`${id} × ${profileId}: assessment does not name the missing ${kind}`)
        }
      }
    }
    const codes = first.red_flags.map((f) => f.code)
    if (label.scam) {
      scams.total++
      const flagged = first.red_flags.some((f) => scamCodes.has(f.code) && f.severity !== "low")
      if (flagged) scams.flagged++
      if (analyses.every(([, a]) => a.verdict === "SKIP")) scams.skipped++
      if (!flagged) notes.push(`${id}: scam not flagged (flags: ${codes.join(", ") || "none"})`)
    } else {
      legitimate.postings++
      legitimate.pairs += analyses.length
      const extra = first.red_flags.filter((f) => !label.flags.includes(f.code))
      legitimate.falseFlags += extra.length
      const serious = extra.filter((f) => f.severity !== "low")
      legitimate.seriousFalseFlags += serious.length * analyses.length
      legitimate.falseScamFlags += extra.filter((f) => scamCodes.has(f.code)).length
      const missed = label.flags.filter((code) => !codes.includes(code))
      if (extra.length + missed.length > 0) {
        notes.push(`${id}: flags: extra [${extra.map((f) => f.code).join(", ")}] missed [${missed.join(", ")}]`)
      }
    }
  }
  return {
    postings,
    pairs,
    extracted,
    fields,
    required,
    anySkill,
    verdicts,
    recallByVerdict,
    confusion,
    band,
    mustMatch,
    mustMiss,
    gatesNamed,
    scams,
    legitimate,
    notes
  }
}
