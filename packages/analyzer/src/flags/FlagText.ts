import type { Posting } from "@jobfit/core"
import type { Segment } from "../skills/PostingSegments.js"

/** What the flag detectors read: every sentence, the whole text, and the facts the score found. */
export interface FlagText {
  readonly posting: Posting.Posting
  readonly sentences: ReadonlyArray<string>
  /** Company, location and every sentence in one string: addresses that span sentences, and quick pre-checks. */
  readonly all: string
}

export const flagText = (posting: Posting.Posting, segments: ReadonlyArray<Segment>): FlagText => {
  const sentences = segments.map((s) => s.sentence.text)
  return { posting, sentences, all: [posting.company, posting.location, ...sentences].join("\n") }
}

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

/** The first sentence where `pattern` matches and no negation or disclaimer comes before it in the sentence. */
export const findAffirmed = (
  text: FlagText,
  pattern: RegExp,
  alsoNeeds?: RegExp,
  unless?: RegExp
): Found | undefined => {
  if (!pattern.test(text.all)) return undefined
  for (const sentence of text.sentences) {
    const match = pattern.exec(sentence)
    if (match === null) continue
    if (NEGATED_BEFORE.test(sentence.slice(0, match.index))) continue
    if (alsoNeeds !== undefined && !alsoNeeds.test(sentence)) continue
    if (unless !== undefined && unless.test(sentence)) continue
    return { quote: excerpt(sentence, match.index, match[0].length), sentence, text: match[0] }
  }
  return undefined
}
