import type { Posting } from "@jobfit/core"
import { withoutAside } from "../extract/HeaderLines.js"
import { MUST_LABEL } from "../extract/Sections.js"
import { findMentions } from "./Matcher.js"
import { cleanLine, makeSentence, type Sentence, splitLines, splitSentences } from "./Sentence.js"
import type { Taxonomy } from "./Taxonomy.js"

/** How a part of a posting weighs the skills it names. */
export type Mode = "required" | "preferred" | "implicit" | "skip"

/** `intro`: description text before its first heading, which usually describes the company. */
export type SegmentSource = "title" | "requirements" | "nice_to_have" | "responsibilities" | "intro" | "description"

/** A sentence of a posting, where it came from, and the mode its heading or section gives it. */
export interface Segment {
  readonly sentence: Sentence
  readonly mode: Mode
  readonly source: SegmentSource
  /** The line stands under a "Must-haves" heading: marked must-have, as "Must have: Kafka" marks its own. */
  readonly must: boolean
}

const PREFERRED_HEADING =
  /\b(?:nice[- ]to[- ]haves?|preferred|bonus|pluses|plus points|desirable|desired|good to have|great to have|extra credit|even better|ideally|optional|would be a plus|not required|helpful|what helps)\b/i
const SKIP_HEADING =
  /\b(?:benefits|perks|what we offer|we offer|compensation|salary|pay and|why join|why work|why us|equal opportunity|eeo|how to apply|our values|diversity|total rewards|rewards|our culture|culture and|life at|working at|what's in it for you|accommodations?|privacy)\b/i
const REQUIRED_HEADING =
  /\b(?:requirements?|required|qualifications?|must[- ]haves?|what you(?:'ll| will)? (?:need|bring)|what we(?:'re| are) looking for|who you are|about you|you have|you bring|skills|essential|minimum|key skills|competencies|you should have|experience|who can apply|eligibility)\b/i

// Headings of the company description: the intro goes on after them.
const ABOUT_HEADING =
  /^(?:about(?: us| the company| [\p{Lu}][\w&.' -]*)?|who we are|overview|company overview|the company|our company|our mission|mission)$/iu
// Headings of the job itself.
const JOB_HEADING =
  /\b(?:about the role|the role|your role|role overview|responsibilities|duties|tasks|what you(?:'ll| will) do|you will|you'll|day to day|your impact|position|job description|description|summary|details|schedule|hours|location|your profile|(?:our |the |tech(?:nology)? )stack|technologies we use|tools we use)\b/i

const STANDALONE_HEADING =
  /^(?:(?:minimum|basic|preferred|required|key|desired|additional|bonus|technical|essential|desirable|your)\s+)?(?:requirements|qualifications|skills|skills and experience|experience|nice[- ]to[- ]haves?|must[- ]haves?|what you(?:'ll| will)? (?:need|bring)|what we(?:'re| are) looking for|who you are|about you|you have|you bring|benefits|perks|what we offer|bonus points|pluses|criteria)$/i

// A board's facts about the employer ("Industry:", "Company size:"): what the company is, not what it asks.
const EMPLOYER_FACT = /^(?:industry|industries|sector|company (?:size|type|industry))$/i
// Headings of the employer's own description on boards' layouts: the intro again.
const COMPANY_HEADING =
  /^(?:company (?:description|profile|overview|info(?:rmation)?)|about the employer|employer description)$/i

const modeOfHeading = (heading: string): Mode => {
  if (PREFERRED_HEADING.test(heading)) return "preferred"
  if (SKIP_HEADING.test(heading) || EMPLOYER_FACT.test(heading.trim())) return "skip"
  if (REQUIRED_HEADING.test(heading)) return "required"
  return "implicit"
}

// Sentences every employer appends (equal opportunity, accommodation, privacy, agencies): never an ask.
const BOILERPLATE =
  /\b(?:equal (?:employment )?opportunity|reasonable accommodations?|regardless of (?:race|age|sex|gender|religion)|without regard to|protected (?:veteran|characteristics?|class|status)|e-verify|privacy (?:policy|notice)|recruitment agenc(?:y|ies)|unsolicited (?:resumes|cv)|benefits include|we offer (?:a )?(?:competitive|generous)|retirement benefits|medical insurance for)\b/i

/** Whether a character is JavaScript's `\s`. */
export const isSpace = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 ||
  c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff

/** `text.split(/\s+/).filter((w) => w !== "").length`, without the arrays. */
const wordCount = (text: string): number => {
  let count = 0
  let inWord = false
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i))
    if (!space && !inWord) count++
    inWord = !space
  }
  return count
}

const BULLETED = /^\s*(?:[-*•·▪◦●○■□➢➤►✓✔–—>]+|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+/

/**
 * A heading line: a short label before ":" ("Nice to have: Go"), or a short unbulleted line that names a known
 * heading ("Requirements", "Preferred", "About the role") and no skill.
 */
const headingOf = (
  raw: string,
  taxonomy: Taxonomy
): { readonly heading: string; readonly rest: string } | undefined => {
  const line = raw.replace(BULLETED, "").trim()
  const colon = line.indexOf(":")
  if (colon > 60 || (colon < 0 && line.length > 60)) return undefined
  if (colon > 0 && wordCount(line.slice(0, colon)) <= 6) {
    const heading = line.slice(0, colon)
    if (modeOfHeading(heading) !== "implicit" || colon === line.length - 1 || JOB_HEADING.test(heading)) {
      return { heading, rest: line.slice(colon + 1).trim() }
    }
  }
  // "BENEFITS SUMMARY (full-time, 36 hrs/wk)": a heading's aside in parentheses says nothing of what it opens.
  const bare = withoutAside(line.replace(/^#+\s*/, ""))
  if (BULLETED.test(raw) || wordCount(bare) > 6 || /[.!?,;\d]/.test(bare)) return undefined
  if (STANDALONE_HEADING.test(bare) || ABOUT_HEADING.test(bare)) return { heading: bare, rest: "" }
  // "Hours", "Work schedule", "About the role": a job heading's words lead the line or are most of it; "Flexible
  // working hours" in a benefits list is an item.
  const job = JOB_HEADING.exec(bare)
  if (job !== null && wordCount(bare) <= 4 && (job.index === 0 || wordCount(bare) <= 2)) {
    return { heading: bare, rest: "" }
  }
  const named = modeOfHeading(bare) !== "implicit" && wordCount(bare) <= 4
  return named && findMentions(makeSentence(bare), taxonomy).length === 0 ? { heading: bare, rest: "" } : undefined
}

// Whitespace other than a single space: most lines have none, and need no replace.
const ODD_SPACE = /[^\S ]| {2}/
/** A line as the sections and the description are compared: lower-cased, each run of whitespace one space. */
const same = (text: string): string => {
  const lower = text.toLowerCase()
  return (ODD_SPACE.test(lower) ? lower.replace(/\s+/g, " ") : lower).trim()
}

/** Appends the sentences of each line to `out`. */
const segmentsOfLines = (
  out: Array<Segment>,
  lines: ReadonlyArray<string>,
  mode: Mode,
  source: SegmentSource,
  must = false
): void => {
  for (const line of lines) {
    for (const text of splitSentences(line)) {
      out.push({ sentence: makeSentence(text), mode: BOILERPLATE.test(text) ? "skip" : mode, source, must })
    }
  }
}

// "… Flexible hours Gym Job benefits: Health insurance … Company description: HISTORY: …": a pasted page whose line
// breaks were lost runs the benefits' and the employer's own headings into the line before them.
const INLINE_HEADING =
  /\s(?=(?:Job benefits|Benefits|Perks|What we offer|Company description|Company profile|About us|About the company)\s*:\s)/

/** A line split where a benefits or company heading starts inside it. */
const atInlineHeadings = (line: string): ReadonlyArray<string> =>
  line.includes(":") && INLINE_HEADING.test(line) ? line.split(INLINE_HEADING) : [line]

const CARRIAGE_RETURN = 13

/** `text.split(/\r?\n|\u2028/).filter((l) => l.trim() !== "")`, by `indexOf` instead of a regex split. */
const rawLines = (text: string): ReadonlyArray<string> => {
  if (text.includes("\u2028")) return text.split(/\r?\n|\u2028/).filter((l) => l.trim() !== "")
  const lines: Array<string> = []
  const keep = (line: string) => {
    if (line.trim() !== "") lines.push(line)
  }
  let start = 0
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", start)) {
    keep(text.slice(start, at > start && text.charCodeAt(at - 1) === CARRIAGE_RETURN ? at - 1 : at))
    start = at + 1
  }
  keep(text.slice(start))
  return lines
}

/** Every sentence of a posting with its mode: title, the extracted sections, then the description's own headings. */
export const postingSegments = (posting: Posting.Posting, taxonomy: Taxonomy): ReadonlyArray<Segment> => {
  const sections = posting.sections
  const segments: Array<Segment> = []
  segmentsOfLines(segments, [posting.title], "required", "title")
  const seen = new Set<string>()
  // Where each section line's sentences are, to mark those the description puts under a "Must-haves" heading.
  const sectionLines: Array<readonly [key: string, from: number, to: number]> = []
  if (sections !== undefined) {
    const add = (lines: ReadonlyArray<string>, mode: Mode, source: SegmentSource) => {
      // A section's line that runs into a benefits or company heading keeps only what comes before it: the rest is
      // read under its own heading, with the description.
      for (const line of lines.flatMap(splitLines).map((l) => atInlineHeadings(l)[0]!)) {
        const key = same(line)
        seen.add(key)
        const from = segments.length
        segmentsOfLines(segments, [line], mode, source)
        sectionLines.push([key, from, segments.length])
      }
    }
    add(sections.requirements, "required", "requirements")
    add(sections.nice_to_have, "preferred", "nice_to_have")
    add(sections.responsibilities, "implicit", "responsibilities")
  }
  let mode: Mode = "implicit"
  // The intro (usually about the company) lasts until a job heading or a line speaking to the reader.
  let source: SegmentSource = "intro"
  // Under a "Must-haves" heading every line is marked must-have, as "Must have: Kafka" marks its own.
  let must = false
  const mustLines = new Set<string>()
  // The last line was short and bare, as a heading of our own words is ("What a shift looks like").
  let headingLike = false
  for (const raw of rawLines(posting.description).flatMap(atInlineHeadings)) {
    const heading = headingOf(raw, taxonomy)
    const bulleted = BULLETED.test(raw)
    // A list under such a heading is the job's, not the company's: the intro ends.
    if (source === "intro" && bulleted && headingLike) source = "description"
    headingLike = heading === undefined && !bulleted && wordCount(raw) <= 6 && !/[.!?,;:]/.test(raw)
    if (heading !== undefined) {
      must = heading.rest === "" && MUST_LABEL.test(heading.heading)
      const headingMode = modeOfHeading(heading.heading)
      // An "About <Company>" heading further down opens another description of the company.
      source = COMPANY_HEADING.test(heading.heading.trim()) ||
          (ABOUT_HEADING.test(heading.heading) && !JOB_HEADING.test(heading.heading))
        ? "intro"
        : "description"
      if (heading.rest === "") {
        mode = headingMode
        continue
      }
      if (seen.size === 0 || !seen.has(same(heading.rest))) {
        // "Must have: ADP administration" keeps its label: the line is a must-have gate, not only a requirement.
        const line = MUST_LABEL.test(heading.heading) ? `${heading.heading}: ${heading.rest}` : heading.rest
        segmentsOfLines(segments, [line], headingMode, source)
      }
      continue
    }
    if (source === "intro" && /\b(?:you|your|you'll|you're)\b/i.test(raw)) source = "description"
    const line = cleanLine(raw)
    if (line === "") continue
    const key = seen.size === 0 ? "" : same(line)
    if (seen.size === 0 || !seen.has(key)) segmentsOfLines(segments, [line], mode, source, must)
    else if (must) mustLines.add(key)
  }
  for (const [key, from, to] of sectionLines) {
    if (!mustLines.has(key)) continue
    for (let i = from; i < to; i++) segments[i] = { ...segments[i]!, must: true }
  }
  return segments
}
