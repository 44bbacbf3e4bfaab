import type { Factor } from "./Factors.js"
import type { ProfileFacts } from "./ProfileFacts.js"

// Words of a title that say nothing about the work itself.
const GENERIC = new Set(
  ("senior sr junior jr lead principal staff head chief associate assistant intern entry level mid i ii iii iv v " +
    "the and of for a an to in at with remote hybrid on site onsite full part time contract temporary temp " +
    "needed wanted hiring now asap urgent apply immediate immediately start new team all shifts shift day night " +
    "weekend weekends specialist professional officer manager coordinator representative rep")
    .split(" ")
)

const wordsOf = (title: string): ReadonlyArray<string> =>
  [...new Set(title.toLowerCase().replace(/[^a-z0-9+#]+/g, " ").split(" "))].filter((w) =>
    w.length > 1 && !GENERIC.has(w) && !/^\d+$/.test(w)
  )

/**
 * When a posting names no skill we recognise, its title against the roles of the profile: the share of the
 * title's telling words ("electrician", "nurse", "driver") that the profile uses. A guess, so it never reaches full
 * marks.
 */
export const roleFactor = (title: string, facts: ProfileFacts): Factor => {
  const words = wordsOf(title)
  const found = words.filter((w) => facts.text.includes(` ${w}`))
  const overlap = words.length === 0 ? 0 : found.length / words.length
  const detail = words.length === 0
    ? "the posting names no skills we recognise, and its title says little about the work"
    : `the posting names no skills we recognise; your profile shares ${found.length} of ${words.length} words of its title`
  return { factor: "required_skills", applicable: true, score: 0.1 + 0.7 * overlap, detail }
}
