import type { Profile } from "@jobfit/core"
import type { PostingSkill } from "../skills/PostingSkills.js"
import type { ProfileSkill } from "../skills/ProfileSkills.js"
import { type Coverage, coverage } from "./Coverage.js"
import type { Pay } from "./Salary.js"
import { formatMoney } from "./Salary.js"
import { isLevel, type Level, levelIndex, levelLabel, yearsForLevel } from "./Seniority.js"
import { type FactorName, requiredScore } from "./Weights.js"
import type { YearsAsked } from "./YearsAsked.js"

/** One part of the score before weighting; a factor that is not applicable is left out of the score. */
export interface Factor {
  readonly factor: FactorName
  readonly applicable: boolean
  readonly score: number
  readonly detail: string
}

const notScored = (factor: FactorName, why: string): Factor => ({
  factor,
  applicable: false,
  score: 0.5,
  detail: `not scored: ${why}`
})

const list = (names: ReadonlyArray<string>, max = 6): string =>
  names.length <= max ? names.join(", ") : `${names.slice(0, max).join(", ")} and ${names.length - max} more`

/** The share of a posting's skills of one importance that the profile has ("Go or Rust" is one ask). */
export const skillFactor = (
  factor: "required_skills" | "preferred_skills",
  skills: ReadonlyArray<PostingSkill>,
  have: ReadonlyMap<string, ProfileSkill>,
  /** `coverage(skills, importance, (name) => have.has(name))`, when the caller has it already. */
  covered?: Coverage
): Factor => {
  const importance = factor === "required_skills" ? "required" : "preferred"
  const { asks, matched, met, missing, missingTitled } = covered ??
    coverage(skills, importance, (name) => have.has(name))
  if (asks === 0) {
    return factor === "required_skills"
      ? { factor, applicable: true, score: 0.5, detail: "the posting names no required skills we recognise" }
      : notScored(factor, "the posting lists no preferred skills")
  }
  const share = met / asks
  const parts = [`${met} of ${asks} ${importance} skills`]
  if (matched.length > 0) parts.push(`you have ${list(matched)}`)
  if (missing.length > 0) parts.push(`missing ${list(missing)}`)
  if (importance === "required" && missingTitled.length > 0) {
    parts.push(`${list(missingTitled)}, which the title names, caps the score below APPLY`)
  }
  // Concave: meeting half of what a posting asks is a partial fit worth a look, not a third of one.
  const score = importance === "preferred" ? share : requiredScore(met, asks)
  return { factor, applicable: true, score, detail: parts.join("; ") }
}

const round1 = (years: number): string => (Math.round(years * 10) / 10).toString()

/** Years of work in the profile against the years the posting asks for (or its level implies). */
export const experienceFactor = (asked: YearsAsked | undefined, level: Level | undefined, have: number): Factor => {
  const years = asked?.years ?? (level === undefined ? undefined : yearsForLevel[level])
  if (years === undefined) return notScored("experience", "the posting asks for no years of experience")
  const source = asked === undefined && level !== undefined
    ? `a ${levelLabel[level]} role usually means about ${years} years`
    : `the posting asks for ${years}+ years`
  if (years === 0) {
    const detail = asked === undefined ? "an entry-level role, open to beginners" : `${source}: open to beginners`
    return { factor: "experience", applicable: true, score: 1, detail }
  }
  const score = Math.min(1, have / years)
  return {
    factor: "experience",
    applicable: true,
    score,
    detail: `${source}; your work history covers about ${round1(have)} years`
  }
}

/** The title's level against the level the profile prefers. */
export const seniorityFactor = (level: Level | undefined, preferences: Profile.Preferences): Factor => {
  const wanted = preferences.seniority
  if (wanted === undefined || !isLevel(wanted)) return notScored("seniority", "no preferred seniority in the profile")
  if (level === undefined) return notScored("seniority", "the title names no level")
  const distance = Math.abs(levelIndex(level) - levelIndex(wanted))
  const score = [1, 0.6, 0.25][distance] ?? 0
  const relation = distance === 0 ? "as you prefer" : `; you prefer ${levelLabel[wanted]} roles`
  return {
    factor: "seniority",
    applicable: true,
    score,
    detail: `${levelLabel[level]} role${distance === 0 ? ", " : ""}${relation}`
  }
}

/** The posting's pay, as a yearly figure, against the profile's minimum salary. */
export const salaryFactor = (pay: Pay | undefined, preferences: Profile.Preferences): Factor => {
  const minimum = preferences.min_salary
  if (minimum === undefined || minimum <= 0) return notScored("salary", "no minimum salary in the profile")
  if (pay === undefined) return notScored("salary", "the posting names no salary")
  const wanted = preferences.salary_currency
  if (wanted !== undefined && pay.currency !== undefined && wanted !== pay.currency) {
    return notScored("salary", `the salary is in ${pay.currency}, your minimum in ${wanted}`)
  }
  const range = pay.annualMin === pay.annualMax
    ? formatMoney(pay.annualMin, pay.currency)
    : `${formatMoney(pay.annualMin, pay.currency)}–${
      formatMoney(pay.annualMax, pay.currency).replace(/^[A-Z]{3} /, "")
    }`
  const yours = formatMoney(minimum, wanted ?? pay.currency)
  if (pay.annualMin >= minimum) {
    return { factor: "salary", applicable: true, score: 1, detail: `pays ${range} a year, at or above your ${yours}` }
  }
  if (pay.annualMax >= minimum) {
    return {
      factor: "salary",
      applicable: true,
      score: 0.8,
      detail: `pays ${range} a year; the top reaches your ${yours}`
    }
  }
  const shortfall = (minimum - pay.annualMax) / minimum
  return {
    factor: "salary",
    applicable: true,
    score: Math.max(0, 1 - shortfall / 0.3),
    detail: `pays ${range} a year, ${Math.round(shortfall * 100)}% below your ${yours}`
  }
}
