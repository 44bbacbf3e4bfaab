import type { CueHit } from "./Cues.js"
import type { Mention } from "./Matcher.js"
import { type Token, tokenize } from "./Tokenizer.js"

/** One sentence (or list item) and its tokens, computed once and shared by matching, cues and flags. */
export interface Sentence {
  readonly text: string
  readonly tokens: ReadonlyArray<Token>
  /** The text lower-cased, for the checks that look for words in it. */
  readonly lower: string
  /** The cue stage's per-sentence results (see Cues.ts), kept on the sentence once computed. */
  clauseStarts?: ReadonlyArray<number> | undefined
  cueHits?: ReadonlyArray<CueHit> | undefined
  /** What the sentence turns people away without (see Gates.ts), null for nothing; kept once computed. */
  exclusion?: string | null | undefined
  /** The terms and tasks the matcher read in it (see Matcher.ts), with the taxonomy it read them with. */
  mentions?: { readonly taxonomy: object; readonly found: ReadonlyArray<Mention> } | undefined
}

/** Tokenised on first use: sentences that no stage reads by token (skipped sections, say) are never tokenised. */
class LazySentence implements Sentence {
  #tokens: ReadonlyArray<Token> | undefined
  #lower: string | undefined
  clauseStarts: ReadonlyArray<number> | undefined = undefined
  cueHits: ReadonlyArray<CueHit> | undefined = undefined
  exclusion: string | null | undefined = undefined
  mentions: { readonly taxonomy: object; readonly found: ReadonlyArray<Mention> } | undefined = undefined
  constructor(readonly text: string) {}
  get tokens(): ReadonlyArray<Token> {
    return this.#tokens ??= tokenize(this.text)
  }
  get lower(): string {
    return this.#lower ??= this.text.toLowerCase()
  }
}

export const makeSentence = (text: string): Sentence => new LazySentence(text)

const BULLET = /^\s*(?:[-*•·▪◦●○■□➢➤►✓✔–—>]+|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+/

/** A line without its list bullet and surrounding spaces. */
export const cleanLine = (line: string): string => line.replace(BULLET, "").trim()

/** Non-empty lines of a text, without list bullets. */
export const splitLines = (text: string): ReadonlyArray<string> =>
  text.split(/\r?\n|\u2028/).map(cleanLine).filter((line) => line !== "")

// Words a full stop follows without ending a sentence ("e.g. Python", "Acme Inc. hires").
const ABBREVIATIONS = new Set([
  "e.g",
  "i.e",
  "etc",
  "vs",
  "inc",
  "ltd",
  "co",
  "corp",
  "dr",
  "mr",
  "mrs",
  "ms",
  "jr",
  "sr",
  "st",
  "no",
  "approx",
  "incl",
  "min",
  "max",
  "u.s",
  "u.k",
  "ph.d",
  "b.s",
  "m.s",
  "b.a",
  "m.a"
])

const LETTER_OR_DOT = /[\p{L}.]/u

/** The letters and dots just before `end` (the word a full stop follows), lower-cased. */
const wordBefore = (line: string, end: number, floor: number): string => {
  let from = end
  while (from > floor && LETTER_OR_DOT.test(line.charAt(from - 1))) from--
  return line.slice(from, end).toLowerCase()
}

const BOUNDARY = /[.!?]+["”')\]]*\s+(?=["“([]?[\p{Lu}\p{N}])/gu

/** Splits one line into sentences at `.`, `!` or `?` followed by a capital or digit, skipping abbreviations. */
export const splitSentences = (line: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  // No sentence boundary without one of `.`, `!` or `?`: skip the regex.
  if (line.indexOf(".") < 0 && line.indexOf("!") < 0 && line.indexOf("?") < 0) {
    const whole = line.trim()
    if (whole !== "") out.push(whole)
    return out
  }
  let start = 0
  BOUNDARY.lastIndex = 0
  let match = BOUNDARY.exec(line)
  while (match !== null) {
    const lastWord = wordBefore(line, match.index, start)
    const isAbbreviation = line.charAt(match.index) === "." && (ABBREVIATIONS.has(lastWord) || lastWord.length === 1)
    if (!isAbbreviation) {
      out.push(line.slice(start, match.index + 1).trim())
      start = match.index + match[0].length
    }
    match = BOUNDARY.exec(line)
  }
  const rest = line.slice(start).trim()
  if (rest !== "") out.push(rest)
  return out
}

/** Every sentence of a free text: lines first, then sentences within each line. */
export const sentencesOf = (text: string): ReadonlyArray<Sentence> =>
  splitLines(text).flatMap(splitSentences).map(makeSentence)
