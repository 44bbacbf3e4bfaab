/**
 * Real labelled postings (`../shared/realdata/skillspan`, beside the repository): SkillSpan's train and dev splits,
 * 198 postings with expert span labels, read at run time and never copied into the repository. This module rebuilds
 * each posting's text, scores a set of found skills with the metric of `../shared/realdata/README.md` (document
 * level, soft), and gives the naive lookup the metric is reported beside.
 */
import { Schema } from "effect"
import { existsSync, readFileSync } from "node:fs"
import { SkillsFile } from "../src/skills/Taxonomy.js"

export const skillspanDir = new URL("../../../../shared/realdata/skillspan/", import.meta.url)
export const realDataAvailable = (): boolean => existsSync(new URL("train.json", skillspanDir))

export type Split = "train" | "dev"

export interface RealPosting {
  /** `<split>-<source>-<idx>`, as the verdict labels name it. */
  readonly id: string
  readonly split: Split
  readonly source: string
  /** The text as the metric rebuilds it: tokens joined by spaces, sentences by newlines. */
  readonly text: string
  /** Gold knowledge spans, normalised (recall counts these). */
  readonly knowledge: ReadonlyArray<string>
  /** Gold knowledge and skill spans, normalised (precision looks in these). */
  readonly spans: ReadonlyArray<string>
}

interface Sentence {
  readonly idx: number
  readonly source: string
  readonly tokens: ReadonlyArray<string>
  readonly tags_skill: ReadonlyArray<string>
  readonly tags_knowledge: ReadonlyArray<string>
}

/** NFKC, lower case, every run of characters other than letters, digits, `+` and `#` one space. */
export const normalise = (text: string): string =>
  text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}+#]+/gu, " ").trim()

/** Whether `term` (normalised) is in `text` (normalised) as whole words. */
export const containsWords = (text: string, term: string): boolean => term !== "" && ` ${text} `.includes(` ${term} `)

const sentenceText = (tokens: ReadonlyArray<string>): string =>
  tokens.join(" ").replace(/ ([.,;:!?)])/g, "$1").replace(/\. NET/g, " .NET")

/** BIO spans of one sentence (an I with no B before it begins a span too). */
const spansOf = (tokens: ReadonlyArray<string>, tags: ReadonlyArray<string>): Array<string> => {
  const spans: Array<string> = []
  let current: Array<string> = []
  const close = () => {
    if (current.length > 0) spans.push(normalise(sentenceText(current)))
    current = []
  }
  tokens.forEach((token, i) => {
    const tag = tags[i] ?? "O"
    if (tag === "B" || (tag === "I" && current.length === 0)) {
      close()
      current.push(token)
    } else if (tag === "I") current.push(token)
    else close()
  })
  close()
  return spans.filter((s) => s !== "")
}

export const loadSplit = (split: Split): ReadonlyArray<RealPosting> => {
  const lines = readFileSync(new URL(`${split}.json`, skillspanDir), "utf8").split("\n").filter((l) => l !== "")
  const byPosting = new Map<string, Array<Sentence>>()
  for (const line of lines) {
    const sentence = JSON.parse(line) as Sentence
    const key = `${split}-${sentence.source}-${sentence.idx}`
    const list = byPosting.get(key) ?? []
    list.push(sentence)
    byPosting.set(key, list)
  }
  return [...byPosting].map(([id, sentences]) => {
    const knowledge = sentences.flatMap((s) => spansOf(s.tokens, s.tags_knowledge))
    return {
      id,
      split,
      source: sentences[0]?.source ?? "",
      text: sentences.map((s) => sentenceText(s.tokens)).join("\n"),
      knowledge,
      spans: [...knowledge, ...sentences.flatMap((s) => spansOf(s.tokens, s.tags_skill))]
    }
  })
}

/** Every skill's terms (its name and every alias the taxonomy holds for it), normalised. */
export const taxonomyTerms = (): ReadonlyMap<string, ReadonlyArray<string>> => {
  const file = Schema.decodeUnknownSync(SkillsFile)(
    JSON.parse(readFileSync(new URL("../data/skills.json", import.meta.url), "utf8"))
  )
  const terms = new Map<string, Array<string>>()
  for (const entry of file.skills) {
    const all = [entry.name, ...entry.aliases, ...(entry.exact ?? []), ...(entry.contextual ?? [])]
    terms.set(entry.name, [...new Set(all.map(normalise).filter((t) => t !== ""))])
  }
  return terms
}

export interface SkillScore {
  readonly precision: number
  readonly recall: number
  readonly f1: number
  /** Found skills with no gold span holding them, as `posting: skill`. */
  readonly falsePositives: ReadonlyArray<string>
  /** Gold knowledge spans no found skill is in, as `posting: span`. */
  readonly missed: ReadonlyArray<string>
}

/** The document-level soft metric over postings, each with the skill names found in it. */
export const scoreSkills = (
  found: ReadonlyArray<readonly [RealPosting, ReadonlyArray<string>]>,
  terms: ReadonlyMap<string, ReadonlyArray<string>>
): SkillScore => {
  let goldHit = 0
  let gold = 0
  let foundHit = 0
  let foundAll = 0
  const falsePositives: Array<string> = []
  const missed: Array<string> = []
  for (const [posting, names] of found) {
    const foundTerms = [...new Set(names)].map((name) => [name, terms.get(name) ?? [normalise(name)]] as const)
    for (const span of posting.knowledge) {
      gold++
      if (foundTerms.some(([, ts]) => ts.some((t) => containsWords(span, t)))) goldHit++
      else missed.push(`${posting.id}: ${span}`)
    }
    for (const [name, ts] of foundTerms) {
      foundAll++
      if (ts.some((t) => posting.spans.some((span) => containsWords(span, t)))) foundHit++
      else falsePositives.push(`${posting.id}: ${name}`)
    }
  }
  const precision = foundAll === 0 ? 0 : foundHit / foundAll
  const recall = gold === 0 ? 0 : goldHit / gold
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return { precision, recall, f1, falsePositives, missed }
}

/** The naive lookup: every skill with a term anywhere in the text as whole words. */
export const naiveLookup = (
  posting: RealPosting,
  terms: ReadonlyMap<string, ReadonlyArray<string>>
): ReadonlyArray<string> => {
  const text = normalise(posting.text)
  return [...terms].filter(([, ts]) => ts.some((t) => containsWords(text, t))).map(([name]) => name)
}
