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
 * Whether the text holds any of `literals` (lower-case ASCII), ignoring case, one of which every match of a
 * case-insensitive pattern contains: when none is there, the pattern cannot match and need not run. The same case
 * folding as the pattern's, on the text as written (no lower-cased copy of the whole posting).
 */
export const mayMatch = (text: FlagText, literals: ReadonlyArray<string>): boolean =>
  literalPattern(literals, "i").test(text.all)

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
 * Every match of `pattern` holds one of `words` (lower-case literals, matched ignoring case), so only the sentences
 * that hold one are tried, in order, each once: they are found by one search of `all` for the words, which costs far
 * less than a search for the pattern itself, and the pattern then runs on those few sentences alone.
 */
export const findAffirmed = (
  text: FlagText,
  pattern: RegExp,
  words: ReadonlyArray<string>,
  alsoNeeds?: RegExp,
  unless?: RegExp
): Found | undefined => {
  for (const sentence of sentencesWithHits(text, literalPattern(words, "i"))) {
    const match = pattern.exec(sentence)
    if (match === null) continue
    if (NEGATED_BEFORE.test(sentence.slice(0, match.index))) continue
    if (alsoNeeds !== undefined && !alsoNeeds.test(sentence)) continue
    if (unless !== undefined && unless.test(sentence)) continue
    return { quote: excerpt(sentence, match.index, match[0].length), sentence, text: match[0] }
  }
  return undefined
}
