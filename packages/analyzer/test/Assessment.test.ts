import { assert, describe, it } from "@effect/vitest"
import type { Analysis } from "@jobfit/core"
import * as fc from "fast-check"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { type AssessmentFacts, listOf, writeAssessment } from "../src/assess/Assessment.js"
import { findMentions } from "../src/skills/Matcher.js"
import { sentencesOf } from "../src/skills/Sentence.js"
import { loadCorpus } from "./AnalyzerCorpus.js"
import { taxonomy } from "./AnalyzerSupport.js"

/** Every taxonomy skill the text names. */
// What the assessment says in its own words: the posting's sentences it quotes for a missing gate are left out.
const skillsNamed = (text: string): ReadonlyArray<string> =>
  sentencesOf(text.replace(/"[^"]*"/g, "\"\"")).flatMap((s) => findMentions(s, taxonomy).map((m) => m.skill.name))

const skillNames = taxonomy.skills.map((s) => s.name)
const names = fc.uniqueArray(fc.constantFrom(...skillNames), { maxLength: 7 })
const flags: ReadonlyArray<Analysis.RedFlag> = [
  {
    code: "UPFRONT_PAYMENT",
    severity: "high",
    message: "Asks candidates to pay before they start (a fee, deposit or kit)"
  },
  { code: "FREE_MAIL_RECRUITER", severity: "medium", message: "The contact address is a free webmail account" },
  { code: "NO_SALARY_RANGE", severity: "low", message: "Gives no salary or pay range" }
]
const factor = (name: string) =>
  fc.record({ weight: fc.constantFrom(0, 0.15), score: fc.double({ min: 0, max: 1, noNaN: true }) }).map((f) => ({
    factor: name,
    weight: f.weight,
    score: f.score,
    detail: `the ${name} detail`
  }))

const facts: fc.Arbitrary<AssessmentFacts> = fc.record({
  score: fc.integer({ min: 0, max: 100 }),
  verdict: fc.constantFrom("APPLY" as const, "MAYBE" as const, "SKIP" as const),
  skills: fc.tuple(names, names, names, names),
  redFlags: fc.subarray([...flags]),
  breakdown: fc.tuple(factor("experience"), factor("location"), factor("salary"))
}).map(({ breakdown, redFlags, score, skills, verdict }) => {
  // The four lists are disjoint in a real analysis.
  const seen = new Set<string>()
  const [matchingRequired, matchingPreferred, missingRequired, missingPreferred] = skills.map((list) =>
    list.filter((n) => !seen.has(n) && (seen.add(n), true))
  )
  return {
    score,
    verdict,
    matchingRequired: matchingRequired ?? [],
    matchingPreferred: matchingPreferred ?? [],
    missingRequired: missingRequired ?? [],
    missingPreferred: missingPreferred ?? [],
    redFlags,
    breakdown
  }
})

describe("assessment", () => {
  it("names no skill that is not in the matching or missing lists", () => {
    fc.assert(
      fc.property(facts, (f) => {
        const text = writeAssessment(f)
        const allowed = new Set([
          ...f.matchingRequired,
          ...f.matchingPreferred,
          ...f.missingRequired,
          ...f.missingPreferred
        ])
        for (const skill of skillsNamed(text)) assert.isTrue(allowed.has(skill), `${skill} in: ${text}`)
      }),
      { numRuns: 300 }
    )
  })

  it("states the score and no other number than those of the facts", () => {
    fc.assert(
      fc.property(facts, (f) => {
        const text = writeAssessment(f)
        assert.include(text, String(f.score))
        const numbers = text.match(/\d+/g) ?? []
        const skillText = [...f.matchingRequired, ...f.matchingPreferred, ...f.missingRequired, ...f.missingPreferred]
          .join(" ")
        for (const n of numbers) {
          assert.isTrue(
            n === String(f.score) || n === "100" || skillText.includes(n) || /^\d$/.test(n),
            `${n} in: ${text}`
          )
        }
      }),
      { numRuns: 200 }
    )
  })

  it("speaks of risks only when there are red flags, and says to skip when one is high", () => {
    fc.assert(
      fc.property(facts, (f) => {
        const text = writeAssessment(f).toLowerCase()
        if (f.redFlags.length === 0) assert.notMatch(text, /warning|red flag|careful|scam|risky|concern/)
        if (f.redFlags.some((r) => r.severity === "high")) assert.match(text, /skip/)
      }),
      { numRuns: 200 }
    )
  })

  it("is deterministic and varies its wording between analyses", () => {
    const samples = fc.sample(facts, { numRuns: 60, seed: 7 })
    for (const f of samples) assert.strictEqual(writeAssessment(f), writeAssessment(f))
    const openings = new Set(samples.map((f) => writeAssessment(f).split(". ")[0]?.replace(/\d+/g, "#")))
    assert.isAtLeast(openings.size, 6)
  })

  it("says when the posting is too thin to judge", () => {
    const text = writeAssessment({
      score: 50,
      verdict: "MAYBE",
      matchingRequired: [],
      matchingPreferred: [],
      missingRequired: [],
      missingPreferred: [],
      redFlags: [],
      breakdown: []
    })
    assert.match(text, /too little|neutral/)
  })

  it("lists naturally", () => {
    assert.strictEqual(listOf(["A"]), "A")
    assert.strictEqual(listOf(["A", "B"]), "A and B")
    assert.strictEqual(listOf(["A", "B", "C"]), "A, B and C")
    assert.strictEqual(listOf(["A", "B", "C", "D", "E", "F"]), "A, B, C and 3 more")
  })

  it("holds on every analysis of the corpus", () => {
    const corpus = loadCorpus()
    for (const [, posting] of corpus.postings) {
      for (const [, p] of corpus.profiles) {
        const analysis = analyzePosting(posting, p, corpus.now)
        // An either/or ask is listed once, as "Go or Rust".
        const allowed = new Set(
          [...analysis.matching_skills, ...analysis.missing_skills].flatMap((n) => n.split(" or "))
        )
        for (const skill of skillsNamed(analysis.assessment)) assert.isTrue(allowed.has(skill), analysis.assessment)
        assert.include(analysis.assessment, String(analysis.match_score))
      }
    }
  })
})
