import { assert, describe, it } from "@effect/vitest"
import type { Profile } from "@jobfit/core"
import { Option } from "effect"
import type { Form } from "../src/Form.js"
import { ProfileForm } from "../src/index.js"

const formOf = (fields: Record<string, string>): Form => ({
  get: (name) => fields[name],
  getAll: (name) => (fields[name] === undefined ? [] : [fields[name]]),
  file: () => Option.none()
})

const stored: Profile.Profile = {
  resume: {
    basics: { name: "Ada Lovelace", email: "ada@example.com", location: { city: "London", region: "Greater London" } },
    skills: [{ name: "TypeScript", level: "expert" }, { name: "Go" }],
    work: [{ name: "Analytical Engines", position: "Engineer", url: "https://engines.example", startDate: "2020-01" }],
    projects: [{ name: "Notes" }],
    meta: { theme: "even" }
  },
  preferences: { remote: "remote" }
}

describe("ProfileForm", () => {
  it("shows a stored profile as field values and reads them back to the same profile", () => {
    const values = ProfileForm.values(Option.some(stored))
    assert.strictEqual(values["basics.name"], "Ada Lovelace")
    assert.strictEqual(values["skills"], "TypeScript\nGo")
    assert.strictEqual(values["work.0.position"], "Engineer")
    assert.strictEqual(values["preferences.remote"], "remote")
    const read = ProfileForm.read(formOf({ ...values, work_count: "2", education_count: "1" }), Option.some(stored))
    assert.strictEqual(read._tag, "Ok")
    if (read._tag !== "Ok") return
    assert.deepStrictEqual(read.profile.resume, stored.resume)
    assert.deepStrictEqual(read.profile.preferences, { remote: "remote" })
  })

  it("merges edits over the stored profile: what the form does not show is kept, a cleared field is removed", () => {
    const values = ProfileForm.values(Option.some(stored))
    const read = ProfileForm.read(
      formOf({
        ...values,
        "basics.email": "",
        "basics.city": "Paris",
        skills: "typescript\nBackend: Node.js, PostgreSQL",
        "work.1.name": "Difference Ltd",
        "work.1.startDate": "2018",
        "work.1.highlights": "Built a mill\n\nRan it",
        "preferences.min_salary": "65,000",
        "preferences.salary_currency": "eur",
        "preferences.needs_visa_sponsorship": "yes",
        work_count: "2",
        education_count: "1"
      }),
      Option.some(stored)
    )
    assert.strictEqual(read._tag, "Ok")
    if (read._tag !== "Ok") return
    const resume = read.profile.resume
    assert.deepStrictEqual(resume["basics"], {
      name: "Ada Lovelace",
      location: { city: "Paris", region: "Greater London" }
    })
    assert.deepStrictEqual(resume["skills"], [
      { name: "typescript", level: "expert" },
      { name: "Backend", keywords: ["Node.js", "PostgreSQL"] }
    ])
    assert.deepStrictEqual(resume["work"], [
      stored.resume.work![0],
      { name: "Difference Ltd", startDate: "2018", highlights: ["Built a mill", "Ran it"] }
    ])
    assert.deepStrictEqual(resume["projects"], [{ name: "Notes" }])
    assert.deepStrictEqual(resume["meta"], { theme: "even" })
    assert.deepStrictEqual(read.profile.preferences, {
      remote: "remote",
      min_salary: 65000,
      salary_currency: "EUR",
      needs_visa_sponsorship: true
    })
  })

  it("names each field that needs a change", () => {
    const read = ProfileForm.read(
      formOf({
        "basics.email": "not an email",
        "basics.url": "ftp://x",
        "basics.countryCode": "Germany",
        "work.0.summary": "did things",
        "work.0.startDate": "Jan 2020",
        "education.0.area": "Maths",
        "preferences.min_salary": "lots",
        "preferences.salary_currency": "euro",
        "preferences.remote": "mars",
        work_count: "1",
        education_count: "1"
      }),
      Option.none()
    )
    assert.strictEqual(read._tag, "Invalid")
    if (read._tag !== "Invalid") return
    assert.deepStrictEqual(read.errors, {
      "basics.email": "Enter an email address",
      "basics.url": "Enter a web address starting with https://",
      "basics.countryCode": "Use a two-letter country code such as DE or US",
      "work.0.startDate": "Use YYYY, YYYY-MM or YYYY-MM-DD",
      "work.0.name": "Give the employer or the position",
      "education.0.institution": "Give the school or university",
      "preferences.remote": "Choose one of the options",
      "preferences.min_salary": "Use a whole number, such as 65000",
      "preferences.salary_currency": "Use a three-letter currency code such as EUR or USD"
    })
  })
})
