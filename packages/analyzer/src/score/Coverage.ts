import type { Importance, PostingSkill } from "../skills/PostingSkills.js"

/** How many of a posting's asks of one importance the profile meets; "Go or Rust" is one ask. */
export interface Coverage {
  readonly asks: number
  readonly met: number
  readonly matched: ReadonlyArray<string>
  /** Asks the profile does not meet: a skill, or an either/or group named once ("Go or Rust"). */
  readonly missing: ReadonlyArray<string>
}

export const coverage = (
  skills: ReadonlyArray<PostingSkill>,
  importance: Importance,
  has: (skill: string) => boolean
): Coverage => {
  const asked = skills.filter((s) => s.importance === importance)
  const matched = asked.filter((s) => has(s.skill.name)).map((s) => s.skill.name)
  const missing: Array<string> = []
  // Each skill is one ask, except that a list of alternatives counts once however many of it are named.
  const seen = new Set<string>()
  let asks = 0
  let met = 0
  for (const s of asked) {
    if (seen.has(s.skill.name)) continue
    const group = [s.skill.name, ...s.alternatives.filter((a) => asked.some((o) => o.skill.name === a))]
    for (const name of group) seen.add(name)
    asks++
    if (group.some(has) || s.alternatives.some(has)) met++
    else missing.push(group.join(" or "))
  }
  return { asks, met, matched, missing }
}
