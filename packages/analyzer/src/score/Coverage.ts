import type { Importance, PostingSkill } from "../skills/PostingSkills.js"

/** How many of a posting's asks of one importance the profile meets; "Go or Rust" is one ask. */
export interface Coverage {
  /** Asks, weighted: an ask the title names ("Backend Engineer (Kotlin)") counts twice. */
  readonly asks: number
  readonly met: number
  readonly matched: ReadonlyArray<string>
  /** Asks the profile does not meet: a skill, or an either/or group named once ("Go or Rust"). */
  readonly missing: ReadonlyArray<string>
  /** The missing asks the title names: the role's own skill, which the profile lacks. */
  readonly missingTitled: ReadonlyArray<string>
}

/** The weight of an ask the posting's title names: the role's own skill. */
export const TITLE_WEIGHT = 2

/**
 * Ways of working every team has and a newcomer learns in weeks (code review, Scrum, Git): an ask of them weighs
 * half of a skill of the field.
 */
export const WORKING_PRACTICES: ReadonlySet<string> = new Set([
  "Agile",
  "Scrum",
  "Kanban",
  "Code review",
  "Pair programming",
  "Software development life cycle",
  "Git",
  "Debugging",
  "Refactoring"
])
export const PRACTICE_WEIGHT = 0.5

const weightOf = (group: ReadonlyArray<PostingSkill>, inTitle: (skill: string) => boolean): number =>
  group.some((s) => inTitle(s.skill.name))
    ? TITLE_WEIGHT
    : group.every((s) => WORKING_PRACTICES.has(s.skill.name))
    ? PRACTICE_WEIGHT
    : 1

/** The root of i's group in a union-find forest, shortening the path on the way. */
const rootOf = (parent: Array<number>, i: number): number =>
  parent[i] === i ? i : (parent[i] = rootOf(parent, parent[i]!))

export const coverage = (
  skills: ReadonlyArray<PostingSkill>,
  importance: Importance,
  has: (skill: string) => boolean,
  inTitle: (skill: string) => boolean = () => false
): Coverage => {
  const asked = skills.filter((s) => s.importance === importance)
  const matched = asked.filter((s) => has(s.skill.name)).map((s) => s.skill.name)
  // Alternatives join asks into groups, transitively: "Kotlin" from the title and "Java or Kotlin" from a line are
  // one ask. Plain loops: this runs four times per analysis, over every skill of the posting.
  const index = new Map<string, number>()
  for (let i = 0; i < asked.length; i++) index.set(asked[i]!.skill.name, i)
  const parent = asked.map((_, i) => i)
  for (let i = 0; i < asked.length; i++) {
    for (const alternative of asked[i]!.alternatives) {
      const j = index.get(alternative)
      if (j !== undefined) parent[rootOf(parent, j)] = rootOf(parent, i)
    }
  }
  const groups = new Map<number, Array<PostingSkill>>()
  for (let i = 0; i < asked.length; i++) {
    const root = rootOf(parent, i)
    const group = groups.get(root)
    if (group === undefined) groups.set(root, [asked[i]!])
    else group.push(asked[i]!)
  }
  const missing: Array<string> = []
  const missingTitled: Array<string> = []
  let asks = 0
  let met = 0
  for (const group of groups.values()) {
    const weight = weightOf(group, inTitle)
    asks += weight
    if (group.some((s) => has(s.skill.name) || s.alternatives.some(has))) met += weight
    else {
      const name = group.map((s) => s.skill.name).join(" or ")
      missing.push(name)
      if (weight === TITLE_WEIGHT) missingTitled.push(name)
    }
  }
  return { asks, met, matched, missing, missingTitled }
}
