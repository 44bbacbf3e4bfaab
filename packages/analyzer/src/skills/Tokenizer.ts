/** A word-like piece of text: `raw` as written, `norm` lower-cased, offsets into the source string. */
export interface Token {
  readonly raw: string
  readonly norm: string
  readonly start: number
  readonly end: number
}

const UNICODE_WORD = /^[\p{L}\p{N}]$/u
const nonAsciiWord = new Map<number, boolean>()

/** A letter or digit, in any script. */
const isWord = (code: number): boolean => {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
  let known = nonAsciiWord.get(code)
  if (known === undefined) {
    known = UNICODE_WORD.test(String.fromCharCode(code))
    nonAsciiWord.set(code, known)
  }
  return known
}

const DOT = 46
const AMPERSAND = 38
const APOSTROPHE = 39
const RIGHT_QUOTE = 0x2019
const PLUS = 43
const HASH = 35

const isJoiner = (code: number): boolean =>
  code === DOT || code === AMPERSAND || code === APOSTROPHE || code === RIGHT_QUOTE

const normalize = (raw: string): string => {
  const lower = raw.toLowerCase()
  return lower.includes("’") ? lower.replace(/’/g, "'") : lower
}

/**
 * Letters and digits, joined by `.`, `&` or an apostrophe when a letter follows (Node.js, R&D, don't), with a
 * leading dot (.NET) and trailing `+` / `#` (C++, C#, F#). A hand-written scanner: this runs on every posting.
 */
export const tokenize = (text: string): ReadonlyArray<Token> => {
  const tokens: Array<Token> = []
  const length = text.length
  // Lower-case once and slice, unless lower-casing changes the length ("İ"), which would shift the offsets.
  const lower = text.toLowerCase()
  const sliceable = lower.length === length && !lower.includes("’")
  let i = 0
  while (i < length) {
    const code = text.charCodeAt(i)
    let start: number
    if (isWord(code)) start = i
    else if (code === DOT && i + 1 < length && isWord(text.charCodeAt(i + 1))) start = i++
    else {
      i++
      continue
    }
    i++
    while (i < length) {
      const c = text.charCodeAt(i)
      if (isWord(c)) i++
      else if (isJoiner(c) && i + 1 < length && isWord(text.charCodeAt(i + 1))) i += 2
      else break
    }
    while (i < length && (text.charCodeAt(i) === PLUS || text.charCodeAt(i) === HASH)) i++
    const raw = text.slice(start, i)
    tokens.push({ raw, norm: sliceable ? lower.slice(start, i) : normalize(raw), start, end: i })
  }
  return tokens
}

/** The text between two neighbouring tokens (punctuation and spaces). */
export const gapBetween = (text: string, tokens: ReadonlyArray<Token>, left: number): string => {
  const a = tokens[left]
  const b = tokens[left + 1]
  return a === undefined || b === undefined ? "" : text.slice(a.end, b.start)
}

/** Whether a multi-word term may continue across this gap: spaces, a hyphen, a slash or "&", nothing else. */
export const joinsTerm = (gap: string): boolean =>
  gap === " " || gap === "" || gap === "-" || /^(?:\s+|\s*[-/–&]\s*)$/.test(gap)

/** The lookup key of a term or a run of tokens. */
export const keyOf = (tokens: ReadonlyArray<Token>, field: "raw" | "norm"): string =>
  tokens.map((t) => t[field]).join(" ")
