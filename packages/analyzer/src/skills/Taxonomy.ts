import { Schema } from "effect"
import { gramHashOf, gramTable, keyOf, tokenize, WordFilter } from "./Tokenizer.js"

/** One skill as data/skills.json stores it. */
export const SkillEntry = Schema.Struct({
  name: Schema.String,
  category: Schema.String,
  source: Schema.Literal("linguist", "curated"),
  /** Case-insensitive terms (the name included, unless it is listed under exact or contextual). */
  aliases: Schema.Array(Schema.String),
  /** Case-sensitive terms: "Excel", "RN". */
  exact: Schema.optional(Schema.Array(Schema.String)),
  /** Case-sensitive terms that also need a skill context around them: "Go", "R", "C". */
  contextual: Schema.optional(Schema.Array(Schema.String))
})
export type SkillEntry = typeof SkillEntry.Type

export const SkillsFile = Schema.Struct({ version: Schema.Literal(1), skills: Schema.Array(SkillEntry) })
export type SkillsFile = typeof SkillsFile.Type

export interface Skill {
  readonly name: string
  readonly category: string
}

export type TermKind = "insensitive" | "exact" | "contextual"

export interface Term {
  readonly skill: Skill
  readonly kind: TermKind
}

/** All the matcher needs to know about one lower-cased token, found with a single lookup. */
export interface TokenEntry {
  /** The one-token insensitive term with this spelling. */
  readonly term: Term | undefined
  /** One-token case-sensitive terms with this lower-cased spelling, by exact spelling ("dbt", "DBT"). */
  readonly exact: ReadonlyMap<string, Term> | undefined
  /** Whether a longer term starts with this token. */
  readonly starter: boolean
  /** The one-token insensitive term this token is the plural of ("spreadsheets"). */
  readonly plural: Term | undefined
}

/** In `Taxonomy.grams`: some longer term starts with these words. */
export const GRAM_PREFIX = 1
/** In `Taxonomy.grams`: these words are a term, in some case. */
export const GRAM_TERM = 2

/** The skills and the lookup tables the matcher uses. */
export interface Taxonomy {
  readonly skills: ReadonlyArray<Skill>
  /** Canonical names, lower-cased. */
  readonly byName: ReadonlyMap<string, Skill>
  /** Keyed by lower-cased tokens joined with a space. */
  readonly insensitive: ReadonlyMap<string, Term>
  /** Exact and contextual terms, keyed by tokens as written. */
  readonly exact: ReadonlyMap<string, Term>
  /** Every term keyed by lower-cased tokens: for a profile's own skill list, where "go" means Go. */
  readonly anyCase: ReadonlyMap<string, Term>
  /** Lower-cased first tokens of the terms longer than one token. */
  readonly starters: ReadonlySet<string>
  /** Lower-cased proper prefixes ("google cloud") of the terms longer than one token: where matching may go on. */
  readonly prefixes: ReadonlySet<string>
  readonly maxTokens: number
  /** Per lower-cased token: its one-token terms and whether longer terms start with it. */
  readonly tokens: ReadonlyMap<string, TokenEntry>
  /** `tokens`, looked up by token with a quick pre-check: most words of a text are in no term. */
  readonly byToken: WordFilter<TokenEntry>
  /**
   * By `gramHash` of two or more lower-cased words: `GRAM_PREFIX` where they begin a longer term (as `prefixes`),
   * `GRAM_TERM` where they are a term (as `anyCase`). A quick check on the tokens' hashes before building a key.
   */
  readonly grams: Uint8Array
}

const addTerm = (map: Map<string, Term>, key: string, term: Term): void => {
  if (key !== "" && !map.has(key)) map.set(key, term)
}

export const makeTaxonomy = (entries: ReadonlyArray<SkillEntry>): Taxonomy => {
  const skills: Array<Skill> = []
  const byName = new Map<string, Skill>()
  const insensitive = new Map<string, Term>()
  const exact = new Map<string, Term>()
  const anyCase = new Map<string, Term>()
  const starters = new Set<string>()
  const grams = gramTable()
  const prefixes = new Set<string>()
  let maxTokens = 1
  const register = (text: string, term: Term): void => {
    const tokens = tokenize(text)
    const first = tokens[0]
    if (first === undefined) return
    if (tokens.length > 1) starters.add(first.norm)
    for (let k = 1; k < tokens.length; k++) prefixes.add(keyOf(tokens, "norm", 0, k))
    // Hashed from the tokens' own hashes, as the matcher hashes a posting's (gramHashOf): a term with other letters
    // than ASCII sets no bits, and a posting's words with other letters are looked up by string.
    for (let k = 1; k < tokens.length; k++) {
      const hash = gramHashOf(tokens, 0, k)
      if (hash < 0) break
      grams[hash] = (grams[hash] ?? 0) | (k === tokens.length - 1 ? GRAM_TERM : GRAM_PREFIX)
    }
    maxTokens = Math.max(maxTokens, tokens.length)
    if (term.kind === "insensitive") addTerm(insensitive, keyOf(tokens, "norm"), term)
    else addTerm(exact, keyOf(tokens, "raw"), term)
    addTerm(anyCase, keyOf(tokens, "norm"), term)
  }
  for (const entry of entries) {
    const skill: Skill = { name: entry.name, category: entry.category }
    if (byName.has(entry.name.toLowerCase())) continue
    skills.push(skill)
    byName.set(entry.name.toLowerCase(), skill)
    for (const text of entry.contextual ?? []) register(text, { skill, kind: "contextual" })
    for (const text of entry.exact ?? []) register(text, { skill, kind: "exact" })
    for (const text of entry.aliases) register(text, { skill, kind: "insensitive" })
  }
  const tokens = tokenIndex(insensitive, exact, starters)
  const byToken = new WordFilter(tokens)
  return { skills, byName, insensitive, exact, anyCase, starters, prefixes, maxTokens, tokens, byToken, grams }
}

const tokenIndex = (
  insensitive: ReadonlyMap<string, Term>,
  exact: ReadonlyMap<string, Term>,
  starters: ReadonlySet<string>
): ReadonlyMap<string, TokenEntry> => {
  type Draft = {
    term: Term | undefined
    exact: Map<string, Term> | undefined
    starter: boolean
    plural: Term | undefined
  }
  const index = new Map<string, Draft>()
  const entry = (key: string): Draft => {
    const found = index.get(key)
    if (found !== undefined) return found
    const created: Draft = { term: undefined, exact: undefined, starter: false, plural: undefined }
    index.set(key, created)
    return created
  }
  for (const [key, term] of insensitive) {
    if (key.includes(" ")) continue
    entry(key).term = term
    if (key.length > 3 && !insensitive.has(`${key}s`)) entry(`${key}s`).plural = term
  }
  for (const [raw, term] of exact) {
    if (raw.includes(" ")) continue
    const draft = entry(raw.toLowerCase())
    draft.exact = draft.exact ?? new Map()
    draft.exact.set(raw, term)
  }
  for (const key of starters) entry(key).starter = true
  return index
}
