import { hasPreferredCue, importanceCue } from "../skills/Cues.js"
import type { Segment } from "../skills/PostingSegments.js"
import type { Sentence } from "../skills/Sentence.js"

/** Numbers postings write as words ("five years of experience"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15
}

// "Two (2) years": a number in words and figures, as forms write it.
const YEARS =
  /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen)(?:\s*\(\d{1,2}\+?\))?\s*(\+|plus|or more)?\s*(?:(?:-|–|to)\s*\d{1,2}\s*)?\+?\s*(?:years?|yrs?)\b(?!\s*(?:old|ago|of age|in business|warranty)|['’]?\s*(?:of\s+)?(?:continuous\s+|uninterrupted\s+)?(?:residen|living in|lived in))/gi
const CONTEXT_AFTER =
  /^[\s,)'’]*(?:of|in|with|as|working|building|professional|hands-on|industry|relevant|related|post|experience|exp)\b/i
const CONTEXT_BEFORE =
  /\b(?:minimum|at least|min\.?|over|more than|requires?|required|need|needs|with|have|having|bring)\s*(?:of\s*)?$/i

const EMPLOYER_HISTORY_AFTER =
  /^[\s,]*(?:(?:now|already)\s+)?(?:the company|our company|the firm|the business|we(?:'ve| have| are|'re)?|our (?:clients|customers|team|company)|<ORGANIZATION>|it has|has been|have been|in business|of (?:history|existence|success|growth|tradition|innovation))\b/i
const EMPLOYER_HISTORY_BEFORE =
  /\b(?:been with us|been (?:around|in business|operating|trading|serving)|existed)\s+(?:for\s+)?(?:over|more than|about|nearly|almost)?\s*$/i

/** Whether a preferred cue of the sentence reaches the words at [from, to) ("10+ years"). */
const preferredAt = (sentence: Sentence, from: number, to: number): boolean => {
  const first = sentence.tokens.findIndex((token) => token.end > from)
  if (first < 0) return true
  let last = first
  while (last + 1 < sentence.tokens.length && sentence.tokens[last + 1]!.start < to) last++
  return importanceCue(sentence, first, last) === "preferred"
}

const MIGHT_NAME_YEARS = /y(?:ea)?rs?\b/i

/** The years of experience a posting asks for, from its most demanding requirement ("5+ years of ..."). */
export interface YearsAsked {
  readonly years: number
  readonly quote: string
  /** The sentence the quote is, when read from a posting's segments. */
  readonly sentence?: Sentence | undefined
}

export const yearsAsked = (segments: ReadonlyArray<Segment>): YearsAsked | undefined => mostYears(yearsAsks(segments))

/** The most demanding of a posting's years asks; the first of equals. */
export const mostYears = (asks: ReadonlyArray<YearsAsked>): YearsAsked | undefined => {
  let best: YearsAsked | undefined
  for (const ask of asks) if (best === undefined || ask.years > best.years) best = ask
  return best
}

/** Every sentence that asks for years of experience, each with the most it asks, in the posting's order. */
export const yearsAsks = (segments: ReadonlyArray<Segment>): ReadonlyArray<YearsAsked> => {
  const asks: Array<YearsAsked> = []
  for (const { mode, sentence } of segments) {
    let best: YearsAsked | undefined
    if (mode === "preferred" || mode === "skip" || !MIGHT_NAME_YEARS.test(sentence.text)) continue
    const preferredSomewhere = hasPreferredCue(sentence)
    for (const match of sentence.text.matchAll(YEARS)) {
      // "3+ years of accounting, ideally with revenue in SaaS": a cue that hopes for something after the years
      // leaves the years asked.
      if (preferredSomewhere && preferredAt(sentence, match.index, match.index + match[0].length)) continue
      const word = (match[1] ?? "").toLowerCase()
      const years = NUMBER_WORDS[word] ?? Number(word)
      const before = sentence.text.slice(Math.max(0, match.index - 24), match.index)
      const after = sentence.text.slice(match.index + match[0].length)
      const plus = match[2] !== undefined || match[0].includes("+")
      if (!(plus || CONTEXT_AFTER.test(after) || CONTEXT_BEFORE.test(before))) continue
      // "For over 18 years the company has been investing", "clients have been with us for over 10 years": the
      // employer's history, not the candidate's years.
      if (EMPLOYER_HISTORY_AFTER.test(after) || EMPLOYER_HISTORY_BEFORE.test(before)) continue
      if (years > 0 && years <= 25 && (best === undefined || years > best.years)) {
        best = { years, quote: sentence.text, sentence }
      }
    }
    if (best !== undefined) asks.push(best)
  }
  return asks
}
