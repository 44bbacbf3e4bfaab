const known: ReadonlyArray<readonly [RegExp, string]> = [
  [/^full[\s_-]?time|^permanent|^regular/i, "FULL_TIME"],
  [/^part[\s_-]?time/i, "PART_TIME"],
  [/^contract|^freelance|^contractor/i, "CONTRACTOR"],
  [/^temp|^fixed[\s_-]?term|^seasonal/i, "TEMPORARY"],
  [/^intern|^apprentice|^trainee|^working[\s_-]?student/i, "INTERN"],
  [/^volunteer/i, "VOLUNTEER"],
  [/^per[\s_-]?diem/i, "PER_DIEM"]
]

/** schema.org employment types (FULL_TIME, PART_TIME, CONTRACTOR...) from the spellings boards use. */
export const normaliseEmploymentType = (values: ReadonlyArray<string>): string | undefined => {
  const types = values
    .map((value) => value.trim())
    .filter((value) => value.length > 0)
    .map((value) => known.find(([pattern]) => pattern.test(value))?.[1] ?? value.toUpperCase().replace(/[\s-]+/g, "_"))
  const unique = [...new Set(types)]
  return unique.length === 0 ? undefined : unique.join(", ")
}

const inText: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bfull[\s-]?time\b/i, "FULL_TIME"],
  [/\bpart[\s-]?time\b/i, "PART_TIME"],
  [/\b(contract(or)? (role|position)|freelance)\b/i, "CONTRACTOR"],
  [/\binternship\b/i, "INTERN"]
]

/** The employment type a free-text posting names first, if any. */
export const employmentTypeInText = (text: string): string | undefined =>
  inText
    .map(([pattern, type]) => [pattern.exec(text)?.index ?? Infinity, type] as const)
    .filter(([index]) => index !== Infinity)
    .sort(([a], [b]) => a - b)[0]?.[1]
