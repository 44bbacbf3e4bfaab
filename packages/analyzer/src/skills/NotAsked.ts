/**
 * Words of a posting that name a skill without asking for it, as real postings say them: the employer's own way of
 * hiring, a place or an institution a language's name describes. PostingSkills reads each mention through these.
 */
import type { Sentence } from "./Sentence.js"

// "our recruitment process", "an attractive recruitment package": the employer's own way of
// hiring, named by the skill it takes, not an ask.
const OWN_PROCESS_AFTER = /^\s+(?:process(?:es)?|package)\b/i
const OWN_PROCESS_BEFORE = /\b(?:our|an attractive|an online)\s+(?:[\p{L}-]+\s+)?$/iu
export const namesOwnProcess = (sentence: Sentence, first: number, last: number): boolean => {
  if (!sentence.lower.includes("process") && !sentence.lower.includes("package")) return false
  const start = sentence.tokens[first]?.start ?? 0
  const end = sentence.tokens[last]?.end ?? start
  return OWN_PROCESS_AFTER.test(sentence.text.slice(end, end + 16)) &&
    OWN_PROCESS_BEFORE.test(sentence.text.slice(Math.max(0, start - 30), start))
}

// "the Danish office", "free English classes", "Danish universities": a language's name before one of these nouns
// is where something is from, not the language asked.
const FROM_NOUNS: ReadonlySet<string> = new Set([
  "office",
  "offices",
  "company",
  "companies",
  "firm",
  "firms",
  "universities",
  "university",
  "ministry",
  "government",
  "lessons",
  "classes",
  "class",
  "courses",
  "course",
  "market",
  "markets",
  "customers",
  "clients",
  "citizens",
  "citizenship",
  "nationals",
  "nationality",
  "law",
  "laws",
  "legislation",
  "authorities",
  "grading",
  "school",
  "schools",
  "education",
  "headquarters",
  "subsidiary",
  "branch",
  "partners",
  "owned",
  "startup",
  "start-up",
  "organisation",
  "organization",
  "state",
  "society",
  "welfare",
  "capital"
])
export const isNationality = (sentence: Sentence, last: number, category: string): boolean => {
  if (category !== "Languages") return false
  const next = sentence.tokens[last + 1]
  if (next === undefined) return false
  const gap = sentence.text.slice(sentence.tokens[last]?.end ?? 0, next.start)
  return gap.trim() === "" && FROM_NOUNS.has(next.norm)
}
