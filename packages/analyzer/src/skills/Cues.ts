import type { Sentence } from "./Sentence.js"
import type { Token } from "./Tokenizer.js"

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
  cue("appreciated", "before"),
  cue("welcome", "before"),
  cue("welcomed", "before")
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
  cue("years")
]

const CLAUSE_WORDS = new Set(["but", "however", "although", "whereas", "though", "except"])

const clauseCache = new WeakMap<Sentence, ReadonlyArray<number>>()

/** For each token, the index of the first token of its clause; clauses split at `;` and words such as "but". */
const clauseStarts = (sentence: Sentence): ReadonlyArray<number> => {
  const cached = clauseCache.get(sentence)
  if (cached !== undefined) return cached
  const { text, tokens } = sentence
  const starts: Array<number> = []
  let start = 0
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1]
    if (
      previous !== undefined && (CLAUSE_WORDS.has(token.norm) || text.slice(previous.end, token.start).includes(";"))
    ) {
      start = i
    }
    starts.push(start)
  })
  clauseCache.set(sentence, starts)
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

interface Hit {
  readonly at: number
  readonly length: number
  readonly reach: Reach
  readonly preferred: boolean
}

const byFirstWord = new Map<string, Array<readonly [Cue, boolean]>>()
for (const [list, preferred] of [[PREFERRED, true], [REQUIRED, false]] as const) {
  for (const c of list) {
    const first = c.words[0] ?? ""
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), [c, preferred]])
  }
}

const hitsCache = new WeakMap<Sentence, ReadonlyArray<Hit>>()

/** Every cue phrase of a sentence, found once per sentence. */
const hitsOf = (sentence: Sentence): ReadonlyArray<Hit> => {
  const cached = hitsCache.get(sentence)
  if (cached !== undefined) return cached
  const hits: Array<Hit> = []
  sentence.tokens.forEach((token, at) => {
    for (const [c, preferred] of byFirstWord.get(token.norm) ?? []) {
      if (phraseAt(sentence.tokens, at, c.words)) hits.push({ at, length: c.words.length, reach: c.reach, preferred })
    }
  })
  hitsCache.set(sentence, hits)
  return hits
}

/** Distance from the skill at [first, last] to the nearest cue of one kind that reaches it, within the clause. */
const nearest = (
  hits: ReadonlyArray<Hit>,
  preferred: boolean,
  range: readonly [number, number],
  first: number,
  last: number
): number => {
  let best = Number.POSITIVE_INFINITY
  for (const hit of hits) {
    if (hit.preferred !== preferred || hit.at < range[0] || hit.at > range[1]) continue
    if (hit.at >= first && hit.at <= last) continue
    const after = hit.at < first
    if ((after && hit.reach === "before") || (!after && hit.reach === "after")) continue
    best = Math.min(best, after ? first - (hit.at + hit.length - 1) : hit.at - last)
  }
  return best
}

/** The importance a sentence's own wording gives a skill at tokens [first, last], if any. */
export const importanceCue = (
  sentence: Sentence,
  first: number,
  last: number
): "required" | "preferred" | undefined => {
  const clause = clauseAround(sentence, first)
  const hits = hitsOf(sentence)
  const preferred = nearest(hits, true, clause, first, last)
  const required = nearest(hits, false, clause, first, last)
  if (preferred === Number.POSITIVE_INFINITY && required === Number.POSITIVE_INFINITY) return undefined
  return preferred < required ? "preferred" : "required"
}

/** Whether the sentence anywhere says "nice to have", "a plus" and the like. */
export const hasPreferredCue = (sentence: Sentence): boolean => hitsOf(sentence).some((hit) => hit.preferred)
