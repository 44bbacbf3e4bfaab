import type { Posting } from "@jobfit/core"
import { literalPattern } from "../Literals.js"
import type { Segment } from "../skills/PostingSegments.js"

/** What the flag detectors read: every sentence, the whole text, and the facts the score found. */
export interface FlagText {
  readonly posting: Posting.Posting
  readonly sentences: ReadonlyArray<string>
  /** Company, location and every sentence in one string: addresses that span sentences, and quick pre-checks. */
  readonly all: string
  /** Where each sentence starts in `all`. */
  readonly starts: ReadonlyArray<number>
}

export const flagText = (posting: Posting.Posting, segments: ReadonlyArray<Segment>): FlagText => {
  const sentences = segments.map((s) => s.sentence.text)
  const all = [posting.company, posting.location, ...sentences].join("\n")
  const starts: Array<number> = []
  let at = posting.company.length + posting.location.length + 2
  for (const sentence of sentences) {
    starts.push(at)
    at += sentence.length + 1
  }
  return { posting, sentences, all, starts }
}

/**
 * Lower-case words one of which every match of some case-insensitive pattern holds: where none stands, the pattern
 * cannot match. Made once, at load: the words of every list are looked for together, in one search of a posting.
 */
export interface Words {
  readonly id: number
  readonly words: ReadonlyArray<string>
}

const lists: Array<ReadonlyArray<string>> = []

/** A list of words for `mayMatch` and `findAffirmed`. */
export const wordsOf = (words: ReadonlyArray<string>): Words => {
  lists.push(words)
  return { id: lists.length - 1, words }
}

interface WordSearch {
  /** Every word of every list, longest first: where several start at one place, the longest is found. */
  readonly pattern: RegExp
  /** Per word, the lists holding it or a word it begins with ("pay" in "pay "). */
  readonly listsOf: ReadonlyMap<string, ReadonlyArray<number>>
  readonly size: number
}
let search: WordSearch | undefined

const wordSearch = (): WordSearch => {
  if (search !== undefined && search.size === lists.length) return search
  const words = [...new Set(lists.flat())].sort((a, b) => b.length - a.length)
  const listsOf = new Map(words.map((word) => [
    word,
    lists.flatMap((list, id) => list.some((other) => word.startsWith(other)) ? [id] : [])
  ]))
  search = { pattern: new RegExp(literalPattern(words, "i").source, "gi"), listsOf, size: lists.length }
  return search
}

/** Per list, the sentences holding one of its words, in order, and whether the text holds one anywhere. */
interface Holding {
  readonly sentences: ReadonlyArray<ReadonlyArray<number>>
  readonly anywhere: ReadonlyArray<boolean>
}
const holdings = new WeakMap<FlagText, Holding>()

/**
 * Which sentences hold which lists' words, by one search of `all` for the words of all the lists, where a search per
 * list cost as much again per list. Each place where a word starts is visited (a word found inside another is found
 * too); words do not span lines, so each lies in one sentence, or in the company or location before them.
 */
const holdingOf = (text: FlagText): Holding => {
  const known = holdings.get(text)
  if (known !== undefined) return known
  const { listsOf, pattern } = wordSearch()
  const sentences: Array<Array<number>> = lists.map(() => [])
  const anywhere: Array<boolean> = lists.map(() => false)
  let index = 0
  pattern.lastIndex = 0
  for (let hit = pattern.exec(text.all); hit !== null; hit = pattern.exec(text.all)) {
    pattern.lastIndex = hit.index + 1
    while (
      index < text.sentences.length && (text.starts[index] ?? 0) + (text.sentences[index]?.length ?? 0) <= hit.index
    ) {
      index++
    }
    const inSentence = index < text.sentences.length && hit.index >= (text.starts[index] ?? 0)
    for (const id of listsOf.get(hit[0].toLowerCase()) ?? []) {
      anywhere[id] = true
      const found = sentences[id]!
      if (inSentence && found[found.length - 1] !== index) found.push(index)
    }
  }
  const holding = { sentences, anywhere }
  holdings.set(text, holding)
  return holding
}

/**
 * Whether the text (company and location included) holds any of `words`, ignoring case: when none is there, a
 * pattern whose every match holds one cannot match and need not run.
 */
export const mayMatch = (text: FlagText, words: Words): boolean => holdingOf(text).anywhere[words.id] === true

// A disclaimer ("we will never ask for a fee") must not raise the flag it disclaims.
const NEGATED_BEFORE =
  /\b(?:never|not|no|won't|will not|don't|do not|doesn't|does not|without|nor|zero|free of|beware|scam|fraud|phishing)\b[^.;]*$/i

const EVIDENCE_MAX = 180

/** The sentence, cut to a short quote around `at` when it is long. */
export const excerpt = (sentence: string, at: number, length: number): string => {
  if (sentence.length <= EVIDENCE_MAX) return sentence
  const from = Math.max(0, Math.min(at - 60, at + length + 60 - EVIDENCE_MAX))
  const to = Math.min(sentence.length, from + EVIDENCE_MAX)
  return `${from > 0 ? "…" : ""}${sentence.slice(from, to).trim()}${to < sentence.length ? "…" : ""}`
}

export interface Found {
  readonly quote: string
  readonly sentence: string
  readonly text: string
}

const globalCopies = new WeakMap<RegExp, RegExp>()

/** A global copy of a pattern (without lookarounds or anchors), to search `all` from a given index. */
const globalCopy = (pattern: RegExp): RegExp => {
  let copy = globalCopies.get(pattern)
  if (copy === undefined) {
    copy = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`)
    globalCopies.set(pattern, copy)
  }
  return copy
}

/**
 * The sentences where a match of `pattern` (no lookarounds or anchors) in `all` starts, in order, each once, by one
 * search of `all`: a check that reads only such sentences never looks at the rest of the posting.
 */
function* sentencesWithHits(text: FlagText, pattern: RegExp): Generator<string> {
  const inAll = globalCopy(pattern)
  inAll.lastIndex = 0
  let index = 0
  for (let hit = inAll.exec(text.all); hit !== null; hit = inAll.exec(text.all)) {
    while (
      index < text.sentences.length && (text.starts[index] ?? 0) + (text.sentences[index]?.length ?? 0) <= hit.index
    ) {
      index++
    }
    const sentence = text.sentences[index]
    const start = text.starts[index] ?? 0
    if (sentence === undefined) return
    // The next search starts at this sentence's end (or, for a hit in the company or location before it, at its
    // start).
    inAll.lastIndex = hit.index < start ? start : start + sentence.length
    if (hit.index >= start) yield sentence
  }
}

/** The sentences where `pattern` (no lookarounds or anchors, no match across a line) matches, in order. */
export const sentencesMatching = (text: FlagText, pattern: RegExp): ReadonlyArray<string> => [
  ...sentencesWithHits(text, pattern)
]

/**
 * The first sentence where `pattern` matches and no negation or disclaimer comes before it in the sentence.
 * Every match of `pattern` holds one of `words`, so only the sentences that hold one are tried, in order, each once
 * (see `holdingOf`): the pattern runs on those few sentences alone, not over the whole text.
 */
export const findAffirmed = (
  text: FlagText,
  pattern: RegExp,
  words: Words,
  alsoNeeds?: RegExp,
  unless?: RegExp
): Found | undefined => {
  for (const index of holdingOf(text).sentences[words.id] ?? []) {
    const sentence = text.sentences[index] ?? ""
    const match = pattern.exec(sentence)
    if (match === null) continue
    if (NEGATED_BEFORE.test(sentence.slice(0, match.index))) continue
    if (alsoNeeds !== undefined && !alsoNeeds.test(sentence)) continue
    if (unless !== undefined && unless.test(sentence)) continue
    return { quote: excerpt(sentence, match.index, match[0].length), sentence, text: match[0] }
  }
  return undefined
}
