import { assert, describe, it } from "@effect/vitest"
import { skillsIn } from "./AnalyzerSupport.js"

describe("matcher", () => {
  it("reads symbols in names: C++, C#, F#, .NET, Node.js, Vue.js", () => {
    assert.deepStrictEqual(skillsIn("Experience with C++, C#, F#, .NET, Node.js and Vue.js."), [
      "C++",
      "C#",
      "F#",
      ".NET",
      "Node.js",
      "Vue.js"
    ])
  })

  it("tells SQL from NoSQL and PL/SQL", () => {
    assert.deepStrictEqual(skillsIn("SQL and NoSQL databases, PL/SQL and T-SQL"), ["SQL", "NoSQL", "PL/SQL", "T-SQL"])
  })

  it("finds R only as a standalone capital R in a skill context", () => {
    assert.deepStrictEqual(skillsIn("Proficiency in R or Python"), ["R", "Python"])
    assert.deepStrictEqual(skillsIn("Statistics in R."), ["Statistics", "R"])
    assert.deepStrictEqual(skillsIn("R programming for survival analysis"), ["R"])
    assert.deepStrictEqual(skillsIn("You will join our R&D team"), [])
    assert.deepStrictEqual(skillsIn("Work with the R & D group"), [])
    assert.deepStrictEqual(skillsIn("r Fast-paced environment"), [])
    assert.deepStrictEqual(skillsIn("Microsoft(R) certified partner"), [])
    assert.deepStrictEqual(skillsIn("R", true), ["R"])
  })

  it("finds Go only as Golang or a capital Go in a tech context, never the verb", () => {
    assert.deepStrictEqual(skillsIn("Services written in Go and deployed on AWS"), ["Go", "Amazon Web Services"])
    assert.deepStrictEqual(skillsIn("Go, Rust or Python"), ["Go", "Rust", "Python"])
    assert.deepStrictEqual(skillsIn("Strong Golang skills"), ["Go"])
    assert.deepStrictEqual(skillsIn("Go developer wanted"), ["Go"])
    assert.deepStrictEqual(skillsIn("You will go above and beyond"), [])
    assert.deepStrictEqual(skillsIn("Go beyond the usual job."), [])
    assert.deepStrictEqual(skillsIn("Ready for go-live in March"), [])
    assert.deepStrictEqual(skillsIn("Own our go-to-market plan"), ["Go-to-market strategy"])
  })

  it("is careful with C", () => {
    assert.deepStrictEqual(skillsIn("Strong C programming skills"), ["C"])
    assert.deepStrictEqual(skillsIn("Firmware in C/C++"), ["Firmware", "C", "C++"])
    assert.deepStrictEqual(skillsIn("Present to C-level executives"), [])
    assert.deepStrictEqual(skillsIn("Foods rich in vitamin C"), [])
    assert.deepStrictEqual(skillsIn("Objective-C for our iOS app"), ["Objective-C", "iOS"])
    assert.deepStrictEqual(skillsIn("Plan B and plan C"), [])
  })

  it("takes Excel as a skill but not as a verb", () => {
    assert.deepStrictEqual(skillsIn("Advanced Excel skills required"), ["Microsoft Excel"])
    assert.deepStrictEqual(skillsIn("Excel at customer service"), ["Customer service"])
    assert.deepStrictEqual(skillsIn("You will excel in a fast-paced team"), [])
  })

  it("prefers the longest term and reads plurals", () => {
    assert.deepStrictEqual(skillsIn("Google Cloud Platform and REST APIs"), ["Google Cloud Platform", "REST APIs"])
    assert.deepStrictEqual(skillsIn("Building Spreadsheets daily"), ["Spreadsheets"])
    assert.deepStrictEqual(skillsIn("Ruby on Rails"), ["Ruby on Rails"])
  })

  it("does not join a term across commas", () => {
    assert.deepStrictEqual(skillsIn("Machine, learning"), [])
  })

  it("covers fields beyond software", () => {
    assert.deepStrictEqual(skillsIn("Active RN license, BLS and ACLS"), [
      "Registered Nurse",
      "Basic Life Support",
      "Advanced Cardiovascular Life Support"
    ])
    assert.deepStrictEqual(skillsIn("Month-end close and account reconciliations under US GAAP"), [
      "Month-end close",
      "Account reconciliation",
      "GAAP"
    ])
    assert.deepStrictEqual(skillsIn("Conduit bending, blueprint reading and OSHA 10"), [
      "Conduit bending",
      "Blueprint reading",
      "OSHA 10"
    ])
    assert.deepStrictEqual(skillsIn("Fluent Spanish and lesson planning"), ["Spanish", "Lesson planning"])
  })
})
