import type { JobStore } from "@jobfit/core"
import { skillsOfEntry, skillsOfText } from "../skills/ProfileSkills.js"
import type { Taxonomy } from "../skills/Taxonomy.js"

/** How much each of the job's skills counts when ordering the profile's own text: required 2, preferred 1. */
export type JobWeights = ReadonlyMap<string, number>

export const jobWeights = (job: JobStore.StoredJob): JobWeights => {
  const weights = new Map<string, number>()
  for (const e of job.analysis.evidence ?? []) {
    weights.set(e.skill, Math.max(weights.get(e.skill) ?? 0, e.importance === "required" ? 2 : 1))
  }
  for (const name of [...job.analysis.matching_skills, ...job.analysis.missing_skills]) {
    if (!weights.has(name)) weights.set(name, 1)
  }
  return weights
}

/** The relevance of a piece of the profile's writing: the job skills it names, weighted. */
export const textRelevance = (text: string, weights: JobWeights, taxonomy: Taxonomy): number =>
  [...new Set(skillsOfText(text, taxonomy).map((s) => s.name))].reduce((sum, n) => sum + (weights.get(n) ?? 0), 0)

/** The relevance of a listed skill or keyword ("Postgres" counts as PostgreSQL). */
export const entryRelevance = (entry: string, weights: JobWeights, taxonomy: Taxonomy): number =>
  [...new Set(skillsOfEntry(entry, taxonomy).map((s) => s.name))].reduce((sum, n) => sum + (weights.get(n) ?? 0), 0)

/** Items ordered by relevance, most relevant first, keeping the profile's order among equals. */
export const byRelevance = <A>(items: ReadonlyArray<A>, relevance: (item: A) => number): Array<A> =>
  items
    .map((item, index) => ({ item, index, score: relevance(item) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item }) => item)
