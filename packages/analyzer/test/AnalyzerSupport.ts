import type { Posting, Profile } from "@jobfit/core"
import { builtinTaxonomy } from "../src/skills/BuiltinTaxonomy.js"
import { findMentions } from "../src/skills/Matcher.js"
import { postingSegments } from "../src/skills/PostingSegments.js"
import { type PostingSkill, postingSkills } from "../src/skills/PostingSkills.js"
import { makeSentence } from "../src/skills/Sentence.js"

export const taxonomy = builtinTaxonomy()

/** Canonical names of the skills a sentence names, in order. */
export const skillsIn = (text: string, listItem = false): ReadonlyArray<string> =>
  findMentions(makeSentence(text), taxonomy, { listItem }).map((m) => m.skill.name)

export const posting = (fields: Partial<Posting.Posting> & { readonly description: string }): Posting.Posting => ({
  url: "https://jobs.example.com/1",
  title: "Engineer",
  company: "Acme",
  location: "Berlin, Germany",
  ...fields
})

export const skillsOfPosting = (fields: Partial<Posting.Posting> & { readonly description: string }) => {
  const p = posting(fields)
  const found = postingSkills(postingSegments(p, taxonomy), taxonomy, p.company, p.title)
  const byName = new Map<string, PostingSkill>(found.map((s) => [s.skill.name, s]))
  return { found, byName, names: found.map((s) => s.skill.name) }
}

export const profile = (resume: Profile.Resume, preferences: Profile.Preferences = {}): Profile.Profile => ({
  resume,
  preferences
})
