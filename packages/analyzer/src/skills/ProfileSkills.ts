import type { Profile } from "@jobfit/core"
import { areasShownBy, IMPLIED, SHOWN_BY_TWO } from "./Implied.js"
import { findMentions } from "./Matcher.js"
import { polarityOf } from "./Negation.js"
import { makeSentence, sentencesOf } from "./Sentence.js"
import type { Skill, Taxonomy } from "./Taxonomy.js"
import { keyOf, tokenize } from "./Tokenizer.js"

/** A skill of the profile and the profile's own words for it ("Postgres" for PostgreSQL). */
export interface ProfileSkill {
  readonly skill: Skill
  readonly spellings: ReadonlyArray<string>
}

type Resume = Profile.Resume

const listed = (resume: Resume): ReadonlyArray<string> => [
  ...(resume.skills ?? []).flatMap((s) => [s.name, ...(s.keywords ?? [])]),
  ...(resume.projects ?? []).flatMap((p) => p.keywords ?? []),
  ...(resume.certificates ?? []).map((c) => c.name),
  ...(resume.languages ?? []).map((l) => l.language),
  // A degree named by its kind ("BSN", "MBA") is a credential the profile holds; its subject ("Physics") a field the
  // profile studied, which a CV of it names.
  ...(resume.education ?? []).flatMap((e) => [e.studyType, e.area].filter((x) => x !== undefined))
]

const written = (resume: Resume): ReadonlyArray<string> => [
  ...(resume.basics?.label === undefined ? [] : [resume.basics.label]),
  ...(resume.work ?? []).flatMap((w) => [w.position ?? "", w.summary ?? "", ...(w.highlights ?? [])]),
  ...(resume.projects ?? []).flatMap((p) => [p.description ?? "", ...(p.highlights ?? [])])
]

/** Skills a listed entry names: the whole entry as one term ("go" is Go here), else the terms inside it. */
export const skillsOfEntry = (entry: string, taxonomy: Taxonomy): ReadonlyArray<Skill> => {
  const whole = taxonomy.anyCase.get(keyOf(tokenize(entry), "norm"))
  if (whole !== undefined) return [whole.skill]
  return findMentions(makeSentence(entry), taxonomy, { listItem: true }).map((m) => m.skill)
}

/** Skills a free text names, leaving out the ones it says the person lacks. */
export const skillsOfText = (text: string, taxonomy: Taxonomy): ReadonlyArray<Skill> =>
  sentencesOf(text).flatMap((sentence) =>
    findMentions(sentence, taxonomy)
      .filter((m) => polarityOf(sentence, m.first, m.last) === "asked")
      .map((m) => m.skill)
  )

const cache = new WeakMap<Taxonomy, WeakMap<Resume, ReadonlyMap<string, ProfileSkill>>>()

/**
 * The profile's skills keyed by canonical name, from its skill lists (skills, project keywords, certificates,
 * languages) and its own writing (label, positions, work summaries and highlights, projects).
 */
export const profileSkills = (resume: Resume, taxonomy: Taxonomy): ReadonlyMap<string, ProfileSkill> => {
  const perTaxonomy = cache.get(taxonomy) ?? new WeakMap<Resume, ReadonlyMap<string, ProfileSkill>>()
  cache.set(taxonomy, perTaxonomy)
  const cached = perTaxonomy.get(resume)
  if (cached !== undefined) return cached
  const found = new Map<string, { skill: Skill; spellings: Array<string> }>()
  const add = (skill: Skill, spelling: string | undefined) => {
    const entry = found.get(skill.name) ?? { skill, spellings: [] }
    if (spelling !== undefined && !entry.spellings.includes(spelling)) entry.spellings.push(spelling)
    found.set(skill.name, entry)
  }
  for (const entry of listed(resume)) {
    const skills = skillsOfEntry(entry, taxonomy)
    for (const skill of skills) add(skill, skills.length === 1 ? entry : undefined)
  }
  for (const text of written(resume)) for (const skill of skillsOfText(text, taxonomy)) add(skill, undefined)
  // A resume written in English shows English, listed or not (the analyzer reads English resumes only).
  const english = taxonomy.byName.get("english")
  if (english !== undefined && !found.has(english.name) && written(resume).some((t) => t.trim() !== "")) {
    add(english, undefined)
  }
  // What the skills found imply, one step (IMPLIED lists the whole closure where it matters).
  for (const name of [...found.keys()]) {
    for (const implied of IMPLIED[name] ?? []) {
      const skill = taxonomy.byName.get(implied.toLowerCase())
      if (skill !== undefined && !found.has(implied)) add(skill, undefined)
    }
  }
  for (const [topic, members] of Object.entries(SHOWN_BY_TWO)) {
    const skill = taxonomy.byName.get(topic.toLowerCase())
    if (skill !== undefined && !found.has(topic) && members.filter((m) => found.has(m)).length >= 2) {
      add(skill, undefined)
    }
  }
  // One pass over the skills found: each adds the broad areas it shows.
  const shown = new Set<string>()
  for (const { skill } of found.values()) for (const area of areasShownBy(skill)) shown.add(area)
  for (const area of shown) {
    const skill = taxonomy.byName.get(area.toLowerCase())
    if (skill !== undefined && !found.has(area)) add(skill, undefined)
  }
  perTaxonomy.set(resume, found)
  return found
}
