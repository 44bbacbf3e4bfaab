import { containsAny } from "../Literals.js"
import { excluded } from "../score/Gates.js"
import { CURRENCY_CODES } from "../score/Salary.js"
import { importanceCue } from "./Cues.js"
import { isArea, showsArea } from "./Implied.js"
import { findMentions, type Mention } from "./Matcher.js"
import { polarityOf } from "./Negation.js"
import { isNationality, namesOwnProcess } from "./NotAsked.js"
import type { Segment } from "./PostingSegments.js"
import type { Sentence } from "./Sentence.js"
import type { Skill, Taxonomy } from "./Taxonomy.js"

export type Importance = "required" | "preferred"

/** A skill a posting asks for: how much it matters and the sentence that says so. */
export interface PostingSkill {
  readonly skill: Skill
  readonly importance: Importance
  /** Said outright (a section, or words such as "required" or "a plus"), not just mentioned. */
  readonly explicit: boolean
  readonly quote: string
  /** Skills the posting accepts instead of this one ("Go or Rust"); empty when there are none. */
  readonly alternatives: ReadonlyArray<string>
}

const QUOTE_MAX = 200

/** The sentence, shortened around the skill when it is long. */
export const quoteOf = (sentence: Sentence, first: number, last: number): string => {
  const text = sentence.text
  if (text.length <= QUOTE_MAX) return text
  const start = sentence.tokens[first]?.start ?? 0
  const end = sentence.tokens[last]?.end ?? start
  const from = Math.max(0, Math.min(start - 80, end + 80 - QUOTE_MAX))
  const to = Math.min(text.length, from + QUOTE_MAX)
  return `${from > 0 ? "…" : ""}${text.slice(from, to).trim()}${to < text.length ? "…" : ""}`
}

// Said outright beats mentioned; required beats preferred.
// "ED experience is a plus but not required": said outright not to be needed, over the title that names it.
const WAIVED = /\bnot (?:required|essential|a must)\b/i

const rank = (s: PostingSkill): number =>
  (s.explicit ? 2 : 0) + (s.importance === "required" ? 1 : WAIVED.test(s.quote) ? 4 : 0)

// The words between two skills of a list: "Go or Rust", "an RN license, a CNA certification or a BSN".
const NOUN = String
  .raw`(?:\s+(?:certifications?|certificates?|licen[cs]es?|degrees?|experience|skills?|knowledge|endorsements?))?`
const OR_LIST = new RegExp(String.raw`^${NOUN}\s*(?:,\s*)?(?:or|and\/or)\s+(?:an?\s+|the\s+)?$`, "i")
const AND_LIST = new RegExp(String.raw`^${NOUN}\s*(?:,\s*)?and\s+(?:an?\s+|the\s+)?$`, "i")
// "NetSuite would be ideal but SAP is fine too": the first is hoped for, the second will do.
const IDEAL_BUT =
  /^\s*(?:would be|is)\s+(?:ideal|preferred|best|great)\s*[,;]?\s*(?:but|though|although|yet)\s+(?:an?\s+|the\s+)?$/i
const COMMA = new RegExp(String.raw`^${NOUN}\s*,\s*(?:an?\s+|the\s+)?$`, "i")

/** The text between mention i and the next one, undefined after the last. */
const gapAfter = (sentence: Sentence, mentions: ReadonlyArray<Mention>, i: number): string | undefined => {
  const current = mentions[i]
  const next = mentions[i + 1]
  return current === undefined || next === undefined
    ? undefined
    : sentence.text.slice(sentence.tokens[current.last]?.end ?? 0, sentence.tokens[next.first]?.start ?? 0)
}

const NO_ALTERNATIVES: ReadonlyArray<string> = []

/** For each mention, the other skills of its "X, Y or Z" list: any one of them will do. */
const alternativesOf = (sentence: Sentence, mentions: ReadonlyArray<Mention>): ReadonlyArray<ReadonlyArray<string>> => {
  // Most mentions have none: one shared empty list, and no closure per sentence (this runs on every sentence).
  const result: Array<ReadonlyArray<string>> = new Array<ReadonlyArray<string>>(mentions.length).fill(NO_ALTERNATIVES)
  let start = 0
  let hasOr = false
  let hasAnd = false
  for (let i = 0; i < mentions.length; i++) {
    const gap = gapAfter(sentence, mentions, i)
    if (gap !== undefined && (OR_LIST.test(gap) || IDEAL_BUT.test(gap))) hasOr = true
    else if (gap !== undefined && AND_LIST.test(gap)) hasAnd = true
    else if (gap === undefined || !COMMA.test(gap) || hasOr) {
      // The list [start, i] ends here.
      if (i > start && hasOr && !hasAnd) {
        const names = [...new Set(mentions.slice(start, i + 1).map((m) => m.skill.name))]
        for (let k = start; k <= i; k++) result[k] = names.filter((n) => n !== mentions[k]?.skill.name)
      }
      start = i + 1
      hasOr = false
      hasAnd = false
    }
  }
  return result
}

// "AWS (S3, Lambda)", "Excel (pivot tables and lookups)": the parentheses name parts of the skill before them, which
// with it make one ask that the skill itself meets.
const OPEN_PAREN = /^\s*\(\s*$/
const IN_PARENS = /^\s*(?:,|and|or|&|\/)?\s*(?:and\s+|or\s+)?$/i
const withExamples = (
  sentence: Sentence,
  mentions: ReadonlyArray<Mention>,
  alternatives: ReadonlyArray<ReadonlyArray<string>>
): ReadonlyArray<ReadonlyArray<string>> => {
  let result = alternatives
  for (let head = 0; head < mentions.length - 1; head++) {
    if (!OPEN_PAREN.test(gapAfter(sentence, mentions, head) ?? "")) continue
    let last = head + 1
    while (last + 1 < mentions.length && IN_PARENS.test(gapAfter(sentence, mentions, last) ?? "")) last++
    const after = sentence.text.slice(sentence.tokens[mentions[last]!.last]?.end ?? 0)
    if (!/^\s*\)/.test(after)) continue
    const names = [...new Set(mentions.slice(head, last + 1).map((m) => m.skill.name))]
    result = result.map((own, i) =>
      i < head || i > last ? own : [...new Set([...own, ...names.filter((n) => n !== mentions[i]!.skill.name)])]
    )
    head = last
  }
  return result
}

// "Strong on one side of the stack: back end (Go, PostgreSQL) or front end (React)", "one of the following":
// every skill the sentence names will do in place of the others.
const EITHER =
  /\b(?:either|one of(?: the following)?|or similar(?=\s*[).,;]|\s*$)|one side of|any (?:one )?of(?: the following)?|at least one of|or (?:a |an |any )?(?:similar|comparable|equivalent) (?:platform|tool|system|software|esp|crm|framework|product|solution)s?|or (?:another|any other) (?:\w+ )?(?:erp|platform|tool|system|crm|esp|framework|ats))\b/i

const allAlternatives = (mentions: ReadonlyArray<Mention>): ReadonlyArray<ReadonlyArray<string>> => {
  const names = [...new Set(mentions.map((m) => m.skill.name))]
  return mentions.map((m) => names.filter((n) => n !== m.skill.name))
}

// "sells payroll software", "an e-commerce brand", "a fintech company": the skill names what the business is, not
// what the job asks of a person.
const DOMAIN_NOUNS = new Set([
  "software",
  "brand",
  "brands",
  "company",
  "companies",
  "startup",
  "startups",
  "industry",
  "sector",
  "marketplace",
  "provider",
  "providers",
  "firm",
  "agency",
  "platform",
  "products",
  "clinics",
  "hospitals",
  // "the cheap Android phones our shoppers use": the device, not the work on it.
  "phone",
  "phones",
  "device",
  "devices",
  "tablet",
  "tablets",
  "handsets",
  "smartphones"
])
const namesADomain = (sentence: Sentence, last: number): boolean =>
  DOMAIN_NOUNS.has(sentence.tokens[last + 1]?.norm ?? "") &&
  !/\b(?:experience|knowledge|familiarity|proficien\w*|skills?|expertise|background) (?:with|in|of)\b/i.test(
    sentence.text
  )

// "Design and build services for payouts and reconciliation": what the software built is for, not a skill asked.
const BUILT_FOR =
  /\b(?:build|builds|building|design|designing|develop|developing|write|writing|create|creating)\b[^.;:]{0,40}?\b(?:services?|software|tools?|systems?|apis?|features?|apps?|applications?|products?|platforms?)\s+for\s+(?:[\w-]+(?:,?\s+and\s+|,\s*|\s+))?$/i
const namesWhatIsBuilt = (sentence: Sentence, first: number): boolean =>
  BUILT_FOR.test(sentence.text.slice(0, sentence.tokens[first]?.start ?? 0))

// "You have written about finance or accounting before": a subject written about, not a skill asked.
const WRITTEN_ABOUT =
  /\b(?:writ\w*|wrote|blogg?\w*|report\w*|publish\w*)\s+about\s+(?:[\w-]+(?:,\s*|\s+or\s+|\s+and\s+))?$/i
const namesASubject = (sentence: Sentence, first: number): boolean =>
  WRITTEN_ABOUT.test(sentence.text.slice(0, sentence.tokens[first]?.start ?? 0))

// "Bachelor's degree in Accounting or Finance": the subject of a degree is the degree gate, not a skill asked.
const DEGREE_IN =
  /\b(?:degrees?|bachelor'?s?|master'?s?|diploma|associate'?s?|b\.?sc?|m\.?sc?|b\.?a|m\.?a|mba|phd)\b[^.;:]{0,20}?\b(?:in|of)\s+(?:[\w&'-]+(?:\s*,\s*|\s+or\s+|\s+and\s+|\s+))*$/i
const NOT_A_SUBJECT = /\b(?:experience|years?|with|using|knowledge|plus|including|skills|proven|strong)\b/i
const inDegreeSubject = (sentence: Sentence, first: number): boolean => {
  const before = sentence.text.slice(0, sentence.tokens[first]?.start ?? 0)
  const match = DEGREE_IN.exec(before)
  return match !== null && !NOT_A_SUBJECT.test(match[0].replace(/^.*?\b(?:in|of)\s+/i, ""))
}

// "3+ years of accounting experience" in an accountant's posting: the occupation itself, which the years ask
// measures; a skill only when the posting names it otherwise.
const YEARS_OF = /\byears?(?:'|\s+of|\s+in)?\s+(?:[\w-]+\s+){0,2}$/i
const stemOf = (word: string) => word.toLowerCase().slice(0, 5)
// Whole fields of work ("4+ years in digital marketing", "2 years of public accounting"): what years are spent in,
// whatever the title, never a skill that a years ask names.
const YEARS_BEFORE = /\b(?:years?|yrs?)\b[^.;:]{0,50}$/i
const YEARS_ASK = /\b\d{1,2}\+?\s*(?:years?|yrs?)\b/i
// "2+ years in FP&A, accounting or financial analysis" in a financial analyst's posting: the kinds of finance work
// the years may be spent in.
const FINANCE_TITLE = /financ|fp&a|planning/i
const INFRASTRUCTURE_TITLE = /devops|platform|reliability|\bsre\b|infrastructure|cloud/i
const MARKETING_TITLE = /market|growth|seo|content|brand|social|acquisition|email|ppc|paid|campaign/i
// Each field with the title words of jobs in it: "3+ years of accounting experience" measures a bookkeeper's field,
// but asks an office manager for accounting.
const FIELDS_OF_WORK: ReadonlyMap<string, RegExp> = new Map([
  ["Accounting", /account|bookkeep|controller|audit|tax|payroll|financ|fp&a|\bap\b|\bar\b|billing/i],
  ["Digital marketing", MARKETING_TITLE],
  ["Growth marketing", MARKETING_TITLE],
  ["Performance marketing", MARKETING_TITLE],
  ["Pay-per-click advertising", MARKETING_TITLE],
  ["Demand generation", MARKETING_TITLE],
  ["Data science", /data|scien|machine learning|\bml\b|\bai\b/i],
  ["Data engineering", /data|pipeline|etl|analytics/i],
  ["Logistics", /logist|dispatch|warehouse|supply|freight|transport|shipping|fleet/i],
  ["DevOps", INFRASTRUCTURE_TITLE],
  ["Site reliability engineering", INFRASTRUCTURE_TITLE],
  ["Account management", /account|customer success|client/i],
  ["FP&A", FINANCE_TITLE],
  ["Financial analysis", FINANCE_TITLE]
])
// The field a whole job is in ("Accounting" in an accountant's posting, "Digital marketing" in a digital marketer's):
// what every line of it is about, never one ask among others ("document the accounting for non-standard terms"). The
// title that names it still does.
const FIELD_ITSELF: ReadonlySet<string> = new Set(["Accounting", "Digital marketing", "Growth marketing", "Logistics"])
const isTheField = (skill: string, title: string): boolean =>
  FIELD_ITSELF.has(skill) && FIELDS_OF_WORK.get(skill)?.test(title) === true

const namesTheOccupation = (
  sentence: Sentence,
  first: number,
  last: number,
  titleStems: ReadonlySet<string>,
  skill: string,
  title: string
) => {
  if (FIELDS_OF_WORK.get(skill)?.test(title) === true) {
    // Anywhere in the sentence of a years ask: "4+ years of accounting experience, two of them in public accounting
    // (audit, tax or client accounting services)".
    return YEARS_BEFORE.test(sentence.text.slice(0, sentence.tokens[first]?.start ?? 0)) ||
      YEARS_ASK.test(sentence.text)
  }
  // Every word of the skill is one of the title's ("commercial electrical" in "Commercial Electrician").
  for (let i = first; i <= last; i++) {
    const word = sentence.tokens[i]?.norm ?? ""
    if (word.length < 5 || !titleStems.has(stemOf(word))) return false
  }
  const next = sentence.tokens[last + 1]?.norm
  const before = sentence.text.slice(0, sentence.tokens[first]?.start ?? 0)
  // "5 years of accounting experience", "4+ years of accounting, ideally at a software company", "years of public
  // accounting with a focus on tax": what the years are of. At the end of a line ("3+ years of bookkeeping") the
  // occupation is also the skill asked.
  const after = sentence.text.slice(sentence.tokens[last]?.end ?? 0).trimStart()
  return (OCCUPATION_AFTER.has(next ?? "") || after.startsWith(",")) && YEARS_OF.test(before)
}
const OCCUPATION_AFTER: ReadonlySet<string> = new Set([
  "experience",
  "work",
  "with",
  "including",
  "ideally",
  "preferably",
  "at",
  "in",
  "for",
  "within"
])
// "5+ years in SRE, DevOps or backend roles": kinds of role the years may be spent in, not skills asked.
const YEARS_IN_ROLES_BEFORE = /\byears?\b[^.;:]{0,12}\b(?:in|as|of)\b[^.;:]{0,40}$/i
const YEARS_IN_ROLES_AFTER =
  /^(?:,\s*|or\s+|and\s+)?(?:[\w/&-]+(?:,\s*|\s+or\s+|\s+and\s+|\s+)){0,5}?(?:roles?|positions?|jobs?)\b/i
const namesARole = (sentence: Sentence, first: number, last: number): boolean => {
  const before = sentence.text.slice(0, sentence.tokens[first]?.start ?? 0)
  const after = sentence.text.slice(sentence.tokens[last]?.end ?? 0).trimStart()
  return YEARS_IN_ROLES_BEFORE.test(before) && YEARS_IN_ROLES_AFTER.test(after)
}
const titleStemsOf = (title: string): ReadonlySet<string> =>
  new Set(title.split(/[^\p{L}]+/u).filter((w) => w.length >= 5).map(stemOf))

// "Work closely with Product, Data Science and Legal teams", "partner with QA specialists": the names of other
// teams, not what this job asks.
const WITH_TEAMS =
  /\b(?:collaborat\w*|partner\w*|work\w*|engag\w*|liais\w*|interfac\w*|coordinat\w*|cross[- ]functional\w*|alongside)\b[^.;:]*$/i
// Each word is taken whole ((?=(...))\1 is an atomic group): a word split into pieces both read "Datateams" as a
// team and cost exponential backtracking when no team word followed (6% of the analyzer's time in a profile).
const TEAM_AFTER =
  /^(?:\s*(?:,|&|\/|and|or)?\s*(?=([\p{L}-]+))\1){0,6}?\s*(?:teams?|departments?|functions|specialists|stakeholders|org(?:anisation|anization)?s?)\b/iu
// "Coordinate with physical therapy and case management", "partner with FP&A on bookings": right after these verbs,
// a discipline's name is the people who practise it. ("Work with React" is a skill: "work" is not among them.)
const WITH_PEOPLE =
  /\b(?:(?:collaborat\w*|partner\w*|coordinat\w*|liais\w*|round(?:s|ing)?)\s+(?:closely\s+|daily\s+)?|work(?:s|ing)?\s+closely\s+)with\s+(?:our\s+|the\s+|your\s+)?(?:(?!(?:using|in|on|to|for|via|through|by|from|across|about|who|that)\b)[\p{L}&/-]+(?:\s*,\s*|\s+and\s+|\s+)){0,5}$/iu
const PEOPLE_VERBS = ["collaborat", "partner", "coordinat", "liais", "round", "closely with"]
// "Our international recruitment team will support you", "with the physiotherapy team": the employer's own team,
// named by its discipline.
const OUR_BEFORE = /\b(?:our|the|their)\s+(?:[\p{L}-]+\s+)?$/iu
const namesATeam = (sentence: Sentence, first: number, last: number, peopleVerbs: boolean): boolean => {
  const start = sentence.tokens[first]?.start ?? 0
  const end = sentence.tokens[last]?.end ?? start
  const before = sentence.text.slice(0, start)
  return (WITH_TEAMS.test(before) && TEAM_AFTER.test(sentence.text.slice(end, end + 80))) ||
    (peopleVerbs && WITH_PEOPLE.test(before.slice(-80))) ||
    (/^\s+teams?\b/i.test(sentence.text.slice(end, end + 8)) && OUR_BEFORE.test(before.slice(-40)))
}

// "Prepare payroll tax reports with our outside CPA", "our RNs": a credential's holder, a person the job works with.
const HOLDERS: ReadonlySet<string> = new Set([
  "Certified Public Accountant",
  "Registered Nurse",
  "Licensed Practical Nurse",
  "Certified Nursing Assistant",
  "Nurse Practitioner"
])
const OUR = /\b(?:our|their)\s+(?:(?:outside|external|in-house|staff|own)\s+)?$/i
const namesAHolder = (sentence: Sentence, first: number, skill: string): boolean =>
  HOLDERS.has(skill) &&
  OUR.test(
    sentence.text.slice(Math.max(0, (sentence.tokens[first]?.start ?? 0) - 30), sentence.tokens[first]?.start ?? 0)
  )

// "Manage a freelance designer and a copywriter": a person the job works with or leads, not the one it asks for.
const PERSON_TERMS: ReadonlySet<string> = new Set(["copywriter", "copywriters"])
const LEADS_PEOPLE =
  /\b(?:manag\w*|supervis\w*|lead|leads|leading|hir\w*|brief\w*|direct\w*|(?:work\w*|partner\w*) (?:closely )?with)\b[^.;:]{0,40}$/i
const namesAColleague = (sentence: Sentence, first: number, last: number): boolean => {
  const start = sentence.tokens[first]?.start ?? 0
  return PERSON_TERMS.has(sentence.lower.slice(start, sentence.tokens[last]?.end ?? start)) &&
    LEADS_PEOPLE.test(sentence.text.slice(0, start))
}

// "report to the Accounting Manager", "our Marketing Director": a person's job title, not a skill asked of this one.
const POSTS: ReadonlySet<string> = new Set([
  "manager",
  "managers",
  "director",
  "directors",
  "supervisor",
  "supervisors",
  "lead",
  "leads",
  "head",
  "heads",
  "vp",
  "officer",
  "officers",
  "controller",
  "controllers"
])
const OWNERS: ReadonlySet<string> = new Set(["the", "our", "your", "their"])
const namesAPost = (sentence: Sentence, first: number, last: number): boolean =>
  POSTS.has(sentence.tokens[last + 1]?.norm ?? "") && OWNERS.has(sentence.tokens[first - 1]?.norm ?? "")

// "CAD 65,000": a currency code before an amount is money, not the skill it spells (Computer-aided design).
const isMoney = (sentence: Sentence, last: number): boolean => {
  const token = sentence.tokens[last]
  if (token === undefined || !CURRENCY_CODES.has(token.norm)) return false
  return /^\s*[\d$€£]/.test(sentence.text.slice(token.end, token.end + 4))
}

const LEGAL_SUFFIX = /[\s,]+(?:inc|llc|ltd|llp|gmbh|ag|plc|corp|co|group|s\.a|b\.v)\.?$/i

type Spans = ReadonlyArray<readonly [number, number]>
const NO_SPANS: Spans = []

/**
 * Character ranges where a sentence names the company ("Quanta Robotics builds ..."): not a skill there. The
 * company's names are worked out once per posting.
 */
const companySpans = (company: string): (sentence: Sentence) => Spans => {
  const first = company.trim().split(/\s/)[0] ?? ""
  if (first.length < 3) return () => NO_SPANS
  const firstLower = first.toLowerCase()
  const names = [...new Set([company.trim(), company.trim().replace(LEGAL_SUFFIX, "")])].filter((n) => n.length > 2)
  const lowerNames = names.map((name): readonly [string, number] => [name.toLowerCase(), name.length])
  return (sentence) => {
    const lower = sentence.lower
    if (!lower.includes(firstLower)) return NO_SPANS
    return lowerNames.flatMap(([name, length]) => {
      const spans: Array<readonly [number, number]> = []
      for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) spans.push([at, at + length])
      return spans
    })
  }
}

/**
 * The skills of a posting in order of first appearance, each with its importance and evidence. Skills inside the
 * company's name never count, nor, when the posting states its requirements, skills named only in the intro.
 */
export const postingSkills = (
  segments: ReadonlyArray<Segment>,
  taxonomy: Taxonomy,
  company: string,
  title = ""
): ReadonlyArray<PostingSkill> => {
  const titleStems = titleStemsOf(title)
  const best = new Map<string, PostingSkill>()
  const statesRequirements = segments.some((s) =>
    s.source !== "title" && s.source !== "intro" && (s.mode === "required" || s.mode === "preferred")
  )
  const spansIn = companySpans(company)
  for (const segment of segments) {
    if (segment.mode === "skip" || (segment.source === "intro" && statesRequirements)) continue
    const mentions = findMentions(segment.sentence, taxonomy)
    if (mentions.length === 0) continue
    const spans = spansIn(segment.sentence)
    const alternatives = EITHER.test(segment.sentence.text)
      ? allAlternatives(mentions)
      : withExamples(segment.sentence, mentions, alternativesOf(segment.sentence, mentions))
    // "Applicants without ICU experience will not be considered": what follows "without" is required, not negated.
    const exclusion = excluded(segment.sentence) !== undefined
    // Looked for once per sentence, not once per skill in it.
    const peopleVerbs = containsAny(segment.sentence.lower, PEOPLE_VERBS)
    const builtFor = /\sfor\s/.test(segment.sentence.lower)
    const writtenAbout = /\sabout\s/.test(segment.sentence.lower)
    // The occupation's and the role's readings both need "years" (or "yrs") said: most sentences say neither.
    const yearsSaid = segment.sentence.lower.includes("year") || segment.sentence.lower.includes("yr")
    for (const [index, mention] of mentions.entries()) {
      // "Monitoring with Prometheus and Grafana": the area is what its concrete skills beside it are for, no ask of
      // its own.
      if (isArea(mention.skill.name) && mentions.some((m) => showsArea(mention.skill.name, m.skill))) continue
      const start = segment.sentence.tokens[mention.first]?.start ?? 0
      if (spans.some(([from, to]) => start >= from && start < to)) continue
      if (
        namesADomain(segment.sentence, mention.last) ||
        (builtFor && namesWhatIsBuilt(segment.sentence, mention.first)) ||
        (writtenAbout && namesASubject(segment.sentence, mention.first))
      ) continue
      if (segment.source !== "title" && inDegreeSubject(segment.sentence, mention.first)) continue
      if (segment.source !== "title" && isTheField(mention.skill.name, title)) continue
      if (
        yearsSaid &&
        namesTheOccupation(segment.sentence, mention.first, mention.last, titleStems, mention.skill.name, title)
      ) continue
      if (yearsSaid && namesARole(segment.sentence, mention.first, mention.last)) continue
      if (namesATeam(segment.sentence, mention.first, mention.last, peopleVerbs)) continue
      if (namesAHolder(segment.sentence, mention.first, mention.skill.name)) continue
      if (namesAColleague(segment.sentence, mention.first, mention.last)) continue
      if (segment.source !== "title" && namesAPost(segment.sentence, mention.first, mention.last)) continue
      if (isMoney(segment.sentence, mention.last)) continue
      if (namesOwnProcess(segment.sentence, mention.first, mention.last)) continue
      if (isNationality(segment.sentence, mention.last, mention.skill.category)) continue
      const polarity = exclusion ? "asked" : polarityOf(segment.sentence, mention.first, mention.last)
      if (polarity === "not-needed") continue
      const cue = importanceCue(segment.sentence, mention.first, mention.last)
      const importance: Importance = exclusion
        ? "required"
        : polarity === "optional" || segment.mode === "preferred"
        ? "preferred"
        : cue ?? "required"
      const explicit = polarity === "optional" || cue !== undefined || segment.mode !== "implicit"
      const found: PostingSkill = {
        skill: mention.skill,
        importance,
        explicit,
        quote: quoteOf(segment.sentence, mention.first, mention.last),
        alternatives: alternatives[index] ?? NO_ALTERNATIVES
      }
      const key = mention.skill.name
      const previous = best.get(key)
      if (previous === undefined || rank(found) > rank(previous)) best.set(key, found)
    }
  }
  return [...best.values()]
}
