/** Career levels, lowest first; the profile's `preferences.seniority` uses the same names. */
export const LEVELS = ["intern", "junior", "mid", "senior", "lead", "principal"] as const
export type Level = typeof LEVELS[number]

const TITLE_LEVELS: ReadonlyArray<readonly [RegExp, Level]> = [
  [/\b(?:intern|internship|trainee|apprentice|apprenticeship|werkstudent)\b/i, "intern"],
  [/\b(?:principal|distinguished|director|head of|vp|vice president|chief|architect)\b/i, "principal"],
  // "Staff Engineer" is above senior; a "Staff Accountant" or "Staff Nurse" is not.
  [
    /\b(?:lead|manager|supervisor|staff (?:software |data |ml |machine learning |product |site reliability )?(?:engineer|scientist|designer|developer|architect))\b/i,
    "lead"
  ],
  [/\b(?:senior|sr\.?|experienced|expert)\b/i, "senior"],
  [/\b(?:junior|jr\.?|entry[- ]level|graduate|grad|associate|assistant)\b/i, "junior"],
  [/\b(?:mid[- ]level|intermediate|mid[- ]senior)\b/i, "mid"]
]

/** The level a job title names, if it names one ("Senior Nurse", "Junior Accountant"). */
export const levelOfTitle = (title: string): Level | undefined =>
  TITLE_LEVELS.find(([pattern]) => pattern.test(title))?.[1]

/** The years of experience a level usually implies, as a posting that names no years would expect. */
export const yearsForLevel: Readonly<Record<Level, number>> = {
  intern: 0,
  junior: 0,
  mid: 2,
  senior: 5,
  lead: 7,
  principal: 10
}

export const levelIndex = (level: Level): number => LEVELS.indexOf(level)

export const isLevel = (text: string): text is Level => LEVELS.some((level) => level === text)

export const levelLabel: Readonly<Record<Level, string>> = {
  intern: "intern",
  junior: "junior",
  mid: "mid-level",
  senior: "senior",
  lead: "lead",
  principal: "principal"
}

// Words that name a level or join a title's words, not the occupation.
const NOT_OCCUPATION = new Set([
  "senior",
  "sr",
  "junior",
  "jr",
  "staff",
  "mid",
  "level",
  "intermediate",
  "experienced",
  "i",
  "ii",
  "iii",
  "of",
  "and",
  "the"
])

const occupationWords = (title: string): ReadonlyArray<string> =>
  title.toLowerCase().split(/[^\p{L}\d+#.]+/u).map((word) => word.replace(/\.$/, "")).filter((word) =>
    word !== "" && !NOT_OCCUPATION.has(word)
  )

/**
 * Whether a title is the profile's own job one level up: "Senior Accountant" for a "Staff Accountant", and not
 * "Senior Tax Accountant" or "Senior Accountant, Revenue", which name a specialty of their own.
 */
export const isOwnJob = (title: string, positions: ReadonlyArray<string>): boolean => {
  const asked = occupationWords(title)
  return asked.length > 0 && positions.some((position) => {
    const own = new Set(occupationWords(position))
    return asked.every((word) => own.has(word))
  })
}
