import type { Analysis } from "@jobfit/core"
import type { Pay } from "../score/Salary.js"
import type { Level } from "../score/Seniority.js"
import type { YearsAsked } from "../score/YearsAsked.js"
import type { PostingSkill } from "../skills/PostingSkills.js"
import type { FlagText } from "./FlagText.js"
import { excessiveRequirements, noRequirements, noSalaryRange, unpaidTrialWork } from "./QualityFlags.js"
import {
  chatInterview,
  combinations,
  freeMailRecruiter,
  homeBasedScheme,
  manyRoles,
  noCompany,
  offPlatformContact,
  payAboveRole,
  sensitiveInfoEarly,
  unrealisticPay,
  unusualPayment,
  upfrontPayment,
  urgencyPressure
} from "./ScamFlags.js"

/** The facts the flags look at beside the text. */
export interface FlagFacts {
  readonly skills: ReadonlyArray<PostingSkill>
  readonly requirementLines: number
  readonly pay: Pay | undefined
  readonly level: Level | undefined
  readonly yearsAsked: YearsAsked | undefined
}

const ORDER = { high: 0, medium: 1, low: 2 } as const

/** Every red flag of a posting, most severe first; each code at most once, with the text that raised it. */
export const redFlags = (text: FlagText, facts: FlagFacts): ReadonlyArray<Analysis.RedFlag> => {
  const found = [
    upfrontPayment(text),
    unusualPayment(text),
    offPlatformContact(text) ?? chatInterview(text),
    unrealisticPay(text) ?? payAboveRole(text, facts.pay),
    sensitiveInfoEarly(text),
    freeMailRecruiter(text),
    noCompany(text),
    urgencyPressure(text),
    homeBasedScheme(text),
    manyRoles(text),
    noRequirements(text, facts.skills, facts.requirementLines),
    unpaidTrialWork(text),
    excessiveRequirements(facts.skills, facts.level, facts.yearsAsked),
    noSalaryRange(facts.pay)
  ].filter((flag) => flag !== undefined)
  // A combination replaces the weaker flag of the same code.
  const combined = combinations(text, found)
  const all = [...combined, ...found.filter((f) => !combined.some((c) => c.code === f.code))]
  return all
    .map((flag, index) => ({ flag, index }))
    .sort((a, b) => ORDER[a.flag.severity] - ORDER[b.flag.severity] || a.index - b.index)
    .map(({ flag }) => flag)
}

/** The codes of the flags that signal a scam rather than a weak posting. */
export const SCAM_CODES: ReadonlySet<string> = new Set([
  "UPFRONT_PAYMENT",
  "UNUSUAL_PAYMENT",
  "OFF_PLATFORM_CONTACT",
  "UNREALISTIC_PAY",
  "SENSITIVE_INFO_EARLY",
  "FREE_MAIL_RECRUITER",
  "NO_COMPANY",
  "URGENCY_PRESSURE",
  "HOME_BASED_SCHEME",
  "MANY_ROLES"
])
