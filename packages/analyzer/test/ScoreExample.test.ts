import { assert, describe, it } from "@effect/vitest"
import type { Profile } from "@jobfit/core"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { posting } from "./AnalyzerSupport.js"

// The worked example of docs/scoring.md: if this test changes, change the document with it.
const now = new Date("2025-06-01T00:00:00Z")
const job = posting({
  title: "Backend Engineer",
  company: "Northwind Freight",
  location: "Berlin, Germany",
  description:
    "Northwind Freight moves parcels across Europe.\n\nRequirements\n- 4+ years building backend services\n" +
    "- Go or Rust\n- PostgreSQL\n- Kubernetes\n- Terraform\n" +
    "- Must be authorised to work in the EU; we do not sponsor visas.\n\nNice to have\n- Apache Kafka\n- gRPC\n\n" +
    "Hybrid: two days a week in our Berlin office. €70,000 – €85,000 a year."
})
const resume: Profile.Resume = {
  basics: { label: "Backend Engineer", location: { city: "Berlin", countryCode: "DE" } },
  work: [{
    position: "Backend Engineer",
    name: "Parcelly",
    startDate: "2019-03-01",
    highlights: ["Built Go services on PostgreSQL and Kubernetes", "Ran Kafka consumers"]
  }],
  skills: [{ name: "Backend", keywords: ["Go", "PostgreSQL", "Kubernetes", "Kafka", "Docker"] }]
}
const preferences: Profile.Preferences = {
  locations: ["Berlin"],
  remote: "hybrid",
  min_salary: 75000,
  salary_currency: "EUR"
}

describe("the worked example of docs/scoring.md", () => {
  it("gives the document's factors, points and score", () => {
    const analysis = analyzePosting(job, { resume, preferences }, now)
    const rows = (analysis.breakdown ?? []).map((f) => [f.factor, f.weight, f.score])
    assert.deepStrictEqual(rows, [
      ["required_skills", 0.526, 0.811],
      ["preferred_skills", 0.053, 0.5],
      ["experience", 0.124, 1],
      ["seniority", 0, 0.5],
      ["location", 0.124, 1],
      ["salary", 0.082, 0.8],
      ["requirements", 0, 1]
    ])
    assert.strictEqual(analysis.match_score, 77)
    assert.strictEqual(analysis.verdict, "APPLY")
    assert.deepStrictEqual(analysis.missing_skills, ["Terraform", "gRPC"])
  })

  it("keeps a profile that needs a visa the posting will not sponsor at 74 or below, quoting the posting", () => {
    const abroad = {
      resume: { ...resume, basics: { label: "Backend Engineer", location: { city: "Toronto", countryCode: "CA" } } },
      preferences: { ...preferences, locations: ["Berlin", "Toronto"], needs_visa_sponsorship: true }
    }
    const analysis = analyzePosting(job, abroad, now)
    assert.isAtMost(analysis.match_score, 74)
    assert.strictEqual(analysis.verdict, "MAYBE")
    assert.include(analysis.assessment, "Must be authorised to work in the EU; we do not sponsor visas.")
  })

  it("caps the score at 49 when a required master's degree is missing", () => {
    const masters = {
      ...job,
      description: job.description.replace(
        "- Terraform\n",
        "- Terraform\n- A Master's degree in Computer Science is required\n"
      )
    }
    const analysis = analyzePosting(masters, { resume, preferences }, now)
    assert.strictEqual(analysis.match_score, 49)
    assert.strictEqual(analysis.verdict, "SKIP")
  })
})
