import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { extractGiven } from "../src/extract/Extract.js"
import { companyFirst, titleLine } from "../src/extract/Header.js"
import { parsePlace, samePlace } from "../src/extract/Place.js"

describe("places", () => {
  it("reads city, region, country and the way of working from the forms postings use", () => {
    const cases: ReadonlyArray<readonly [string, ReturnType<typeof parsePlace>]> = [
      ["Austin, TX", { city: "austin", region: "tx", country: "US", mode: undefined }],
      ["Remote (United States)", { city: undefined, region: undefined, country: "US", mode: "remote" }],
      ["Remote, Italy", { city: undefined, region: undefined, country: "IT", mode: "remote" }],
      ["Bangalore", { city: "bengaluru", region: "karnataka", country: "IN", mode: undefined }],
      ["Bengaluru, Karnataka", { city: "bengaluru", region: "karnataka", country: "IN", mode: undefined }],
      ["London, UK; Ontario, CAN; Remote-Friendly, United States", {
        city: "london",
        region: undefined,
        country: "GB",
        mode: "remote"
      }],
      ["New York, NY (HQ)", { city: "new york", region: "ny", country: "US", mode: undefined }],
      ["Melbourne VIC (Remote)", { city: "melbourne", region: "vic", country: "AU", mode: "remote" }],
      ["US, TX, Houston", { city: "houston", region: "tx", country: "US", mode: undefined }],
      ["Europe", { city: undefined, region: undefined, country: "EU", mode: undefined }],
      ["Hybrid - Berlin, Germany", { city: "berlin", region: undefined, country: "DE", mode: "hybrid" }]
    ]
    for (const [text, place] of cases) assert.deepStrictEqual(parsePlace(text), place, text)
  })

  it("compares two spellings of one place", () => {
    assert.isTrue(samePlace("Austin, TX", "Austin, Texas"))
    assert.isTrue(samePlace("Bangalore", "Bengaluru, Karnataka"))
    assert.isTrue(samePlace("Berlin", "Berlin, Germany (Hybrid)"))
    assert.isTrue(samePlace("US, TX, Houston", "Houston, TX"))
    assert.isFalse(samePlace("Austin, TX", "Dallas, TX"))
    assert.isFalse(samePlace("Portland, OR", "Portland, ME"))
    assert.isFalse(samePlace("Remote", "Berlin"))
  })
})

describe("pasted header lines", () => {
  it("splits a title line that carries its place or employer", () => {
    assert.deepStrictEqual(titleLine("Senior Accountant | Chicago, IL | Hybrid"), {
      title: "Senior Accountant",
      location: "Chicago, IL"
    })
    assert.deepStrictEqual(titleLine("Marketing Coordinator at Sunpeak Solar"), {
      title: "Marketing Coordinator",
      company: "Sunpeak Solar"
    })
    assert.deepStrictEqual(titleLine("Data Engineer"), { title: "Data Engineer" })
  })

  it("takes a first line naming an organisation for the employer above the title", () => {
    assert.strictEqual(companyFirst(["Brightwater Dental Group", "Dental Hygienist", "Portland, OR"]), 1)
    assert.strictEqual(companyFirst(["Dental Hygienist", "Brightwater Dental Group", "Portland, OR"]), 0)
    assert.strictEqual(companyFirst(["Acme Health", "Portland, OR"]), 0)
  })

  it("reads a pasted posting whose employer comes first and whose place line says how the job is worked", () => {
    const posting = Either.getOrThrow(extractGiven(
      "https://x.example/1",
      "Brightwater Dental Group\nDental Hygienist\nPortland, OR · Full-time\n\nJoin a friendly team of six " +
        "hygienists across two offices.\n\nRequirements\n- Oregon dental hygiene license\n- CPR certification"
    ))
    assert.deepInclude(posting, {
      title: "Dental Hygienist",
      company: "Brightwater Dental Group",
      location: "Portland, OR"
    })
  })
})
