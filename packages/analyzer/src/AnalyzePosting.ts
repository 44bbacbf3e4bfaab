import type { Analysis, Posting, Profile } from "@jobfit/core"
import { writeAssessment } from "./assess/Assessment.js"
import { flagText } from "./flags/FlagText.js"
import { redFlags } from "./flags/RedFlags.js"
import { coverage } from "./score/Coverage.js"
import { experienceFactor, type Factor, salaryFactor, seniorityFactor, skillFactor } from "./score/Factors.js"
import { capOf, type Gate, gatesOf } from "./score/Gates.js"
import { locationFit, RELOCATION_SCORE } from "./score/Location.js"
import { profileFacts } from "./score/ProfileFacts.js"
import { isOngoing } from "./score/ResumeDates.js"
import { roleFactor } from "./score/Role.js"
import { postingPay } from "./score/Salary.js"
import { combine, verdictFor } from "./score/Score.js"
import { isOwnJob, type Level, levelIndex, levelOfTitle, yearsForLevel } from "./score/Seniority.js"
import { coveredShare, DEFAULT_THRESHOLDS, type Thresholds, WEIGHTS, type Weights } from "./score/Weights.js"
import { mostYears, yearsAsks } from "./score/YearsAsked.js"
import { builtinTaxonomy } from "./skills/BuiltinTaxonomy.js"
import { fluencyShortOf, withoutShort } from "./skills/Fluency.js"
import { IMPLIED } from "./skills/Implied.js"
import { findMentions } from "./skills/Matcher.js"
import { postingSegments } from "./skills/PostingSegments.js"
import { postingSkills } from "./skills/PostingSkills.js"
import type { PostingSkill } from "./skills/PostingSkills.js"
import { type ProfileSkill, profileSkills } from "./skills/ProfileSkills.js"
import { makeSentence } from "./skills/Sentence.js"
import type { Taxonomy } from "./skills/Taxonomy.js"

// Skills every field asks for (Excel, Word, English): alone they say nothing about the field.
const GENERIC_CATEGORIES: ReadonlySet<string> = new Set(["Office software", "Languages"])
const genericOnly = (skills: ReadonlyArray<PostingSkill>): boolean =>
  skills.every((s) => s.importance !== "required" || GENERIC_CATEGORIES.has(s.skill.category))
/** When a posting asks only for generic skills, its title against the profile's roles bounds the skills factor. */
const lesser = (skill: Factor, role: Factor): Factor => (role.score < skill.score ? role : skill)

const categoriesOf = (have: ReadonlyMap<string, ProfileSkill>): ReadonlyMap<string, number> => {
  const counts = new Map<string, number>()
  for (const { skill } of have.values()) counts.set(skill.category, (counts.get(skill.category) ?? 0) + 1)
  return counts
}

export const ANALYZER_NAME = "jobfit-builtin/0.2"

/** The highest score of a profile that meets none of the posting's required skills. */
export const FIELD_CAP = 15

/** The share of required asks a step up in level must meet to stay an APPLY: all but about one in seven. */
export const STRETCH_SHARE = 0.85

/** A role above the level the profile prefers ("Senior", "Lead" for a mid-level profile). */
const isStepUp = (title: string, level: Level | undefined, profile: Profile.Profile, years: number): boolean => {
  const wanted = profile.preferences.seniority
  if (level === undefined || wanted === undefined || levelIndex(level) <= levelIndex(wanted)) return false
  // One's own job one level up, with the years that level implies (a staff accountant of seven years for a senior
  // accountant's job), is the next step of a career, not a stretch.
  const current = (profile.resume.work ?? []).filter(isOngoing)
  return !(
    levelIndex(level) === levelIndex(wanted) + 1 && years >= yearsForLevel[level] &&
    isOwnJob(title, current.flatMap((job) => job.position === undefined ? [] : [job.position]))
  )
}

const gateFactor = (gates: ReadonlyArray<Gate>, cap: number | undefined) => {
  const missing = gates.filter((g) => !g.met)
  const detail = missing.length === 0
    ? `meets all ${gates.length} hard requirement${gates.length === 1 ? "" : "s"}`
    : `missing ${missing.map((g) => g.what).join("; ")}: the score is capped at ${cap}`
  return { factor: "requirements", weight: 0, score: (gates.length - missing.length) / gates.length, detail }
}

export interface AnalyzeOptions {
  readonly thresholds?: Thresholds
  readonly weights?: Weights
  readonly taxonomy?: Taxonomy
}

/**
 * The built-in analysis, as a pure function: the same posting, profile and `now` give the same analysis.
 * `now` dates open-ended jobs ("present") when counting the profile's years of work.
 */
export const analyzePosting = (
  posting: Posting.Posting,
  profile: Profile.Profile,
  now: Date,
  options: AnalyzeOptions = {}
): Analysis.Analysis => {
  const taxonomy = options.taxonomy ?? builtinTaxonomy()
  const segments = postingSegments(posting, taxonomy)
  const skills = postingSkills(segments, taxonomy, posting.company, posting.title)
  const have = withoutShort(profileSkills(profile.resume, taxonomy), fluencyShortOf(skills, profile.resume))
  const text = flagText(posting, segments)
  const level = levelOfTitle(posting.title)
  const asks = yearsAsks(segments)
  const asked = mostYears(asks)
  const pay = postingPay(posting, text.sentences)
  const location = locationFit(posting, posting.description, profile)
  // Computed once, for the factors and for the lists of matching and missing skills.
  // The skills the title names are the role's own ("Backend Engineer (Kotlin)"): they weigh double.
  const titled = new Set(findMentions(makeSentence(posting.title), taxonomy).map((m) => m.skill.name))
  const inTitle = (name: string) => titled.has(name)
  const has = (name: string) => have.has(name)
  const covered = coverage(skills, "required", has, inTitle)
  // A title's skill missing caps the score, but not one built on a skill of its own kind the profile has: Next.js
  // for one who writes React, Mailchimp for one who runs e-mail marketing.
  const required = {
    ...covered,
    missingTitled: covered.missingTitled.filter((name) => !nearNeighbourShown(name, has, taxonomy))
  }
  const preferred = coverage(skills, "preferred", has, inTitle)
  // Work on site or hybrid in a place the profile neither lives in nor wants: a move or a long commute, which a
  // person weighs before applying however well the skills fit.
  const relocation = location.applicable && location.score <= RELOCATION_SCORE
  const facts = profileFacts(profile, now)
  const gates = gatesOf(posting, segments, skills, asks, has, facts, taxonomy, categoriesOf(have))
  // A step up in level with required skills missing is a stretch: a person weighs it before applying, as a move.
  const stretch = isStepUp(posting.title, level, profile, facts.years) && required.asks > 0 &&
    coveredShare(required.met, required.asks) < STRETCH_SHARE
  const seniority = seniorityFactor(level, profile.preferences)
  // Pay 30% or more below the profile's minimum (a salary score of 0): a person weighs it before applying, however
  // well the skills fit.
  const salary = salaryFactor(pay, profile.preferences)
  const underpaid = salary.applicable && salary.score === 0
  const factors: ReadonlyArray<Factor> = [
    required.asks === 0
      ? roleFactor(posting.title, facts)
      : genericOnly(skills)
      ? lesser(skillFactor("required_skills", skills, have, required), roleFactor(posting.title, facts))
      : skillFactor("required_skills", skills, have, required),
    skillFactor("preferred_skills", skills, have, preferred),
    experienceFactor(asked, level, facts.years),
    stretch
      ? {
        ...seniority,
        detail: `${seniority.detail}; a step up with required skills missing caps the score below APPLY`
      }
      : seniority,
    location.applicable
      ? {
        factor: "location" as const,
        applicable: true,
        score: location.score,
        detail: relocation ? `${location.detail}; a move or a long commute caps the score below APPLY` : location.detail
      }
      : { factor: "location" as const, applicable: false, score: 0.5, detail: `not scored: ${location.detail}` },
    underpaid
      ? { ...salary, detail: `${salary.detail}; pay this far below your minimum caps the score below APPLY` }
      : salary
  ]
  const thresholds = options.thresholds ?? DEFAULT_THRESHOLDS
  const combined = combine(factors, options.weights ?? WEIGHTS)
  const missingGates = gates.filter((g) => !g.met)
  // A profile that meets none of the posting's required skills is in another field: no context lifts it.
  // Generic asks (English, Excel) met do not make a profile one of the field's.
  const ofField = skills.filter((s) => !GENERIC_CATEGORIES.has(s.skill.category))
  const fieldAsks = genericOnly(skills) ? required : coverage(ofField, "required", (name) => have.has(name))
  const fieldCap = fieldAsks.asks > 0 && fieldAsks.met === 0 ? FIELD_CAP : undefined
  const gateCap = capOf(missingGates, thresholds, coveredShare(required.met, required.asks))
  // The role's own skill ("Backend Engineer (Kotlin)") missing: a MAYBE at best, however much else is met.
  const titleCap = required.missingTitled.length > 0 ? thresholds.apply - 1 : undefined
  const belowApply = relocation || stretch || underpaid ? thresholds.apply - 1 : 100
  const cap = Math.min(fieldCap ?? 100, gateCap ?? 100, titleCap ?? 100, belowApply)
  const score = Math.min(combined.score, cap)
  const breakdown = gates.length === 0 ? combined.breakdown : [...combined.breakdown, gateFactor(gates, gateCap)]
  const flags = redFlags(text, {
    skills,
    requirementLines: posting.sections?.requirements.length ?? 0,
    pay,
    level,
    yearsAsked: asked
  })
  const verdict = verdictFor(score, flags, thresholds)
  const written = {
    score,
    verdict,
    matchingRequired: required.matched,
    matchingPreferred: preferred.matched,
    missingRequired: required.missing,
    missingPreferred: preferred.missing,
    redFlags: flags,
    breakdown,
    missingGates
  }
  return {
    title: posting.title,
    company: posting.company,
    location: posting.location,
    match_score: score,
    verdict,
    matching_skills: [...written.matchingRequired, ...written.matchingPreferred],
    missing_skills: [...written.missingRequired, ...written.missingPreferred],
    red_flags: flags,
    assessment: writeAssessment(written),
    analyzer: ANALYZER_NAME,
    breakdown,
    evidence: skills.map((s) => ({
      skill: s.skill.name,
      importance: s.importance,
      matched: have.has(s.skill.name),
      quote: s.quote
    }))
  }
}

/** Whether a skill is built on another of its own category that the profile has (Next.js on React). */
const nearNeighbourShown = (name: string, has: (name: string) => boolean, taxonomy: Taxonomy): boolean => {
  const category = taxonomy.byName.get(name.toLowerCase())?.category
  return (IMPLIED[name] ?? []).some((other) =>
    has(other) && taxonomy.byName.get(other.toLowerCase())?.category === category
  )
}
