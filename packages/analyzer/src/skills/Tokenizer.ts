/** A word-like piece of text: `raw` as written, `norm` lower-cased, offsets into the source string. */
export interface Token {
  readonly raw: string
  readonly norm: string
  readonly start: number
  readonly end: number
  /** `hashOf(norm)` for an all-ASCII token, computed while scanning; -1 otherwise (no quick check possible). */
  readonly hash: number
}

const HASH_BITS = 0xffff

/** A cheap hash of an all-ASCII lower-cased word, in [0, 65535]; -1 when the word has other characters. */
export const hashOf = (word: string): number => {
  let h = 0
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i)
    if (c >= 128) return -1
    h = (Math.imul(h, 31) + c) | 0
  }
  return (h ^ (h >>> 16)) & HASH_BITS
}

/** The hash of a run of words, from the hash of the run without its last word and that word's (see `hashOf`). */
export const gramHash = (previous: number, word: number): number =>
  (Math.imul(previous, 0x9e3779b1) ^ word ^ (previous >>> 7)) & HASH_BITS

/**
 * `gramHash` of tokens[from, to] (from < to), read from the tokens' own hashes; -1 if any of them is not ASCII.
 */
export const gramHashOf = (tokens: ReadonlyArray<Token>, from: number, to: number): number => {
  let hash = tokens[from]?.hash ?? -1
  for (let k = from + 1; k <= to && hash >= 0; k++) {
    const word = tokens[k]?.hash ?? -1
    hash = word < 0 ? -1 : gramHash(hash, word)
  }
  return hash
}

/** A table with a few flag bits per run of words, indexed by `gramHash`: a bit not set rules the run out. */
export const gramTable = (): Uint8Array => new Uint8Array(HASH_BITS + 1)

/**
 * A set of lower-cased words with a bit per word hash in front of it: most tokens are ruled out by one array read,
 * without hashing their string. Exactly as `map.get(token.norm)`, only faster.
 */
export class WordFilter<V> {
  /** Per hash, the first key with it (an index into keys), -1 for none; `next` chains keys of the same hash. */
  readonly #heads: Int32Array
  /** The low bits of a hash that index `heads`: about four slots per key, so that small sets stay in cache. */
  readonly #mask: number
  readonly #next: Array<number> = []
  readonly #keys: Array<string> = []
  readonly #values: Array<V> = []
  readonly #map: ReadonlyMap<string, V>
  constructor(map: ReadonlyMap<string, V>) {
    this.#map = map
    let size = 64
    while (size < map.size * 4 && size <= HASH_BITS) size *= 2
    this.#mask = size - 1
    this.#heads = new Int32Array(size).fill(-1)
    for (const [key, value] of map) {
      const full = hashOf(key)
      if (full < 0) continue
      const hash = full & this.#mask
      this.#next.push(this.#heads[hash] ?? -1)
      this.#heads[hash] = this.#keys.length
      this.#keys.push(key)
      this.#values.push(value)
    }
  }
  /** The value for the token's `norm`, if any: by the token's own hash and a string comparison when it is ASCII. */
  get(token: Token): V | undefined {
    if (token.hash < 0) return this.#map.get(token.norm)
    for (let at = this.#heads[token.hash & this.#mask] ?? -1; at >= 0; at = this.#next[at] ?? -1) {
      if (this.#keys[at] === token.norm) return this.#values[at]
    }
    return undefined
  }
}

/** A `WordFilter` over a set of words. */
export const wordSet = (words: Iterable<string>): WordFilter<true> =>
  new WordFilter(new Map([...words].map((w): [string, true] => [w, true])))

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
 * A token of a scanned text. Its strings are sliced from the text on first use: about a quarter of a posting's
 * tokens are only looked up by their hash, and never read as strings.
 */
class TextToken implements Token {
  readonly #text: string
  readonly #upper: boolean
  #raw: string | undefined = undefined
  #norm: string | undefined
  constructor(
    text: string,
    readonly start: number,
    readonly end: number,
    readonly hash: number,
    upper: boolean,
    norm: string | undefined
  ) {
    this.#text = text
    this.#upper = upper
    this.#norm = norm
  }
  get raw(): string {
    return this.#raw ??= this.#text.slice(this.start, this.end)
  }
  /** Given for a token with other than ASCII letters; an ASCII one is its `raw`, lower-cased if need be. */
  get norm(): string {
    return this.#norm ??= this.#upper ? this.raw.toLowerCase() : this.raw
  }
}

/** Whether the token goes on at text[i]: a letter or digit, or a joiner with one after it. */
const continuesAt = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i)
  return isWord(c) || (isJoiner(c) && i + 1 < text.length && isWord(text.charCodeAt(i + 1)))
}

const isUpper = (code: number): boolean => code >= 65 && code <= 90

/** `hashOf`'s running value with one more character, lower-cased if ASCII. */
const hashStep = (h: number, code: number): number => (Math.imul(h, 31) + (isUpper(code) ? code + 32 : code)) | 0

/**
 * Letters and digits, joined by `.`, `&` or an apostrophe when a letter follows (Node.js, R&D, don't), with a
 * leading dot (.NET) and trailing `+` / `#` (C++, C#, F#). A hand-written scanner: this runs on every posting. Each
 * token's hash is read in the same pass.
 */
export const tokenize = (text: string): ReadonlyArray<Token> => {
  const tokens: Array<Token> = []
  const length = text.length
  // An all-ASCII token is lower-cased on its own. For the others: lower-case the text once and slice, unless that
  // changes the length ("İ"), which would shift the offsets.
  let lower: string | undefined
  let sliceable = false
  let i = 0
  while (i < length) {
    const code = text.charCodeAt(i)
    if (!isWord(code) && !(code === DOT && i + 1 < length && isWord(text.charCodeAt(i + 1)))) {
      i++
      continue
    }
    const start = i
    let h = 0
    let upper = false
    let ascii = true
    do {
      const c = text.charCodeAt(i)
      h = hashStep(h, c)
      upper ||= isUpper(c)
      ascii &&= c < 128
      i++
    } while (i < length && continuesAt(text, i))
    while (i < length && (text.charCodeAt(i) === PLUS || text.charCodeAt(i) === HASH)) {
      h = hashStep(h, text.charCodeAt(i++))
    }
    if (ascii) {
      tokens.push(new TextToken(text, start, i, (h ^ (h >>> 16)) & HASH_BITS, upper, undefined))
      continue
    }
    if (lower === undefined) {
      lower = text.toLowerCase()
      sliceable = lower.length === length && !lower.includes("’")
    }
    const norm = sliceable ? lower.slice(start, i) : normalize(text.slice(start, i))
    tokens.push(new TextToken(text, start, i, -1, upper, norm))
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
export const joinsTerm = (gap: string): boolean => joinsTermAt(gap, 0, gap.length)

const SPACE = /\s/
const isSpace = (code: number): boolean =>
  code === 32 || (code >= 9 && code <= 13) || (code > 127 && SPACE.test(String.fromCharCode(code)))
const isJoin = (code: number): boolean => code === 45 || code === 47 || code === 0x2013 || code === AMPERSAND

/** `joinsTerm` of text[from, to), read in place (the matcher asks it for every word a term may continue to). */
export const joinsTermAt = (text: string, from: number, to: number): boolean => {
  let joins = 0
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    if (isSpace(code)) continue
    if (!isJoin(code) || ++joins > 1) return false
  }
  return true
}

/** The lookup key of a term or a run of tokens: of tokens[from, to) when given. */
export const keyOf = (
  tokens: ReadonlyArray<Token>,
  field: "raw" | "norm",
  from = 0,
  to = tokens.length
): string => {
  // Each field read by name, not as t[field]: a computed read of a getter is slow.
  let key = ""
  for (let k = from; k < to; k++) {
    const token = tokens[k]
    if (token === undefined) continue
    const word = field === "raw" ? token.raw : token.norm
    key = k === from ? word : `${key} ${word}`
  }
  return key
}
