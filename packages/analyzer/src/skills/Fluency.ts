import type { Profile } from "@jobfit/core"
import type { PostingSkill } from "./PostingSkills.js"
import type { ProfileSkill } from "./ProfileSkills.js"

// "Fluent Spanish is mandatory", "bilingual (English/Spanish)", "native-level German", "business-level French".
const ASKS_FLUENCY =
  /\b(?:fluen(?:t|cy)|bilingual|native|mother tongue|business[- ]level|professional[- ]level|full professional|proficien(?:t|cy)|excellent|C1|C2)\b/i

// A profile's own word for a level below working fluency (JSON Resume leaves `fluency` free text).
const BELOW_FLUENT =
  /\b(?:basic|beginner|elementary|conversational|limited|intermediate|some|learning|a1|a2|b1|survival)\b/i

/**
 * Languages the posting asks to be spoken fluently that the profile lists only at a lower level ("Spanish —
 * Conversational"): for this posting the profile does not have them.
 */
export const fluencyShortOf = (
  skills: ReadonlyArray<PostingSkill>,
  resume: Profile.Resume
): ReadonlySet<string> => {
  const levels = new Map((resume.languages ?? []).map((l) => [l.language.trim().toLowerCase(), l.fluency ?? ""]))
  const short = new Set<string>()
  for (const asked of skills) {
    if (asked.skill.category !== "Languages" || !ASKS_FLUENCY.test(asked.quote)) continue
    const level = levels.get(asked.skill.name.toLowerCase())
    if (level !== undefined && BELOW_FLUENT.test(level)) short.add(asked.skill.name)
  }
  return short
}

/** The profile's skills less the ones this posting asks at a level the profile does not reach. */
export const withoutShort = (
  have: ReadonlyMap<string, ProfileSkill>,
  short: ReadonlySet<string>
): ReadonlyMap<string, ProfileSkill> =>
  short.size === 0 ? have : new Map([...have].filter(([name]) => !short.has(name)))
