import { hasSkillCue, inListWith, looksLikeVerb } from "./Context.js"
import type { Sentence } from "./Sentence.js"
import { GRAM_PREFIX, GRAM_TERM, type Skill, type Taxonomy, type Term } from "./Taxonomy.js"
import { gramHash, gramHashOf, joinsTermAt, keyOf } from "./Tokenizer.js"
import { verbObjectMentions } from "./VerbObject.js"

/** A skill found in a sentence at tokens [first, last]. */
export interface Mention {
  readonly skill: Skill
  readonly first: number
  readonly last: number
}

interface Candidate extends Mention {
  readonly contextual: boolean
}

export interface MatchOptions {
  /** The text is a skill list (a profile keyword, say): ambiguous terms need no cue around them. */
  readonly listItem?: boolean
}

const CONNECTORS = new Set(["and", "or", "and/or", "as", "well", "plus", "also"])

// Categories of one trade, whose skills confirm each other in a list: "Go, Rust" and "Spring, Java" do, "CCMA or CMA"
// (a medical assistant's credential beside the accountants' CMA) does not.
const TECHNICAL = new Set([
  "Programming languages",
  "Web development",
  "Data & AI",
  "Cloud & infrastructure",
  "Databases",
  "DevOps & tooling",
  "Software practices",
  "Testing & QA",
  "Mobile development",
  "Game development",
  "Security",
  "Embedded & hardware",
  "Blockchain",
  "Engineering",
  "CAD & 3D",
  "Design"
])
const fieldOf = (category: string): string => (TECHNICAL.has(category) ? "technical" : category)
const sameField = (a: Candidate, b: Candidate): boolean => fieldOf(a.skill.category) === fieldOf(b.skill.category)

const accept = (sentence: Sentence, term: Term | undefined, first: number, last: number): Candidate | undefined => {
  if (term === undefined || (term.kind === "exact" && looksLikeVerb(sentence, first, last))) return undefined
  return { skill: term.skill, first, last, contextual: term.kind === "contextual" }
}

/** The longest term starting at token `at`, if any: n-grams of up to the taxonomy's longest term. */
const longestAt = (
  sentence: Sentence,
  tokens: Sentence["tokens"],
  taxonomy: Taxonomy,
  at: number
): Candidate | undefined => {
  const text = sentence.text
  const head = tokens[at]
  if (head === undefined) return undefined
  const entry = taxonomy.byToken.get(head)
  if (entry === undefined) return undefined
  if (entry.starter) {
    // The n-grams [at, k] are followed while they begin some longer term; each is then looked up, longest first.
    // All-ASCII ones are ruled out by their hash in `grams` before any key string is built.
    let last = at
    let hash = head.hash
    for (let k = at + 1; k < tokens.length && k - at < taxonomy.maxTokens; k++) {
      const token = tokens[k]
      const previous = tokens[k - 1]
      if (token === undefined || previous === undefined || !joinsTermAt(text, previous.end, token.start)) break
      last = k
      hash = hash < 0 || token.hash < 0 ? -1 : gramHash(hash, token.hash)
      const prefix = hash < 0
        ? taxonomy.prefixes.has(keyOf(tokens, "norm", at, k + 1))
        : ((taxonomy.grams[hash] ?? 0) & GRAM_PREFIX) !== 0
      if (!prefix) break
    }
    for (let end = last; end > at; end--) {
      const gram = gramHashOf(tokens, at, end)
      if (gram >= 0 && ((taxonomy.grams[gram] ?? 0) & GRAM_TERM) === 0) continue
      const key = keyOf(tokens, "norm", at, end + 1)
      // A case-sensitive term is looked up as written only where some term has these words in any case.
      const term = taxonomy.insensitive.get(key) ??
        (taxonomy.anyCase.has(key) ? taxonomy.exact.get(keyOf(tokens, "raw", at, end + 1)) : undefined)
      const found = accept(sentence, term, at, end)
      if (found !== undefined) return found
    }
  }
  const single = accept(sentence, entry.term ?? entry.exact?.get(head.raw), at, at)
  if (single !== undefined) return single
  // "APIs", "spreadsheets": a plural of a one-word term.
  return entry.plural === undefined ? undefined : { skill: entry.plural.skill, first: at, last: at, contextual: false }
}

/**
 * The skills a sentence names, in order: terms (longest match first; ambiguous ones only where the context makes
 * them skills), then tasks that name a skill as a verb and its object ("assess stroke patients") where no term is.
 */
export const findMentions = (
  sentence: Sentence,
  taxonomy: Taxonomy,
  options: MatchOptions = {}
): ReadonlyArray<Mention> => {
  // Kept on the sentence: the skills stage and the gates both read a requirement's sentence.
  const cached = options.listItem === true ? undefined : sentence.mentions
  if (cached !== undefined && cached.taxonomy === taxonomy) return cached.found
  const terms = termMentions(sentence, taxonomy, options)
  const tasks = verbObjectMentions(sentence, taxonomy, terms)
  const found = tasks.length === 0 ? terms : [...terms, ...tasks].sort((a, b) => a.first - b.first)
  if (options.listItem !== true) sentence.mentions = { taxonomy, found }
  return found
}

const termMentions = (
  sentence: Sentence,
  taxonomy: Taxonomy,
  options: MatchOptions
): ReadonlyArray<Mention> => {
  const candidates: Array<Candidate> = []
  // The sentence's tokens, read once: they are asked for at every word.
  const tokens = sentence.tokens
  let at = 0
  while (at < tokens.length) {
    const found = longestAt(sentence, tokens, taxonomy, at)
    if (found === undefined) at++
    else {
      candidates.push(found)
      at = found.last + 1
    }
  }
  if (!candidates.some((c) => c.contextual)) return candidates
  const covered = new Set<number>()
  for (const c of candidates) for (let i = c.first; i <= c.last; i++) covered.add(i)
  const onlySkills = tokens.every((t, i) => covered.has(i) || CONNECTORS.has(t.norm))
  // A line of nothing but skills confirms its ambiguous ones when they are of the others' trade.
  const amongKin = (c: Candidate) => candidates.length === 1 || candidates.some((o) => o !== c && sameField(o, c))
  const accepted = candidates.map((c) =>
    !c.contextual || options.listItem === true || (onlySkills && amongKin(c)) ||
    hasSkillCue(sentence, c.first, c.last)
  )
  // A list neighbour that is itself a skill confirms an ambiguous term: "Go, Rust", "R or Python", "C/C++".
  for (let round = 0; round < 3; round++) {
    candidates.forEach((c, i) => {
      if (accepted[i] === true) return
      const left = candidates[i - 1]
      const right = candidates[i + 1]
      if (
        (left !== undefined && accepted[i - 1] === true && sameField(left, c) &&
          inListWith(sentence, left.last, c.first)) ||
        (right !== undefined && accepted[i + 1] === true && sameField(right, c) &&
          inListWith(sentence, c.last, right.first))
      ) accepted[i] = true
    })
  }
  return candidates.filter((_, i) => accepted[i] === true)
}
