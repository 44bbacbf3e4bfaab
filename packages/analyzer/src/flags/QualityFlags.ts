import type { Analysis } from "@jobfit/core"
import type { Pay } from "../score/Salary.js"
import { type Level, levelLabel } from "../score/Seniority.js"
import type { YearsAsked } from "../score/YearsAsked.js"
import { isArea } from "../skills/Implied.js"
import type { PostingSkill } from "../skills/PostingSkills.js"
import { excerpt, findAffirmed, type FlagText, wordsOf } from "./FlagText.js"

type Flag = Analysis.RedFlag

const QUALIFICATION =
  /\b(?:degree|diploma|certif\w*|licen[cs]\w*|experience|years|proficien\w*|knowledge of|ability to|able to|skills?|qualifications?|background in|familiar\w*|must (?:be|have))\b/i
const WAIVED = /\b(?:no|without|not)\b[^.]{0,30}$/i

/** No skills, no requirements section and no sentence asking for experience, a degree or an ability. */
export const noRequirements = (
  text: FlagText,
  skills: ReadonlyArray<PostingSkill>,
  requirementLines: number
): Flag | undefined => {
  if (skills.length > 0 || requirementLines > 0) return undefined
  const asks = text.sentences.some((sentence) => {
    const match = QUALIFICATION.exec(sentence)
    return match !== null && !WAIVED.test(sentence.slice(0, match.index))
  })
  return asks ? undefined : {
    code: "NO_REQUIREMENTS",
    // A thin posting, not a dishonest one: real boards' short and cut-off postings state none either.
    severity: "low",
    message: "States no requirements at all: no skills, experience or qualifications"
  }
}

export const noSalaryRange = (pay: Pay | undefined): Flag | undefined =>
  pay === undefined ? { code: "NO_SALARY_RANGE", severity: "low", message: "Gives no salary or pay range" } : undefined

const UNPAID =
  /\b(?:unpaid (?:trial|test|assignment|internship|work|project|shift|training|period|sample)|(?:trial|test) (?:period|project|task|assignment|shift|day|week)s? (?:is |are |will be )?(?:unpaid|not paid|without pay)|free (?:trial work|sample work|test project|samples?)|work (?:for free|without pay)|without (?:pay|compensation) (?:during|for)|no pay(?:ment)? (?:during|for) (?:the )?(?:trial|first|training)|(?:paid|compensated) (?:only )?(?:after|once) (?:you|the candidate) (?:complete|pass|finish)|volunteer basis)\b/i

// Every match of UNPAID holds one of these: only the sentences that hold one are read (see findAffirmed).
const UNPAID_WORDS = wordsOf([
  "unpaid",
  "not paid",
  "without ",
  "free",
  "no pay",
  "paid ",
  "compensated ",
  "volunteer basis"
])

export const unpaidTrialWork = (text: FlagText): Flag | undefined => {
  const found = findAffirmed(text, UNPAID, UNPAID_WORDS)
  return found && {
    code: "UNPAID_TRIAL_WORK",
    severity: "medium",
    message: "Expects unpaid trial work or free samples",
    evidence: found.quote
  }
}

const MAX_REQUIRED = 15
const JUNIOR_YEARS: Partial<Record<Level, number>> = { intern: 2, junior: 5 }

/** More than 15 required skills, or many years of experience for a junior or intern title. */
export const excessiveRequirements = (
  skills: ReadonlyArray<PostingSkill>,
  level: Level | undefined,
  asked: YearsAsked | undefined
): Flag | undefined => {
  // A broad area ("Back-end development", "Databases") is what the concrete skills are for, not one more to bring.
  const required = skills.filter((s) => s.importance === "required" && !isArea(s.skill.name)).length
  const limit = level === undefined ? undefined : JUNIOR_YEARS[level]
  if (level !== undefined && limit !== undefined && asked !== undefined && asked.years >= limit) {
    return {
      code: "EXCESSIVE_REQUIREMENTS",
      severity: "medium",
      message: `A ${levelLabel[level]} title that asks for ${asked.years}+ years of experience`,
      evidence: excerpt(asked.quote, 0, 0)
    }
  }
  if (required > MAX_REQUIRED) {
    return {
      code: "EXCESSIVE_REQUIREMENTS",
      severity: "low",
      message: `Asks for ${required} required skills, more than one person usually brings`
    }
  }
  return undefined
}
