import type { JobStore, Profile } from "@jobfit/core"
import { listOf } from "../assess/Assessment.js"
import { yearsOfWork } from "../score/ResumeDates.js"
import { profileSkills } from "../skills/ProfileSkills.js"
import type { Taxonomy } from "../skills/Taxonomy.js"
import { byRelevance, entryRelevance, jobWeights, textRelevance } from "./Relevance.js"

type Resume = Profile.Resume

export const RESUME_SCHEMA = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json"
const MAX_HIGHLIGHTS = 6
const MAX_SKILL_GROUPS = 12
const MAX_PROJECTS = 6

/**
 * The one sentence the CV adds: the profile's label (or latest position), its years of work, and the job's
 * skills the profile really has, in the profile's own spelling. It names no employer, date, degree or new skill.
 */
export const summaryLine = (
  resume: Resume,
  matching: ReadonlyArray<string>,
  now: Date,
  taxonomy: Taxonomy
): string | undefined => {
  const own = profileSkills(resume, taxonomy)
  const skills = matching.flatMap((name) => {
    const found = own.get(name)
    return found === undefined ? [] : [found.spellings[0] ?? found.skill.name]
  }).slice(0, 4)
  const role = resume.basics?.label ?? resume.work?.[0]?.position
  const years = Math.floor(yearsOfWork(resume.work, now))
  const parts = [
    role ?? "Professional",
    years >= 1 ? `with ${years} year${years === 1 ? "" : "s"} of experience` : undefined,
    skills.length > 0 ? `${years >= 1 ? "in" : "skilled in"} ${listOf(skills, 4)}` : undefined
  ].filter((p) => p !== undefined)
  return parts.length > 1 ? `${parts.join(" ")}.` : undefined
}

/**
 * The profile's resume aimed at one job: skills, work highlights and projects ordered (and trimmed) by relevance
 * to the job's analysis, and a summary line. Everything in it comes from the profile; nothing is added.
 */
export const tailorResume = (
  profile: Profile.Profile,
  job: JobStore.StoredJob,
  now: Date,
  taxonomy: Taxonomy
): Resume => {
  const resume = profile.resume
  const weights = jobWeights(job)
  const entry = (text: string) => entryRelevance(text, weights, taxonomy)
  const text = (value: string | undefined) => (value === undefined ? 0 : textRelevance(value, weights, taxonomy))
  const line = summaryLine(resume, job.analysis.matching_skills, now, taxonomy)
  const summary = [line, resume.basics?.summary].filter((s) => s !== undefined && s !== "").join(" ")
  const basics = resume.basics === undefined && summary === "" ? undefined : {
    ...resume.basics,
    ...(summary === "" ? {} : { summary })
  }
  const work = resume.work?.map((w) => ({
    ...w,
    ...(w.highlights === undefined ? {} : { highlights: byRelevance(w.highlights, text).slice(0, MAX_HIGHLIGHTS) })
  }))
  const skills = resume.skills === undefined ? undefined : byRelevance(
    resume.skills.map((s) => ({
      ...s,
      ...(s.keywords === undefined ? {} : { keywords: byRelevance(s.keywords, entry) })
    })),
    (s) => entry(s.name) + (s.keywords ?? []).reduce((sum, k) => sum + entry(k), 0)
  ).slice(0, MAX_SKILL_GROUPS)
  const projects = resume.projects === undefined ? undefined : byRelevance(
    resume.projects,
    (p) =>
      text(p.description) + (p.highlights ?? []).reduce((s, h) => s + text(h), 0) +
      (p.keywords ?? []).reduce((s, k) => s + entry(k), 0)
  ).slice(0, MAX_PROJECTS)
  const certificates = resume.certificates === undefined
    ? undefined
    : byRelevance(resume.certificates, (c) => entry(c.name))
  return {
    ...resume,
    $schema: RESUME_SCHEMA,
    ...(basics === undefined ? {} : { basics }),
    ...(work === undefined ? {} : { work }),
    ...(skills === undefined ? {} : { skills }),
    ...(projects === undefined ? {} : { projects }),
    ...(certificates === undefined ? {} : { certificates })
  }
}
