import type { Analysis, Posting, Profile } from "@jobfit/core"
import { writeAssessment } from "./assess/Assessment.js"
import { flagText } from "./flags/FlagText.js"
import { redFlags } from "./flags/RedFlags.js"
import { coverage } from "./score/Coverage.js"
import { experienceFactor, salaryFactor, seniorityFactor, skillFactor } from "./score/Factors.js"
import { locationFit } from "./score/Location.js"
import { yearsOfWork } from "./score/ResumeDates.js"
import { postingPay } from "./score/Salary.js"
import { combine, verdictFor } from "./score/Score.js"
import { levelOfTitle } from "./score/Seniority.js"
import { DEFAULT_THRESHOLDS, type Thresholds, WEIGHTS, type Weights } from "./score/Weights.js"
import { yearsAsked } from "./score/YearsAsked.js"
import { builtinTaxonomy } from "./skills/BuiltinTaxonomy.js"
import { postingSegments } from "./skills/PostingSegments.js"
import { postingSkills } from "./skills/PostingSkills.js"
import { profileSkills } from "./skills/ProfileSkills.js"
import type { Taxonomy } from "./skills/Taxonomy.js"

export const ANALYZER_NAME = "jobfit-builtin/0.1"

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
  const skills = postingSkills(segments, taxonomy, posting.company)
  const have = profileSkills(profile.resume, taxonomy)
  const text = flagText(posting, segments)
  const level = levelOfTitle(posting.title)
  const asked = yearsAsked(segments)
  const pay = postingPay(posting, text.sentences)
  const location = locationFit(posting, posting.description, profile)
  // Computed once, for the factors and for the lists of matching and missing skills.
  const required = coverage(skills, "required", (name) => have.has(name))
  const preferred = coverage(skills, "preferred", (name) => have.has(name))
  const factors = [
    skillFactor("required_skills", skills, have, required),
    skillFactor("preferred_skills", skills, have, preferred),
    experienceFactor(asked, level, yearsOfWork(profile.resume.work, now)),
    seniorityFactor(level, profile.preferences),
    location.applicable
      ? { factor: "location" as const, applicable: true, score: location.score, detail: location.detail }
      : { factor: "location" as const, applicable: false, score: 0.5, detail: `not scored: ${location.detail}` },
    salaryFactor(pay, profile.preferences)
  ]
  const { breakdown, score } = combine(factors, options.weights ?? WEIGHTS)
  const flags = redFlags(text, {
    skills,
    requirementLines: posting.sections?.requirements.length ?? 0,
    pay,
    level,
    yearsAsked: asked
  })
  const verdict = verdictFor(score, flags, options.thresholds ?? DEFAULT_THRESHOLDS)
  const facts = {
    score,
    verdict,
    matchingRequired: required.matched,
    matchingPreferred: preferred.matched,
    missingRequired: required.missing,
    missingPreferred: preferred.missing,
    redFlags: flags,
    breakdown
  }
  return {
    title: posting.title,
    company: posting.company,
    location: posting.location,
    match_score: score,
    verdict,
    matching_skills: [...facts.matchingRequired, ...facts.matchingPreferred],
    missing_skills: [...facts.missingRequired, ...facts.missingPreferred],
    red_flags: flags,
    assessment: writeAssessment(facts),
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
