import type { Posting } from "@jobfit/core"
import { isWithin, samePlace } from "../extract/Place.js"
import { containsAny } from "../Literals.js"
import { hasPreferredCue } from "../skills/Cues.js"
import { findMentions } from "../skills/Matcher.js"
import type { Segment } from "../skills/PostingSegments.js"
import type { PostingSkill } from "../skills/PostingSkills.js"
import { makeSentence, type Sentence } from "../skills/Sentence.js"
import type { Taxonomy } from "../skills/Taxonomy.js"
import {
  credentialGates,
  kindOfCredential,
  licenceLineGate,
  namedCredentialGate,
  REGISTRATION_WORDS,
  regulatorGate,
  stateLicenceGate
} from "./Credentials.js"
import { GENERIC, SOFT, wordIn } from "./GateText.js"
import { degreeLevelOf, type ProfileFacts } from "./ProfileFacts.js"
import { mostYears, NUMBER_WORDS, type YearsAsked } from "./YearsAsked.js"

/**
 * A hard requirement: something a candidate cannot learn on the job. A missing gate caps the verdict instead of
 * costing points (see docs/scoring.md).
 */
export type GateKind =
  | "licence"
  | "certification"
  | "degree"
  | "clearance"
  | "years"
  | "work_authorisation"
  | "location"
  | "exclusion"
  | "must_have"

export interface Gate {
  readonly kind: GateKind
  /** What is asked, in a few words ("Registered Nurse licence", "a master's degree"). */
  readonly what: string
  /** The posting's sentence that asks it. */
  readonly quote: string
  readonly met: boolean
}

/** Gates whose absence alone makes the verdict SKIP; any other missing gate makes it MAYBE at best. */
export const DISQUALIFYING: ReadonlySet<GateKind> = new Set(["licence", "degree", "exclusion"])

const DEGREE =
  /\b((?:2:[12]|first|upper second|lower second)(?:[- ]class)? degree|an? degree(?= in\b)|associate(?:'s)? degree|bachelor(?:'s|s)?(?: degree)?|undergraduate degree|university degree|college degree|four[- ]year degree|4[- ]year degree|master(?:'s|s)?(?: degree)?|mba|ph\.?\s?d\.?|doctorate|doctoral degree|doctor of [a-z]+(?: [a-z]+)?|dpt|bsn|msn|juris doctor|pharm\.?d)\b/gi
const DEGREE_WORDS = /\b(?:degree|bachelor|master|mba|ph\.?\s?d|doctor|dpt|bsn|msn|pharm\.?d)/i
const NOT_A_DEGREE_GATE =
  // "or a related field" names the subject, not a way around the degree; "or related experience" is one.
  /\b(?:or (?:an? )?equivalent(?! (?:field|discipline|area|subject|major|degree))|or (?:an? )?(?:related|comparable|relevant|similar) (?:\w+ )?experience|equivalent (?:work |practical |professional |combination|education|experience)|or \d+\+? (?:years|yrs)|in lieu|(?:do not|don't|doesn't|does not|no) (?:need|require|have to have)|not (?:required|necessary|a requirement)|no degree|degree (?:is )?optional|pursuing|currently enrolled|working towards|or (?:an? )?(?:\w+ )?bootcamp)\b/i
const SPECIFIC_DEGREES: ReadonlyArray<readonly [RegExp, RegExp, string]> = [
  [
    /\b(?:dpt|doctor of physical therapy)\b/i,
    /\b(?:dpt|doctor of physical therapy)\b/i,
    "a Doctor of Physical Therapy"
  ],
  [/\b(?:juris doctor|j\.d\.)/i, /\b(?:juris doctor|j\.?d\.?|law degree)\b/i, "a law degree (JD)"],
  [/\bpharm\.?d\b/i, /\bpharm\.?d\b/i, "a PharmD"],
  [/\b(?:bsn|bachelor'?s? (?:degree )?(?:of|in) (?:science in )?nursing)\b/i, /\b(?:bsn|nursing)\b/i, "a BSN"]
]
const LEVEL_NAMES = ["", "an associate degree", "a bachelor's degree", "a master's degree", "a doctorate"]

const degreeGate = (sentence: string, facts: ProfileFacts): Gate | undefined => {
  if (!DEGREE_WORDS.test(sentence) || NOT_A_DEGREE_GATE.test(sentence) || SOFT.test(sentence)) return undefined
  const levels = [...sentence.matchAll(DEGREE)].map((m) => degreeLevelOf(m[1] ?? ""))
  const specific = SPECIFIC_DEGREES.find(([asked]) => asked.test(sentence))
  if (specific !== undefined && !/\bor\b/i.test(sentence)) {
    return { kind: "degree", what: specific[2], quote: sentence, met: specific[1].test(facts.text) }
  }
  const asked = levels.filter((l) => l > 0)
  if (asked.length === 0) return undefined
  // "a master's or PhD": the lowest named level will do.
  const level = Math.min(...asked)
  return { kind: "degree", what: LEVEL_NAMES[level] ?? "a degree", quote: sentence, met: facts.degreeLevel >= level }
}

const CLEARANCE =
  /\b(?:(?:active|current|valid)\s+)?(?:(?:top\s+)?secret|ts\/sci|ts|public trust|security|government|dod|sc|dv)\s+clearance\b|\bclearance (?:is )?required\b/i
const clearanceGate = (sentence: string, facts: ProfileFacts): Gate | undefined =>
  CLEARANCE.test(sentence) && !SOFT.test(sentence) &&
    !/\b(?:able|eligible|eligibility) to (?:obtain|get)/i.test(sentence)
    ? {
      kind: "clearance",
      what: "a security clearance",
      quote: sentence,
      met: /\bclearance|ts\/sci\b/.test(facts.text)
    }
    : undefined

const COUNTRIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:u\.?s\.?a?\.?|united states(?: of america)?|america)\b/i, "US"],
  [/\b(?:u\.?k\.?|united kingdom|great britain|britain|england|scotland|wales)\b/i, "GB"],
  [/\bcanad(?:a|ian)\b/i, "CA"],
  [/\baustralia(?:n)?\b/i, "AU"],
  [/\bnew zealand\b/i, "NZ"],
  [/\bgerman(?:y)?\b/i, "DE"],
  [/\bireland\b/i, "IE"],
  [/\bindia\b/i, "IN"],
  [/\b(?:the )?(?:eu|european union|eea)\b/i, "EU"]
]
const EU = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO".split(" ")
)
const countryIn = (text: string): string | undefined => COUNTRIES.find(([pattern]) => pattern.test(text))?.[1]

const AUTHORISATION =
  /\b(?:(?:legally )?authori[sz](?:ed|ation) to work|right to work|eligib(?:le|ility) to work|work authori[sz]ation|work permit|(?:u\.?s\.?|us|american|british|canadian|australian) citizen(?:ship)?|citizen(?:ship)? (?:of|in) the|permanent resident|green card)\b/i
const NO_SPONSORSHIP =
  /\b(?:no (?:visa )?sponsorship|(?:unable|not able) to (?:provide |offer )?(?:visa )?sponsor|(?:will|do|does|can|cannot|can't|won't) not? ?(?:provide |offer )?(?:visa )?sponsor(?:ship)?|without (?:the need for )?(?:current or future )?(?:visa )?sponsorship|sponsorship is not (?:available|offered|provided))\b/i
const CITIZEN = /\bcitizen(?:ship)?\b/i

const authorisationGate = (
  sentence: string,
  posting: Posting.Posting,
  facts: ProfileFacts
): Gate | undefined => {
  const noSponsor = NO_SPONSORSHIP.test(sentence)
  if (!AUTHORISATION.test(sentence) && !noSponsor) return undefined
  if (
    /\b(?:we|will|can|happy to|able to) (?:provide |offer )?(?:visa )?sponsor|sponsorship (?:is )?(?:available|offered|provided)/i
      .test(sentence) && !noSponsor
  ) {
    return undefined
  }
  const country = countryIn(sentence) ?? countryIn(posting.location)
  const where = country === undefined
    ? ""
    : ` in ${country === "GB" ? "the UK" : country === "US" ? "the US" : country}`
  const what = CITIZEN.test(sentence) ? `citizenship${where}` : `the right to work${where} without sponsorship`
  const inCountry = country === undefined || facts.country === undefined
    ? !facts.needsSponsorship
    : country === "EU"
    ? EU.has(facts.country)
    : facts.country === country
  return { kind: "work_authorisation", what, quote: sentence, met: inCountry && !facts.needsSponsorship }
}

const ON_SITE_GATE =
  /\b(?:must (?:currently )?(?:live|reside|be located|be based|be local)|(?:live|reside|located|based) within \d+|within (?:a )?(?:reasonable |easy )?commut(?:e|ing|able) distance|within \d+ (?:miles|mi|km|kilometers|kilometres|minutes)|must be able to (?:work|commute|report|be) (?:on[- ]?site|onsite|in[- ]person|in (?:the |our )?office|to (?:the |our )?(?:office|site|store|campus))|local (?:candidates|applicants) only|(?:candidates|applicants) must be local|(?:this|the) (?:role|position|job) is (?:fully |100% )?(?:on[- ]?site|in[- ]person|not remote)|no remote|not a remote|relocation (?:is )?not (?:offered|provided|available)|in (?:the |our )?office \w+ days? a week|on[- ]?site \w+ days? a week|(?:requires?|required to|expected to|needs? to) (?:be )?(?:work(?:ing)?|be|report(?:ing)?) (?:from|in|at|to) (?:the |our )?(?:[A-Z][a-z-]+ )?office|\w+ days (?:a|per) week (?:in|at|from) (?:the |our )?(?:[A-Z][a-z-]+ )?office|(?:from|in|at) (?:the |our )?(?:[A-Z][a-z-]+ )?office(?: [^.;,]{1,40}?)? (?:at least )?\w+ days (?:a|per) week|(?:from|in|at) (?:the |our )?(?:[A-Z][a-z-]+ )?office (?:\([^)]{1,30}\) )?on (?:mondays|tuesdays|wednesdays|thursdays|fridays)|(?:this|it) is an? (?:fully |100% )?(?:on[- ]?site|in[- ]person|office[- ]based) (?:role|position|job))\b/i

/** Lower-cased place names of a location, without "remote" and the like. */
const placeNames = (text: string): ReadonlyArray<string> =>
  text.toLowerCase().split(/[,;/()|]| - | or /).map((p) => p.trim()).filter((p) =>
    p.length > 1 && !/^(?:remote|hybrid|on-?site|onsite|hq|headquarters|usa?|united states|uk|in office)$/.test(p)
  )

// "You must be based in Spain", "must live in Texas": a place named in the sentence, remote roles included.
const BASED_IN =
  /\bmust (?:currently )?(?:live|reside|be located|be based|be resident) in (?:the )?([\p{Lu}][\p{L}.' ]{1,40}?)(?=[;,.)]|\s+(?:and|or|to|with|for|while)\b|$)/u

const locationGate = (sentence: string, posting: Posting.Posting, facts: ProfileFacts): Gate | undefined => {
  const based = BASED_IN.exec(sentence)
  if (based !== null) {
    const area = based[1]!.trim()
    const met = facts.places.map((place) => isWithin(place, area))
    if (met.some((m) => m !== undefined)) {
      return { kind: "location", what: `living in ${area}`, quote: sentence, met: met.some((m) => m === true) }
    }
  }
  if (!ON_SITE_GATE.test(sentence) || posting.remote === true) return undefined
  if (placeNames(posting.location).length === 0) return undefined
  const met = facts.places.some((place) => samePlace(place, posting.location))
  return { kind: "location", what: `working on site in ${posting.location.trim()}`, quote: sentence, met }
}

const EXCLUSIONS: ReadonlyArray<RegExp> = [
  /\b(?:applicants|candidates|applications|those|people|anyone|individuals|[a-z]{3,}s)\s+(?:without|lacking|who (?:do not|don't) (?:have|hold))\s+(.{3,90}?)\s+(?:will not|won't|cannot|can't|will|are not|aren't|need not|should not|shouldn't)\s+(?:be\s+)?(?:not\s+)?(?:considered|eligible|qualify|apply|progress|move forward|reviewed)/i,
  /\b(?:we|i)\s+(?:cannot|can't|can not|will not|won't|are unable to|are not able to|do not|don't)\s+(?:consider|accept|review|interview|progress)\s+(?:any\s+)?(?:applicants|candidates|applications|anyone|people)\s+(?:who do not have|who don't have|without|lacking|that lack|who lack)\s+(.{3,90}?)(?:[.;]|$)/i,
  /\bonly\s+(?:applicants|candidates|applications|people|those)\s+(?:with|who have|holding|who hold)\s+(.{3,90}?)\s+will\s+be\s+(?:considered|reviewed|contacted|interviewed)/i,
  /\bif you (?:do not|don't) (?:have|hold)\s+(.{3,80}?),?\s+(?:please\s+)?(?:do not apply|don't apply|this (?:role|position|job) is not (?:for you|the right fit)|(?:please )?(?:see|look at|consider) (?:our )?other)/i,
  // "not open to nurses without …", "not suitable for new graduates without …": whoever they are.
  /\bnot (?:suitable|open|appropriate) (?:for|to) (?:[a-z-]+\s+){1,2}?without\s+(.{3,90}?)(?:[.;(]|$)/i
]
const EXCLUSION_WORDS = ["without", "only", "n't have", "not have", "lack", "not hold", "n't hold"]

const exclusionIn = (sentence: Sentence): string | null => {
  // Every exclusion says "without", "only", "don't/do not have" or "lacking"; most sentences say none of these.
  if (!containsAny(sentence.lower, EXCLUSION_WORDS)) return null
  for (const pattern of EXCLUSIONS) {
    const match = pattern.exec(sentence.text)
    if (match?.[1] !== undefined) return match[1].trim().replace(/^(?:an?|the)\s+/i, "")
  }
  return null
}

/**
 * Whether a sentence turns people without something away; the thing, if so. Kept on the sentence: the skills
 * stage and the gates both ask.
 */
export const excluded = (sentence: Sentence): string | undefined => {
  if (sentence.exclusion === undefined) sentence.exclusion = exclusionIn(sentence)
  return sentence.exclusion ?? undefined
}

const SYNONYMS: Readonly<Record<string, ReadonlyArray<string>>> = {
  icu: ["icu", "intensive care", "critical care", "ccu"],
  er: ["er", "emergency", "ed"],
  ed: ["er", "emergency", "ed"],
  or: ["or", "operating room", "perioperative", "surgical"],
  hazmat: ["hazmat", "hazardous materials", "hazardous material", "dangerous goods"],
  cdl: ["cdl", "commercial driver"],
  rn: ["rn", "registered nurse"],
  cpa: ["cpa", "certified public accountant"]
}
/** Whether the profile shows the thing an exclusion asks for: each of its telling words, or a synonym. */
const profileShows = (thing: string, facts: ProfileFacts): boolean | undefined => {
  const words = thing.toLowerCase().replace(/[^a-z0-9+#/ -]/g, " ").split(/[\s/-]+/).filter((w) =>
    w.length > 1 && !GENERIC.has(w) && !/^\d+\+?$/.test(w)
  )
  if (words.length === 0) return undefined
  return words.every((word) => (SYNONYMS[word] ?? [word]).some((form) => wordIn(facts.text, form)))
}

// "Nurses with more than 12 months of RN experience are not eligible for the residency": a programme for those
// starting out turns the experienced away.
const TOO_EXPERIENCED =
  /\b(?:[a-z]+s|applicants|candidates|those|anyone) with (?:more than|over) (\d{1,2}|one|two|three|four|five|six|twelve) (months?|years?) of [^.;]{0,40}?experience (?:are|is|will) not (?:be )?(?:eligible|considered)/i

const tooExperiencedGate = (sentence: string, facts: ProfileFacts): Gate | undefined => {
  const found = TOO_EXPERIENCED.exec(sentence)
  if (found === null) return undefined
  const count = NUMBER_WORDS[found[1]!.toLowerCase()] ?? Number(found[1])
  const limit = found[2]!.toLowerCase().startsWith("month") ? count / 12 : count
  return {
    kind: "exclusion",
    what: `no more than ${count} ${found[2]!.toLowerCase()} of experience`,
    quote: sentence,
    met: facts.years <= limit
  }
}

const exclusionGate = (
  sentence: Sentence,
  skills: ReadonlyArray<PostingSkill>,
  has: (name: string) => boolean,
  facts: ProfileFacts
): Gate | undefined => {
  const thing = excluded(sentence)
  if (thing === undefined) return undefined
  const named = skills.filter((s) => thing.toLowerCase().includes(s.skill.name.toLowerCase()))
  const shown = named.length > 0
    ? named.some((s) => has(s.skill.name) || s.alternatives.some(has))
    : profileShows(thing, facts)
  if (shown === undefined) return undefined
  return { kind: "exclusion", what: thing, quote: sentence.text, met: shown }
}

const MUST_HAVE =
  /\b(?:must[- ]have|mandatory|non[- ]negotiable|is a must|are a must|hard requirement|(?:is|are) (?:absolutely |strictly )?(?:required|essential)|absolutely required|(?:fluent|fluency|native|bilingual)\b[^.;]{0,40}\brequired)\b/i

// "At least one year as a charge nurse is required": years in a role, on top of the posting's years of experience.
const ROLE_YEARS =
  /\b(\d{1,2}|one|two|three|four|five|six)\+? (?:full )?years? (?:of experience )?as an? ([a-z][a-z -]{2,40}?)(?=\s+(?:is|are|required|needed)\b|[,.;]|$)/i

// "At least one year of charge nurse experience is required": years in a role named by its holder, without "as a".
const ROLE_NOUN_YEARS =
  /\b(\d{1,2}|one|two|three|four|five|six)\+? (?:full )?years? of ((?:[a-z-]+ ){0,2}(?:nurse|manager|supervisor|lead|director|coordinator|teacher|instructor|preceptor|educator|leadership|supervisory)) experience\b/i

const roleYearsGate = (sentence: string, facts: ProfileFacts): Gate | undefined => {
  // "4+ years of AP experience, including 1+ year as a lead": years inside the years asked are asked too.
  if (!/requir|must|need|minimum|at least|including/i.test(sentence)) return undefined
  const found = ROLE_YEARS.exec(sentence) ?? ROLE_NOUN_YEARS.exec(sentence)
  if (found === null) return undefined
  const years = NUMBER_WORDS[found[1]!.toLowerCase()] ?? Number(found[1])
  const role = found[2]!.trim()
  const shown = profileShows(role, facts)
  if (shown === undefined) return undefined
  return {
    kind: "years",
    what: `${years}+ ${years === 1 ? "year" : "years"} as a ${role}`,
    quote: sentence,
    met: shown && facts.years + 0.5 >= years
  }
}

// "Google Ads certification required": the certification's gate, not the tool's.
const CREDENTIAL_WORD = /\b(?:certifi\w*|licen[cs]\w*|degree|diploma|registration|clearance)\b/i

// "ADP Workforce Now experience required", "ADP Workforce Now required": a line that ends so marks its tool as
// "… experience is required" does. Years asked that way ("1+ year of ICU experience required") are the years gate's.
const toolRequired = (sentence: string): boolean =>
  (/\bexperience required\.?$/i.test(sentence) ||
    (/^[^,;:()]{2,40}\s(?:is\s)?required\.?$/i.test(sentence) && !CREDENTIAL_WORD.test(sentence))) &&
  !/\b(?:years?|yrs?)\b/i.test(sentence)

const mustHaveGate = (
  sentence: Sentence,
  skills: ReadonlyArray<PostingSkill>,
  has: (name: string) => boolean,
  taxonomy: Taxonomy,
  /** The line stands under a "Must-haves" heading. */
  marked: boolean
): Gate | undefined => {
  const { text } = sentence
  if (!(marked || MUST_HAVE.test(text) || toolRequired(text)) || SOFT.test(text)) return undefined
  // The segment's own sentence: the skills stage read its terms already.
  const names = new Set(findMentions(sentence, taxonomy).map((m) => m.skill.name))
  const named = skills.filter((s) =>
    names.has(s.skill.name) && s.importance === "required" && kindOfCredential(s) === undefined
  )
  if (named.length === 0 || named.length > 3) return undefined
  const missing = named.filter((s) => !has(s.skill.name) && !s.alternatives.some(has))
  const what = (missing.length > 0 ? missing : named).map((s) => s.skill.name).join(", ")
  return { kind: "must_have", what, quote: text, met: missing.length === 0 }
}

/** A skill of the posting that says what the work was, not a credential of who did it. */
const isSpecialty = (s: PostingSkill | undefined): s is PostingSkill =>
  s !== undefined && kindOfCredential(s) === undefined

// "Several years of backend work, at least 2 of them writing Elixir in production", "6+ years in accounting, two of
// which in SEC reporting": years inside the years, in one skill.
const YEARS_WITHIN =
  /\b(?:(?:at least\s+|including\s+(?:at least\s+)?)?(\d{1,2}|one|two|three|four|five|six)\s+(?:of them|of which|(?:of )?(?:those|these)(?: years)?)\s+(?:\w+ing\s+|in\s+|with\s+|on\s+)|including\s+(?:at least\s+)?(\d{1,2}|one|two|three|four|five|six)\+?\s+years?\s+(?:(?:of|in an?|in)\s+)?(?=\w+ing\b|\w+\s+(?:nurse|or)\b))/i

// "6+ years of accounting, including at least 2 years supervising others": the second, a doing, inside the first.
const YEARS_WITHIN_WORDS = [
  " of them",
  " of which",
  " of those",
  " of these",
  "including at least",
  ...["1", "2", "3", "4", "5", "6", "7", "8", "9", "one", "two", "three", "four", "five", "six"].map((n) =>
    `including ${n}`
  )
]

const yearsWithinGate = (
  sentence: Sentence,
  skills: ReadonlyArray<PostingSkill>,
  has: (name: string) => boolean,
  facts: ProfileFacts,
  taxonomy: Taxonomy
): Gate | undefined => {
  const found = YEARS_WITHIN.exec(sentence.text)
  if (found === null) return undefined
  const count = (found[1] ?? found[2])!
  const years = NUMBER_WORDS[count.toLowerCase()] ?? Number(count)
  const rest = makeSentence(sentence.text.slice(found.index + found[0].length))
  const named = findMentions(rest, taxonomy).map((m) => skills.find((s) => s.skill.name === m.skill.name))
    .filter(isSpecialty).slice(0, 2)
  if (named.length === 0) return undefined
  return {
    kind: "years",
    what: `${years}+ years of ${named.map((s) => s.skill.name).join(" or ")} experience`,
    quote: sentence.text,
    met: facts.years + 0.5 >= years && named.some((s) => has(s.skill.name) || s.alternatives.some(has))
  }
}

// A word one of the gates below needs; a sentence without any is no gate.
const MAY_GATE =
  /licen|certif|registration|endorse|degree|bachelor|master|mba|ph\.?\s?d|doctor|dpt|bsn|msn|pharm|requir|mandatory|needed|a must|clearance|authori|right to work|eligib|citizen|resident|green card|sponsor|permit|must|within|local|site|person|remote|relocat|office|essential|negotiable/

const QUOTE_MAX = 220
const shorten = (text: string): string => text.length <= QUOTE_MAX ? text : `${text.slice(0, QUOTE_MAX - 1).trimEnd()}…`

/**
 * The posting's hard requirements and whether the profile meets each: credentials named as required, required
 * degrees without an "or equivalent experience", clearances, work authorisation, on-site location, explicit
 * exclusions, "must have" lines and the minimum years of experience. One gate per requirement; an either/or list
 * of credentials is one gate that any member meets.
 */
export const gatesOf = (
  posting: Posting.Posting,
  segments: ReadonlyArray<Segment>,
  skills: ReadonlyArray<PostingSkill>,
  /** Every years ask of the posting (yearsAsks): the most demanding is the years gate, others in a specialty too. */
  asks: ReadonlyArray<YearsAsked>,
  has: (name: string) => boolean,
  facts: ProfileFacts,
  taxonomy: Taxonomy,
  /** How many of the profile's skills each taxonomy category holds. */
  sameCategory: ReadonlyMap<string, number> = new Map()
): ReadonlyArray<Gate> => {
  const gates: Array<Gate> = [...credentialGates(skills, has)]
  const credentialSentences = new Set(gates.map((g) => g.quote))
  const kinds = new Set<string>()
  const add = (gate: Gate | undefined) => {
    if (gate === undefined) return
    const key = `${gate.kind}:${gate.what}`
    if (kinds.has(key)) return
    kinds.add(key)
    gates.push({ ...gate, quote: shorten(gate.quote) })
  }
  for (const { mode, must, sentence, source } of segments) {
    if (mode === "skip" || mode === "preferred" || source === "intro" || source === "title") continue
    const text = sentence.text
    if (text.length < 12) continue
    // Each gate's words, looked for once: most sentences of a posting hold none of them.
    const lower = sentence.lower
    const exclusion = exclusionGate(sentence, skills, has, facts)
    add(exclusion)
    if (containsAny(lower, YEARS_WITHIN_WORDS) && !hasPreferredCue(sentence)) {
      add(yearsWithinGate(sentence, skills, has, facts, taxonomy))
    }
    if (must && exclusion === undefined && !hasPreferredCue(sentence)) {
      add(mustHaveGate(sentence, skills, has, taxonomy, true))
    }
    if (lower.includes("experience") && (lower.includes("more than") || lower.includes("over "))) {
      add(tooExperiencedGate(text, facts))
    }
    // "4+ years of AP experience, including 1+ year as a lead": no gate word, the years inside the years are asked.
    if (lower.includes("including") && lower.includes(" as a")) add(roleYearsGate(text, facts))
    if (!MAY_GATE.test(lower) || hasPreferredCue(sentence)) continue
    // A degree inside a list of credentials ("an RN license or a BSN") belongs to that list's gate.
    if (!credentialSentences.has(text)) add(degreeGate(text, facts))
    if (!credentialSentences.has(text) && /requir|mandatory|needed|a must/.test(lower)) {
      add(namedCredentialGate(text, facts))
    }
    if (!credentialSentences.has(text) && mode === "required" && /licen|certif|registration|endorse/.test(lower)) {
      add(licenceLineGate(text, facts))
    }
    // Once per sentence: a licence line the profile already misses says so already.
    if (lower.includes("licen") && !gates.some((g) => g.kind === "licence" && !g.met && g.quote === shorten(text))) {
      add(stateLicenceGate(text, facts))
    }
    if (REGISTRATION_WORDS.test(lower)) add(regulatorGate(text, facts))
    if (lower.includes("clearance")) add(clearanceGate(text, facts))
    if (lower.includes(" as a") || ROLE_NOUN_YEARS.test(lower)) add(roleYearsGate(text, facts))
    if (/authori|right to work|eligib|citizen|resident|green card|sponsor|permit/.test(lower)) {
      add(authorisationGate(text, posting, facts))
    }
    if (/must|within|local|site|person|remote|relocat|office/.test(lower)) add(locationGate(text, posting, facts))
    // A marked line was read as a must-have above.
    if (!must && exclusion === undefined && /must|mandatory|negotiable|requir|essential/.test(lower)) {
      add(mustHaveGate(sentence, skills, has, taxonomy, false))
    }
  }
  // A broad engineering topic ("distributed systems", "DevOps" for a backend engineer with Kafka and Kubernetes) is
  // shown by two skills of its category; a language, a framework, a clinical or finance specialty is not.
  const nearby = (category: string) => TOPIC_CATEGORIES.has(category) && (sameCategory.get(category) ?? 0) >= 2
  // Years asked in a role ("one year as a charge nurse") were read as that role's gate already.
  const roleYears = (quote: string) => gates.some((g) => g.kind === "years" && g.quote === shorten(quote))
  const yearsGate = (asked: YearsAsked, specialtyOnly: boolean) => {
    // "3+ years of critical care experience": the years count only with the specialty they are asked in.
    const quoted = asked.sentence ?? makeSentence(asked.quote)
    const mentions = findMentions(quoted, taxonomy)
    // "5+ years of software or data engineering": the other side of the "or" is no term we know, so the years may
    // be spent in it; the specialty is not asked alone.
    const elided = mentions.some((m) => {
      const before = quoted.text.slice(0, quoted.tokens[m.first]?.start ?? 0)
      const other = ELIDED_OR.exec(before)
      return other !== null && !mentions.some((n) => n.last < m.first && n.last >= m.first - 2)
    })
    const inQuote = elided ? [] : [...new Set(mentions.map((m) => m.skill.name))]
    // A credential in the same words is who does the work, not where: "2 years of emergency department experience
    // as an RN" asks for the emergency department, which an RN license does not show.
    const specialty = inQuote.length > 0 && inQuote.length <= 2
      ? inQuote.map((name) => skills.find((s) => s.skill.name === name)).filter(isSpecialty)
      : []
    if (specialtyOnly && specialty.length === 0) return
    const names = specialty.map((s) => s.skill.name)
    add({
      kind: "years",
      what: `${asked.years}+ years of ${names.length > 0 ? `${names.join(" or ")} ` : ""}experience`,
      quote: asked.quote,
      // Half a year short of "2+ years" is not turned away by a person reading the resume.
      met: facts.years + 0.5 >= asked.years &&
        (specialty.length === 0 ||
          specialty.some((s) => has(s.skill.name) || s.alternatives.some(has) || nearby(s.skill.category)))
    })
  }
  const asked = mostYears(asks)
  if (asked !== undefined && asked.years >= 1 && !roleYears(asked.quote)) yearsGate(asked, false)
  // Fewer years asked in another sentence are a gate of their own when they name a specialty: "3+ years of acute
  // care nursing" and "at least 1 year of case management experience".
  for (const other of asks) {
    if (other.quote !== asked?.quote && !roleYears(other.quote)) yearsGate(other, true)
  }
  return gates
}

// "years of software or data engineering": one word right after the years' "of"/"in", then "or" and the term.
const ELIDED_OR = /\b(?:of|in)\s+[\p{L}-]{3,}\s+(?:or|and\/or)\s+$/u

const TOPIC_CATEGORIES: ReadonlySet<string> = new Set([
  "Software practices",
  "DevOps & tooling",
  "Cloud & infrastructure"
])

const HALF_FIT = 0.5

/** The highest score a profile can have with these gates missing, or undefined when nothing is missing. */
export const capOf = (
  missing: ReadonlyArray<Gate>,
  thresholds: { readonly apply: number; readonly maybe: number },
  /** The share of required asks the profile meets. */
  skillShare = 1
): number | undefined => {
  if (missing.length === 0) return undefined
  // A hard requirement missing on top of half the skills: not a near fit.
  if (skillShare <= HALF_FIT) return thresholds.maybe - 1
  // One sentence is one requirement, however many gates it gives ("2 years of ED experience is required": the
  // specialty and its years).
  const requirements = new Set(missing.map((g) => g.quote)).size
  return requirements >= 2 || missing.some((g) => DISQUALIFYING.has(g.kind))
    ? thresholds.maybe - 1
    : thresholds.apply - 1
}
