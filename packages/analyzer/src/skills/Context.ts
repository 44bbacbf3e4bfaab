import type { Sentence } from "./Sentence.js"

/** Words before an ambiguous term that make it a skill: "experience with R", "written in Go". */
const CUE_BEFORE = new Set([
  "in",
  "with",
  "using",
  "of",
  "e.g",
  "i.e",
  "including",
  "like",
  "know",
  "knowing",
  "writing",
  "written",
  "languages",
  "language",
  "skills",
  "ideally",
  "preferably",
  "especially",
  "particularly"
])

/** Words after an ambiguous term that make it a skill: "Go developer", "R programming". */
const CUE_AFTER = new Set([
  "programming",
  "language",
  "languages",
  "developer",
  "developers",
  "engineer",
  "engineers",
  "code",
  "coding",
  "codebase",
  "microservices",
  "backend",
  "programmer",
  "programmers",
  "scripts",
  "scripting",
  "packages",
  "libraries",
  "library",
  "ecosystem",
  "modules",
  "toolchain",
  "framework",
  "frameworks",
  "stack",
  "apis",
  "sdk",
  "runtime",
  "compiler",
  "models",
  "pipelines",
  // "Epic charting", "Epic documentation", "Epic build", "Epic super-user": a records system.
  "charting",
  "build",
  "super",
  "superuser",
  "certification",
  "documentation",
  "ehr",
  "emr"
])

/** Words a verb takes after it: "Excel at", "React quickly". A capitalised first word followed by one is not a skill. */
const VERB_FOLLOWERS = new Set(["at", "in", "on", "to", "with", "as", "quickly", "fast", "beyond", "your", "our"])

const LIST_GAP = /^[\s,/;&()|·•+]*$/
const CONJUNCTIONS = /\b(?:and\/or|and|or|as well as|plus|also)\b/gi

const gapText = (sentence: Sentence, left: number, right: number): string => {
  const a = sentence.tokens[left]
  const b = sentence.tokens[right]
  return a === undefined || b === undefined ? "" : sentence.text.slice(a.end, b.start)
}

/** Whether two token ranges sit next to each other in a list: "Go, Rust", "R or Python", "C/C++". */
export const inListWith = (sentence: Sentence, leftLast: number, rightFirst: number): boolean =>
  rightFirst > leftLast && LIST_GAP.test(gapText(sentence, leftLast, rightFirst).replace(CONJUNCTIONS, ""))

// Capitalised in mid-sentence, these are the skill: the verb "go" is only capitalised when it opens a sentence.
const CAPITALISED_MID_SENTENCE = new Set(["Go"])

const isLetter = (raw: string | undefined): boolean => raw !== undefined && /^\p{L}$/u.test(raw)

/**
 * Whether the text around an ambiguous term ("Go", "R", "C", "Spring") makes it a skill, leaving list neighbours
 * aside (the matcher checks those): a cue word before or after, and no hyphen ("C-level", "Go-live") or letter pair
 * ("R & D") around it.
 */
export const hasSkillCue = (sentence: Sentence, first: number, last: number): boolean => {
  const { tokens } = sentence
  const before = first > 0 ? gapText(sentence, first - 1, first) : " "
  const after = last + 1 < tokens.length ? gapText(sentence, last, last + 1) : " "
  if (before.trim() === "-" || after.trim() === "-" || after.trim() === "'") return false
  if (before === "(" && after.startsWith(")")) return false
  const single = first === last && isLetter(tokens[first]?.raw)
  // A letter glued to a word by a symbol is part of something else: "Pro*C", "C++/CLI" aside ("C/C++" is a list).
  const glued = (gap: string) => gap !== "" && !/\s/.test(gap) && !/^[/,()]+$/.test(gap)
  if (single && ((first > 0 && glued(before)) || (last + 1 < tokens.length && glued(after)))) return false
  const letterPair = (before.trim() === "&" && isLetter(tokens[first - 1]?.raw)) ||
    (after.trim() === "&" && isLetter(tokens[last + 1]?.raw))
  if (single && letterPair) return false
  const previous = tokens[first - 1]?.norm
  const next = tokens[last + 1]?.norm
  const opensSentence = first === 0 || /[.!?:]\s*$/.test(before)
  if (!opensSentence && first === last && CAPITALISED_MID_SENTENCE.has(tokens[first]?.raw ?? "")) {
    if (!VERB_FOLLOWERS.has(next ?? "") && !/^(?:ahead|above|back|through|live|the|for)$/.test(next ?? "")) return true
  }
  return (previous !== undefined && CUE_BEFORE.has(previous)) || (next !== undefined && CUE_AFTER.has(next))
}

/** A capitalised term such as "Excel" or "React" opening a sentence as a verb ("Excel at ...") is not a skill. */
export const looksLikeVerb = (sentence: Sentence, first: number, last: number): boolean =>
  first === 0 && VERB_FOLLOWERS.has(sentence.tokens[last + 1]?.norm ?? "")
