import { assert, describe, it } from "@effect/vitest"
import { type Analysis, CvWriter, Job, type JobStore, Profile } from "@jobfit/core"
import { DateTime, Effect, Schema } from "effect"
import * as fc from "fast-check"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { layer, writeCv } from "../src/BuiltinCvWriter.js"
import { escapeHtml } from "../src/cv/Html.js"
import { findMentions } from "../src/skills/Matcher.js"
import { profileSkills, skillsOfEntry } from "../src/skills/ProfileSkills.js"
import { sentencesOf } from "../src/skills/Sentence.js"
import { loadCorpus } from "./AnalyzerCorpus.js"
import { taxonomy } from "./AnalyzerSupport.js"

const now = new Date("2025-06-01T00:00:00Z")

const storedJob = (analysis: Analysis.Analysis): JobStore.StoredJob => ({
  job: Job.Job.make({
    id: Schema.decodeSync(Job.Job.fields.id)(1),
    title: analysis.title,
    company: analysis.company,
    location: analysis.location,
    match_score: analysis.match_score,
    verdict: analysis.verdict,
    status: "analyzed",
    analyzed_at: DateTime.unsafeMake(now),
    url: "https://jobs.example.com/1"
  }),
  analysis
})

const analysisWith = (matching: ReadonlyArray<string>, missing: ReadonlyArray<string>): Analysis.Analysis => ({
  title: "Backend Engineer",
  company: "Northwind",
  location: "Berlin",
  match_score: 70,
  verdict: "MAYBE",
  matching_skills: matching,
  missing_skills: missing,
  red_flags: [],
  assessment: "",
  analyzer: "test",
  evidence: [...matching, ...missing].map((skill) => ({ skill, importance: "required", matched: true, quote: "" }))
})

const corpus = loadCorpus()
const devProfile = corpus.profiles.find(([id]) => id === "dev-backend")?.[1]
const devPosting = corpus.postings.find(([id]) => id === "p01-backend-go")?.[1]

describe("CV writer", () => {
  it("puts the job's skills first and adds a summary line for the role", () => {
    if (devProfile === undefined || devPosting === undefined) return assert.fail("corpus")
    const job = storedJob(analyzePosting(devPosting, devProfile, now))
    const { content, resume } = writeCv({ profile: devProfile, job, format: "markdown" }, now)
    assert.match(content, /^# Maya Chen/)
    assert.include(resume.basics?.summary ?? "", "Senior Backend Engineer with 9 years of experience in Go, Python")
    const kettle = resume.work?.[0]?.highlights ?? []
    assert.include(kettle[0] ?? "", "PostgreSQL")
    assert.include(kettle[kettle.length - 1] ?? "", "Mentored")
  })

  it("writes a valid JSON Resume document as JSON", () => {
    if (devProfile === undefined || devPosting === undefined) return assert.fail("corpus")
    const job = storedJob(analyzePosting(devPosting, devProfile, now))
    const { content, resume } = writeCv({ profile: devProfile, job, format: "json" }, now)
    assert.deepStrictEqual(JSON.parse(content), resume)
    assert.deepStrictEqual(Schema.decodeUnknownSync(Profile.Resume)(JSON.parse(content)), resume)
    assert.match(String(resume.$schema), /jsonresume/)
  })

  it("writes a self-contained, printable HTML page where profile text cannot inject markup", () => {
    const evil = "<script>alert(1)</script>"
    const profile: Profile.Profile = {
      resume: {
        basics: { name: `Eve ${evil}`, url: "javascript:alert(1)", email: "eve@example.com\" onmouseover=\"x" },
        work: [{ name: "<img src=x onerror=alert(1)>", position: "Dev", highlights: [`Shipped ${evil}`] }],
        skills: [{ name: "Tools", keywords: ["\"><svg onload=alert(1)>"] }]
      },
      preferences: {}
    }
    const { content } = writeCv({ profile, job: storedJob(analysisWith([], [])), format: "html" }, now)
    assert.notInclude(content, "<script>alert")
    assert.notInclude(content, "<img")
    assert.notInclude(content, "<svg")
    assert.notInclude(content, "href=\"javascript:")
    const tags = content.match(/<[^>]*>/g) ?? []
    for (const tag of tags) assert.notMatch(tag, /^<(?:script|img|svg|link|iframe|object)\b|\son\w+=|javascript:/i, tag)
    assert.include(content, escapeHtml(evil))
    assert.match(content, /@media print/)
    assert.match(content, /^<!DOCTYPE html>/)
  })

  it("escapes Markdown so profile text stays text", () => {
    const profile: Profile.Profile = {
      resume: {
        basics: { name: "Mallory" },
        work: [{ name: "Acme", position: "Dev", highlights: ["<b>bold</b> [link](http://x) *em*"] }]
      },
      preferences: {}
    }
    const { content } = writeCv({ profile, job: storedJob(analysisWith([], [])), format: "markdown" }, now)
    assert.include(content, "\\<b\\>bold\\</b\\> \\[link\\](http://x) \\*em\\*")
  })

  it("works for an empty profile", () => {
    for (const format of ["markdown", "html", "json"] as const) {
      const { content, resume } = writeCv({
        profile: { resume: {}, preferences: {} },
        job: storedJob(analysisWith(["Go"], [])),
        format
      }, now)
      assert.isAbove(content.length, 0)
      assert.isUndefined(resume.work)
      assert.isUndefined(resume.skills)
    }
  })

  it.effect("is a CvWriter layer", () =>
    Effect.gen(function*() {
      if (devProfile === undefined) return assert.fail("corpus")
      const writer = yield* CvWriter.CvWriter
      const { content } = yield* writer.write({
        profile: devProfile,
        job: storedJob(analysisWith(["Go"], [])),
        format: "markdown"
      })
      assert.include(content, "Maya Chen")
    }).pipe(Effect.provide(layer)))
})

// Property: whatever the analysis claims, the CV holds no employer, date, degree or skill the profile lacks.
const word = fc.constantFrom("Acme", "Northwind", "Kettle", "Datawerk", "Globex", "Initech", "Umbrella", "Hooli")
const date = fc.tuple(fc.integer({ min: 1995, max: 2025 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) =>
  `${y}-${String(m).padStart(2, "0")}`
)
const skillName = fc.constantFrom(
  "Python",
  "Go",
  "PostgreSQL",
  "Kubernetes",
  "Registered Nurse",
  "Microsoft Excel",
  "GAAP",
  "Figma",
  "Welding",
  "Spanish",
  "React",
  "SQL"
)
const sentence = fc.tuple(fc.constantFrom("Built", "Ran", "Led", "Improved"), fc.array(skillName, { maxLength: 2 }))
  .map(
    ([verb, skills]) => `${verb} work with ${skills.join(" and ") || "the team"}`
  )
const resume: fc.Arbitrary<Profile.Resume> = fc.record({
  basics: fc.record({ name: word, label: fc.constantFrom("Engineer", "Nurse", "Accountant") }, {
    requiredKeys: ["name"]
  }),
  work: fc.array(
    fc.record({
      name: word,
      position: fc.constantFrom("Developer", "Analyst"),
      startDate: date,
      endDate: date,
      highlights: fc.array(sentence, { maxLength: 8 })
    }, {
      requiredKeys: ["name", "startDate"]
    }),
    { maxLength: 4 }
  ),
  education: fc.array(
    fc.record({
      institution: word,
      area: fc.constantFrom("Physics", "Nursing"),
      studyType: fc.constantFrom("BSc", "MSc"),
      startDate: date,
      endDate: date
    }),
    { maxLength: 2 }
  ),
  skills: fc.array(
    fc.record({ name: fc.constantFrom("Core", "Tools"), keywords: fc.array(skillName, { maxLength: 5 }) }),
    { maxLength: 3 }
  )
}, { requiredKeys: [] })

const datesIn = (text: string): ReadonlyArray<string> => text.match(/\b\d{4}-\d{2}\b/g) ?? []

/** What a reader of the CV sees: for HTML, the text without markup and styles. */
const visible = (content: string, format: string): string =>
  format !== "html" ? content : content
    .replace(/<style>[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]*>/g, "\n")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, "\"")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")

describe("CV writer invents nothing", () => {
  it("every employer, date, degree and skill of the output exists in the profile", () => {
    fc.assert(
      fc.property(
        resume,
        fc.array(skillName),
        fc.constantFrom("markdown" as const, "html" as const, "json" as const),
        (r, claimed, format) => {
          const profile: Profile.Profile = { resume: r, preferences: {} }
          const job = storedJob(analysisWith(claimed, []))
          const { content, resume: out } = writeCv({ profile, job, format }, now)
          const employers = new Set((r.work ?? []).map((w) => w.name))
          for (const w of out.work ?? []) assert.isTrue(employers.has(w.name), `employer ${w.name}`)
          const profileDates = new Set([
            ...(r.work ?? []).flatMap((w) => [w.startDate, w.endDate]),
            ...(r.education ?? []).flatMap((e) => [e.startDate, e.endDate])
          ])
          for (const d of datesIn(JSON.stringify(out))) {
            assert.isTrue(profileDates.has(d), `date ${d}`)
          }
          for (const d of datesIn(content)) assert.isTrue(profileDates.has(d), `date ${d} in content`)
          const degrees = new Set((r.education ?? []).map((e) => `${e.institution}|${e.studyType}|${e.area}`))
          for (const e of out.education ?? []) assert.isTrue(degrees.has(`${e.institution}|${e.studyType}|${e.area}`))
          const listed = new Set((r.skills ?? []).flatMap((s) => [s.name, ...(s.keywords ?? [])]))
          for (const s of out.skills ?? []) {
            for (const k of [s.name, ...(s.keywords ?? [])]) {
              assert.isTrue(listed.has(k), k)
            }
          }
          const has = profileSkills(r, taxonomy)
          const texts = [visible(content, format), out.basics?.summary ?? ""]
          for (const text of texts) {
            for (const sentence of sentencesOf(text)) {
              for (const m of findMentions(sentence, taxonomy)) {
                const known = has.has(m.skill.name) ||
                  skillsOfEntry(m.skill.name, taxonomy).every((s) => has.has(s.name))
                assert.isTrue(known, `skill ${m.skill.name} in "${sentence.text}"`)
              }
            }
          }
        }
      ),
      { numRuns: 150 }
    )
  })
})
