import type { Sentence } from "./Sentence.js"
import { type Token, WordFilter, wordSet } from "./Tokenizer.js"

/** Where a cue applies: to skills after it ("ideally Go"), before it ("Go is a plus"), or both. */
type Reach = "after" | "before" | "both"

interface Cue {
  readonly words: ReadonlyArray<string>
  readonly reach: Reach
}

const cue = (phrase: string, reach: Reach = "both"): Cue => ({ words: phrase.split(" "), reach })

const PREFERRED: ReadonlyArray<Cue> = [
  cue("nice to have"),
  cue("nice to haves"),
  cue("preferred"),
  cue("preferably", "after"),
  cue("preferable"),
  cue("plus", "before"),
  cue("pluses"),
  cue("bonus"),
  cue("ideally", "after"),
  cue("desirable"),
  cue("desired"),
  cue("advantage", "before"),
  cue("advantageous", "before"),
  cue("optional"),
  cue("helpful", "before"),
  cue("beneficial", "before"),
  cue("good to have"),
  cue("great to have"),
  cue("would be great", "before"),
  cue("would be nice", "before"),
  // "It'd be great if you've worked with Next.js, but we'll teach you".
  cue("great if", "after"),
  cue("teach you", "before"),
  cue("appreciated", "before"),
  cue("welcome", "before"),
  cue("welcomed", "before"),
  // "a CPA or working toward one": the credential is hoped for, progress toward it will do.
  // "CPA, or CPA-eligible and planning to sit for the exam": those on the way to it will do.
  cue("eligible", "before"),
  cue("working toward", "before"),
  cue("working towards", "before"),
  cue("progress toward", "before"),
  cue("progress towards", "before"),
  // A credential one gets after starting ("PALS within 6 months of hire") is not asked of an applicant.
  // (Not "at the time of hire": that is asked of an applicant.)
  cue("days of hire", "before"),
  cue("weeks of hire", "before"),
  cue("months of hire", "before"),
  cue("days of employment", "before"),
  cue("months of employment", "before"),
  cue("days of starting", "before"),
  cue("months of starting", "before"),
  // "ED experience is a plus but not required": said not to be needed, it is hoped for at most.
  cue("not required"),
  cue("not essential"),
  cue("not a must")
]

const REQUIRED: ReadonlyArray<Cue> = [
  cue("required"),
  cue("require"),
  cue("requires"),
  cue("requirement"),
  cue("must"),
  cue("mandatory"),
  cue("essential"),
  cue("need"),
  cue("needed"),
  cue("minimum"),
  cue("at least"),
  cue("proven"),
  cue("strong"),
  cue("solid"),
  cue("expert"),
  cue("expertise"),
  cue("proficient"),
  cue("proficiency"),
  cue("demonstrated"),
  cue("years"),
  // "1+ year of front desk experience, dental office preferred": a year asked is as required as years.
  cue("year")
]

const CLAUSE_WORDS = wordSet(["but", "however", "although", "whereas", "though", "except"])
const SEMICOLON = 59

/** Whether text[from, to) holds a `;`. */
const hasSemicolon = (text: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === SEMICOLON) return true
  return false
}

/** For each token, the index of the first token of its clause; clauses split at `;` and words such as "but". */
const clauseStarts = (sentence: Sentence): ReadonlyArray<number> => {
  const cached = sentence.clauseStarts
  if (cached !== undefined) return cached
  const { text, tokens } = sentence
  const starts: Array<number> = []
  let start = 0
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    const previous = tokens[i - 1]
    if (
      token !== undefined && previous !== undefined &&
      (CLAUSE_WORDS.get(token) === true || hasSemicolon(text, previous.end, token.start))
    ) {
      start = i
    }
    starts.push(start)
  }
  sentence.clauseStarts = starts
  return starts
}

/** The token range [from, to] of the clause around a token. */
export const clauseAround = (sentence: Sentence, index: number): readonly [number, number] => {
  const starts = clauseStarts(sentence)
  const from = starts[index] ?? 0
  let to = index
  while (to + 1 < starts.length && starts[to + 1] === from) to++
  return [from, to]
}

const phraseAt = (tokens: ReadonlyArray<Token>, at: number, words: ReadonlyArray<string>): boolean =>
  words.every((word, k) => tokens[at + k]?.norm === word)

/** A cue phrase found in a sentence. */
export interface CueHit {
  readonly at: number
  readonly length: number
  readonly reach: Reach
  readonly preferred: boolean
}

const cuesByFirstWord = new Map<string, Array<readonly [Cue, boolean]>>()
for (const [list, preferred] of [[PREFERRED, true], [REQUIRED, false]] as const) {
  for (const c of list) {
    const first = c.words[0] ?? ""
    cuesByFirstWord.set(first, [...(cuesByFirstWord.get(first) ?? []), [c, preferred]])
  }
}
const byFirstWord = new WordFilter(cuesByFirstWord)

/** Every cue phrase of a sentence, found once per sentence. */
const hitsOf = (sentence: Sentence): ReadonlyArray<CueHit> => {
  const cached = sentence.cueHits
  if (cached !== undefined) return cached
  const hits: Array<CueHit> = []
  const { tokens } = sentence
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]
    const cues = token === undefined ? undefined : byFirstWord.get(token)
    if (cues === undefined) continue
    for (const [c, preferred] of cues) {
      if (phraseAt(tokens, at, c.words)) hits.push({ at, length: c.words.length, reach: c.reach, preferred })
    }
  }
  sentence.cueHits = hits
  return hits
}

const OPEN = 40
const CLOSE = 41
/** Where the parenthesis around text[offset] opens, or -1 outside parentheses. */
const parenthesisAt = (text: string, offset: number): number => {
  let open = -1
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i)
    if (c === OPEN) open = i
    else if (c === CLOSE) open = -1
  }
  return open
}

/** Distance from the skill at [first, last] to the nearest cue of one kind that reaches it, within the clause. */
const nearest = (
  sentence: Sentence,
  hits: ReadonlyArray<CueHit>,
  preferred: boolean,
  range: readonly [number, number],
  first: number,
  last: number
): number => {
  let best = Number.POSITIVE_INFINITY
  // A cue in parentheses speaks of what is in them: "TMS experience (McLeod a plus)".
  const { text, tokens } = sentence
  const parenthesised = text.includes("(")
  const skillIn = parenthesised ? parenthesisAt(text, tokens[first]?.start ?? 0) : -1
  for (const hit of hits) {
    if (hit.preferred !== preferred || hit.at < range[0] || hit.at > range[1]) continue
    if (hit.at >= first && hit.at <= last) continue
    if (parenthesised && parenthesisAt(text, tokens[hit.at]?.start ?? 0) !== skillIn) continue
    const after = hit.at < first
    if ((after && hit.reach === "before") || (!after && hit.reach === "after")) continue
    best = Math.min(best, after ? first - (hit.at + hit.length - 1) : hit.at - last)
  }
  return best
}

const DEADLINE_ENDS: ReadonlySet<string> = new Set(["hire", "employment", "starting"])
const isDeadline = (sentence: Sentence, hit: CueHit): boolean =>
  DEADLINE_ENDS.has(sentence.tokens[hit.at + hit.length - 1]?.norm ?? "")

/** The hits without a "required" inside a hoped-for phrase ("not required"): that one is no cue of its own. */
const withoutInner = (hits: ReadonlyArray<CueHit>): ReadonlyArray<CueHit> =>
  hits.some((h) => h.preferred && h.length > 1)
    ? hits.filter((h) => h.preferred || !hits.some((p) => p.preferred && p.at < h.at && h.at < p.at + p.length))
    : hits

/** The importance a sentence's own wording gives a skill at tokens [first, last], if any. */
export const importanceCue = (
  sentence: Sentence,
  first: number,
  last: number
): "required" | "preferred" | undefined => {
  const all = hitsOf(sentence)
  if (all.length === 0) return undefined
  const clause = clauseAround(sentence, first)
  const hits = withoutInner(all)
  // "ACLS is required within 6 months of hire": a deadline after starting says it is not asked of an applicant,
  // whatever "required" says beside it.
  if (hits.some((h) => h.preferred && h.at >= clause[0] && h.at <= clause[1] && isDeadline(sentence, h))) {
    return "preferred"
  }
  const preferred = nearest(sentence, hits, true, clause, first, last)
  const required = nearest(sentence, hits, false, clause, first, last)
  if (preferred === Number.POSITIVE_INFINITY && required === Number.POSITIVE_INFINITY) return undefined
  return preferred < required ? "preferred" : "required"
}

/** Whether the sentence anywhere says "nice to have", "a plus" and the like. */
export const hasPreferredCue = (sentence: Sentence): boolean =>
  hitsOf(sentence).some((hit) => hit.preferred && sentence.tokens[hit.at]?.norm !== "not")
