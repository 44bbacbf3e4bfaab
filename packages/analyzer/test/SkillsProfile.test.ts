import { assert, describe, it } from "@effect/vitest"
import { IMPLIED, SHOWN_BY_ONE, SHOWN_BY_TWO } from "../src/skills/Implied.js"
import { profileSkills } from "../src/skills/ProfileSkills.js"
import { taxonomy } from "./AnalyzerSupport.js"

describe("profile skills", () => {
  it("reads skills, keywords, highlights, summaries, project keywords, certificates and languages", () => {
    const skills = profileSkills({
      skills: [{ name: "Backend", keywords: ["go", "Postgres", "C"] }],
      work: [{ name: "Acme", summary: "Ran Kubernetes clusters.", highlights: ["Built ETL jobs in Python"] }],
      projects: [{ name: "Side project", keywords: ["React Native"] }],
      certificates: [{ name: "Certified Public Accountant" }],
      languages: [{ language: "Spanish" }]
    }, taxonomy)
    for (
      const name of [
        "Go",
        "PostgreSQL",
        "C",
        "Kubernetes",
        "ETL",
        "Python",
        "React Native",
        "Certified Public Accountant",
        "Spanish"
      ]
    ) assert.isTrue(skills.has(name), name)
    assert.deepStrictEqual(skills.get("PostgreSQL")?.spellings, ["Postgres"])
  })

  it("leaves out what the profile says the person lacks, and ambiguous words in prose", () => {
    const skills = profileSkills({
      work: [{ name: "Acme", highlights: ["Worked without Java", "Go the extra mile for customers"] }]
    }, taxonomy)
    assert.isFalse(skills.has("Java"))
    assert.isFalse(skills.has("Go"))
  })

  it("counts a degree named by its kind as the credential ('BSN')", () => {
    assert.isTrue(profileSkills({ education: [{ studyType: "BSN", area: "Nursing" }] }, taxonomy).has("BSN degree"))
  })

  it("handles an empty resume", () => {
    assert.strictEqual(profileSkills({}, taxonomy).size, 0)
  })
})

describe("implied skills", () => {
  it("names only skills of the taxonomy", () => {
    for (const [from, implied] of Object.entries({ ...IMPLIED, ...SHOWN_BY_TWO })) {
      for (const name of [from, ...implied]) assert.isDefined(taxonomy.byName.get(name.toLowerCase()), name)
    }
    const categories = new Set(taxonomy.skills.map((s) => s.category))
    for (const { area, categories: of = [], skills = [] } of SHOWN_BY_ONE) {
      for (const name of [area, ...skills]) assert.isDefined(taxonomy.byName.get(name.toLowerCase()), name)
      for (const category of of) assert.isTrue(categories.has(category), category)
    }
  })

  it("adds a broad area that one of its skills shows, by name or by category", () => {
    const found = profileSkills(
      { skills: [{ name: "Back end", keywords: ["PostgreSQL", "Go", "Prometheus"] }] },
      taxonomy
    )
    for (const area of ["Databases", "Software development", "Monitoring"]) assert.isTrue(found.has(area), area)
    assert.isFalse(found.has("Front-end development"))
    assert.isFalse(
      profileSkills({ skills: [{ name: "Office", keywords: ["Microsoft Excel"] }] }, taxonomy).has("Databases")
    )
  })

  it("adds a broad practice that two of its skills show, and not one", () => {
    const two = profileSkills({ skills: [{ name: "Ops", keywords: ["Kubernetes", "Terraform"] }] }, taxonomy)
    assert.isTrue(two.has("DevOps"))
    const one = profileSkills({ skills: [{ name: "Ops", keywords: ["Docker", "Jenkins"] }] }, taxonomy)
    assert.isFalse(one.has("DevOps"))
    const growth = profileSkills({ skills: [{ name: "Marketing", keywords: ["SEO", "Email marketing"] }] }, taxonomy)
    assert.isTrue(growth.has("Growth marketing"))
  })

  it("adds what a skill shows: closing the books means journal entries, TypeScript means JavaScript", () => {
    const have = profileSkills({ skills: [{ name: "Work", keywords: ["Month-end close", "TypeScript"] }] }, taxonomy)
    for (const name of ["Journal entries", "Accruals", "General ledger", "JavaScript"]) {
      assert.isTrue(have.has(name), name)
    }
    assert.isFalse(have.has("Python"))
    // Every nurse charts: a registered nurse's licence shows clinical documentation.
    const nurse = profileSkills({ certificates: [{ name: "Registered Nurse (RN), Texas" }] }, taxonomy)
    assert.isTrue(nurse.has("Clinical documentation"))
    // PostgreSQL is a relational database.
    const postgres = profileSkills({ skills: [{ name: "Data", keywords: ["PostgreSQL"] }] }, taxonomy)
    assert.isTrue(postgres.has("Relational databases"))
  })
})

describe("the language a resume is written in", () => {
  it("counts English for a resume written in it, and not for an empty one", () => {
    assert.isTrue(
      profileSkills({ work: [{ name: "Acme", summary: "Ran the spring campaign." }] }, taxonomy).has("English")
    )
    assert.isFalse(profileSkills({}, taxonomy).has("English"))
  })
})
