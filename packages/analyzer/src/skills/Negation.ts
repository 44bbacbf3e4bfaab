import { clauseAround, hasPreferredCue } from "./Cues.js"
import type { Sentence } from "./Sentence.js"
import { wordSet } from "./Tokenizer.js"

const NEGATORS = wordSet([
  "no",
  "not",
  "without",
  "never",
  "don't",
  "doesn't",
  "dont",
  "isn't",
  "aren't",
  "won't",
  "nor",
  "neither"
])
// "not only Java but also Go", "not just dashboards": a contrast, not a negation.
const NOT_NEGATING_NEXT = new Set(["only", "just", "merely", "simply", "later"])
const REQUIRED_WORDS = new Set(["required", "needed", "necessary", "mandatory", "essential", "expected", "must"])
const WINDOW_BEFORE = 5
const WINDOW_AFTER = 6

/** How a sentence treats a skill it names: as asked for, or as explicitly not needed. */
export type Polarity = "asked" | "not-needed" | "optional"

// "Desire to learn modern technologies for big data", "willing to learn Go", "we'll teach you Kotlin": what the job
// will teach is no ask; a wish to learn it at most a plus.
const TO_LEARN =
  /\b(?:(?:desire|willing(?:ness)?|eager(?:ness)?|keen|happy|open|want|wants|wanting|motivat\w*|interest(?:ed)?|curious|ready|passion(?:ate)?)\s+(?:to|in|for|about)\s+(?:learn\w*|pick(?:ing)? up|explor\w*|get(?:ting)? into|grow\w* into)|(?:we|we'll|we will|you(?:'ll| will))\s+(?:teach|train)\w*(?:\s+you)?|(?:will|would) (?:be )?(?:trained|taught)(?: in| on)?|opportunity to learn|chance to learn|learn (?:on the job|as you go))\b[^.;:]*$/i

// Every match of TO_LEARN holds one of these: most sentences hold none, and need no regex.
const mayLearn = (lower: string): boolean =>
  lower.includes("learn") || lower.includes("teach") || lower.includes("train") || lower.includes("taught")

/**
 * "no Java experience needed", "without prior Salesforce experience" and "Java is not required" are not asked for;
 * "Kotlin is not required but a plus" is optional (preferred).
 */
export const polarityOf = (sentence: Sentence, first: number, last: number): Polarity => {
  const { tokens } = sentence
  const [from, to] = clauseAround(sentence, first)
  const start = tokens[first]?.start ?? 0
  const before = Math.max(0, start - 90)
  if (mayLearn(sentence.lower.slice(before, start)) && TO_LEARN.test(sentence.text.slice(before, start))) {
    return "optional"
  }
  for (let i = Math.max(from, first - WINDOW_BEFORE); i < first; i++) {
    const token = tokens[i]
    if (token !== undefined && NEGATORS.get(token) === true && !NOT_NEGATING_NEXT.has(tokens[i + 1]?.norm ?? "")) {
      return "not-needed"
    }
  }
  for (let i = last + 1; i <= Math.min(to, last + WINDOW_AFTER); i++) {
    const token = tokens[i]
    if (token === undefined) continue
    const negated = token.norm === "not" || token.norm === "isn't" || token.norm === "aren't"
    const next = tokens[i + 1]?.norm === "a" ? tokens[i + 2]?.norm : tokens[i + 1]?.norm
    if (negated && next !== undefined && (REQUIRED_WORDS.has(next) || next === "requirement")) {
      return hasPreferredCue(sentence) ? "optional" : "not-needed"
    }
  }
  return "asked"
}
