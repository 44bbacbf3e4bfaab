/**
 * The contract every Analyzer layer must keep, as an @effect/vitest suite. Run it against a custom analyzer with
 * `analyzerContract("my analyzer", MyAnalyzer.layer)`; pass the verdict thresholds it is configured with.
 */
import { assert, it } from "@effect/vitest"
import { BuiltinTaxonomy, Tokenizer } from "@jobfit/analyzer"
import { Analysis, Analyzer, type Posting, type Profile } from "@jobfit/core"
import { Effect, type Layer, Schema } from "effect"

export interface ContractOptions {
  /** The analyzer's verdict thresholds: APPLY at `apply` or above, MAYBE at `maybe` or above, else SKIP. */
  readonly thresholds?: { readonly apply: number; readonly maybe: number }
}

const base = { url: "https://jobs.example.com/contract", location: "Berlin, Germany" }

export const samplePostings: ReadonlyArray<Posting.Posting> = [
  {
    ...base,
    title: "Backend Engineer",
    company: "Northwind",
    salary: { min: 70000, max: 90000, currency: "EUR", period: "year" },
    description: "Requirements\n- 3+ years with Go or Python\n- PostgreSQL and Docker\n\nNice to have\n- Kubernetes"
  },
  {
    ...base,
    title: "Registered Nurse",
    company: "St. Brigid Hospital",
    location: "Austin, TX",
    description: "Active RN license, BLS and ACLS. Epic experience preferred. No Java experience needed."
  },
  {
    ...base,
    title: "Data Entry Clerk",
    company: "",
    remote: true,
    description: "Earn $5000 a week from home! Buy the $89 starter kit and contact us on Telegram @jobs."
  },
  { ...base, title: "Mystery role", company: "Acme", description: "" }
]

export const sampleProfiles: ReadonlyArray<Profile.Profile> = [
  {
    resume: {
      basics: { name: "Maya Chen", label: "Backend Engineer" },
      work: [{
        name: "Kettle Labs",
        position: "Engineer",
        startDate: "2018-01",
        highlights: ["Built Go services on PostgreSQL"]
      }],
      skills: [{ name: "Backend", keywords: ["Python", "Docker"] }]
    },
    preferences: { locations: ["Berlin"], remote: "hybrid", min_salary: 60000, salary_currency: "EUR" }
  },
  { resume: { certificates: [{ name: "Registered Nurse" }, { name: "BLS" }] }, preferences: { remote: "onsite" } },
  { resume: {}, preferences: {} }
]

const taxonomy = BuiltinTaxonomy.builtinTaxonomy()
const termsBySkill = new Map<string, Array<string>>()
for (const [key, term] of taxonomy.anyCase) {
  termsBySkill.set(term.skill.name, [...(termsBySkill.get(term.skill.name) ?? []), key])
}

const words = (text: string): string => ` ${Tokenizer.tokenize(text).map((t) => t.norm).join(" ")} `

/** Whether the profile's own text names the skill, by its name or any of the taxonomy's terms for it. */
export const profileMentions = (profile: Profile.Profile, skill: string): boolean => {
  const text = words(JSON.stringify(profile.resume))
  return [skill, ...(termsBySkill.get(skill) ?? [])].some((term) => text.includes(words(term)))
}

const expectedVerdict = (score: number, t: { readonly apply: number; readonly maybe: number }) =>
  score >= t.apply ? "APPLY" : score >= t.maybe ? "MAYBE" : "SKIP"

const pairs = samplePostings.flatMap((posting) => sampleProfiles.map((profile) => ({ posting, profile })))

export const analyzerContract = <E>(
  name: string,
  layer: Layer.Layer<Analyzer.Analyzer, E>,
  options: ContractOptions = {}
) =>
  it.layer(layer)(`Analyzer contract: ${name}`, (it) => {
    const thresholds = options.thresholds ?? { apply: 75, maybe: 50 }
    const analyzeAll = Effect.gen(function*() {
      const analyzer = yield* Analyzer.Analyzer
      return yield* Effect.forEach(pairs, ({ posting, profile }) =>
        analyzer.analyze(posting, profile).pipe(Effect.map((analysis) => ({ posting, profile, analysis }))))
    })

    it.effect("returns an Analysis the core schema accepts, naming the analyzer", () =>
      Effect.gen(function*() {
        for (const { analysis } of yield* analyzeAll) {
          Schema.decodeUnknownSync(Analysis.Analysis)(analysis)
          assert.isAbove(analysis.analyzer.length, 0)
        }
      }))

    it.effect("scores with an integer from 0 to 100", () =>
      Effect.gen(function*() {
        for (const { analysis } of yield* analyzeAll) {
          assert.isTrue(Number.isInteger(analysis.match_score), String(analysis.match_score))
          assert.isTrue(analysis.match_score >= 0 && analysis.match_score <= 100)
        }
      }))

    it.effect("gives the verdict its thresholds give, or SKIP when a red flag is high", () =>
      Effect.gen(function*() {
        for (const { analysis } of yield* analyzeAll) {
          const byScore = expectedVerdict(analysis.match_score, thresholds)
          const capped = analysis.verdict === "SKIP" && analysis.red_flags.some((f) =>
            f.severity === "high"
          )
          assert.isTrue(analysis.verdict === byScore || capped, `${analysis.verdict} for ${analysis.match_score}`)
        }
      }))

    it.effect("keeps matching and missing skills apart, each listed once", () =>
      Effect.gen(function*() {
        for (const { analysis } of yield* analyzeAll) {
          const matching = new Set(analysis.matching_skills)
          assert.strictEqual(matching.size, analysis.matching_skills.length)
          assert.strictEqual(new Set(analysis.missing_skills).size, analysis.missing_skills.length)
          for (const skill of analysis.missing_skills) assert.isFalse(matching.has(skill), skill)
        }
      }))

    it.effect("claims only skills the profile really names", () =>
      Effect.gen(function*() {
        for (const { analysis, profile } of yield* analyzeAll) {
          for (const skill of analysis.matching_skills) assert.isTrue(profileMentions(profile, skill), skill)
          for (const e of analysis.evidence ?? []) if (e.matched) assert.include(analysis.matching_skills, e.skill)
        }
      }))

    it.effect("gives the same analysis for the same input", () =>
      Effect.gen(function*() {
        const analyzer = yield* Analyzer.Analyzer
        for (const { posting, profile } of pairs) {
          const first = yield* analyzer.analyze(posting, profile)
          const second = yield* analyzer.analyze(posting, profile)
          assert.deepStrictEqual(second, first)
        }
      }))

    it.effect("handles an empty profile and an empty description", () =>
      Effect.gen(function*() {
        const analyzer = yield* Analyzer.Analyzer
        const empty: Profile.Profile = { resume: {}, preferences: {} }
        const blank: Posting.Posting = {
          url: "https://jobs.example.com/blank",
          title: "",
          company: "",
          location: "",
          description: ""
        }
        for (
          const analysis of [
            yield* analyzer.analyze(blank, empty),
            yield* analyzer.analyze(samplePostings[0] ?? blank, empty)
          ]
        ) {
          assert.deepStrictEqual(analysis.matching_skills, [])
          assert.isTrue(analysis.match_score >= 0 && analysis.match_score <= 100)
          assert.isString(analysis.assessment)
        }
      }))

    it.effect("gives every red flag a code, a severity and a message", () =>
      Effect.gen(function*() {
        for (const { analysis } of yield* analyzeAll) {
          for (const flag of analysis.red_flags) {
            assert.match(flag.code, /^[A-Z][A-Z0-9_]*$/)
            assert.include(["low", "medium", "high"], flag.severity)
            assert.isAbove(flag.message.length, 0)
          }
        }
      }))
  })
