import { assert, describe, it } from "@effect/vitest"
import { findJobPostings, parseLenient } from "../src/extract/JsonLd.js"
import { fromBody, posting, refusal } from "./ExtractSupport.js"

describe("JSON-LD JobPosting extraction", () => {
  it("reads a plain JobPosting: organisation, address, salary range, employment type, sections", () => {
    const p = posting("jsonld-plain.html")
    assert.strictEqual(p.title, "Senior TypeScript Engineer")
    assert.strictEqual(p.company, "Northwind Labs")
    assert.strictEqual(p.location, "Hamburg, HH, DE")
    assert.deepStrictEqual(p.salary, { min: 75000, max: 95000, currency: "EUR", period: "year" })
    assert.strictEqual(p.employment_type, "FULL_TIME")
    assert.strictEqual(p.source, "json-ld")
    assert.deepStrictEqual(p.sections, {
      requirements: [
        "5+ years of professional software development",
        "Strong TypeScript and Node.js",
        "Experience with PostgreSQL"
      ],
      nice_to_have: ["Experience with Effect or functional programming", "Kubernetes"],
      responsibilities: [
        "Design and build services in TypeScript and Node.js",
        "Own features from design to production",
        "Mentor other engineers"
      ]
    })
    assert.include(p.description, "- Strong TypeScript and Node.js\n")
    assert.notInclude(p.description, "<")
  })

  it("finds the posting inside @graph, with @type as an array and a string organisation", () => {
    const p = posting("jsonld-graph.html")
    assert.strictEqual(p.title, "Data Engineer")
    assert.strictEqual(p.company, "Contoso")
    assert.strictEqual(p.location, "Vienna, Austria")
    assert.strictEqual(p.employment_type, "PART_TIME")
    assert.deepStrictEqual(p.sections?.nice_to_have, ["dbt", "Airflow"])
    assert.deepStrictEqual(p.sections?.requirements, ["3+ years with Python and SQL", "Experience with Apache Spark"])
  })

  it("finds the posting in a top-level array and skips a broken script", () => {
    const p = posting("jsonld-array.html")
    assert.strictEqual(p.title, "Platform Engineer")
    assert.strictEqual(p.company, "Fabrikam")
    assert.strictEqual(p.location, "Lyon, France")
    assert.strictEqual(p.employment_type, "FULL_TIME, CONTRACTOR")
    assert.deepStrictEqual(p.sections?.requirements, ["Linux administration", "Terraform", "Go or Python"])
  })

  it("unescapes an HTML-escaped description and names, keeping list items as lines", () => {
    const p = posting("jsonld-escaped.html")
    assert.strictEqual(p.title, "Frontend Developer & Designer")
    assert.strictEqual(p.company, "Tailspin & Co")
    assert.deepStrictEqual(p.salary, { min: 45000, max: 55000, currency: "GBP", period: "year" })
    assert.include(p.description, "Tailspin & Co designs booking tools")
    assert.include(p.description, "\n- Build accessible interfaces in React\n")
    assert.notInclude(p.description, "&lt;")
    assert.deepStrictEqual(p.sections?.responsibilities, [
      "Build accessible interfaces in React",
      "Work with designers on the component library"
    ])
    assert.deepStrictEqual(p.sections?.requirements, ["3 years of React & TypeScript", "An eye for detail"])
  })

  it("reads nested organisation and location arrays and an hourly wage", () => {
    const p = posting("jsonld-nested.html")
    assert.strictEqual(p.company, "Litware Logistics")
    assert.strictEqual(p.location, "Rotterdam, NL; Antwerp, BE")
    assert.deepStrictEqual(p.salary, { min: 24.5, currency: "EUR", period: "hour" })
    assert.strictEqual(p.employment_type, "FULL_TIME")
    assert.deepStrictEqual(p.sections?.requirements, ["Two years leading a team", "Forklift licence"])
  })

  it("writes a US address as people do, the state saying the country", () => {
    const at = (address: object) =>
      fromBody(
        `<script type="application/ld+json">${
          JSON.stringify({
            "@type": "JobPosting",
            title: "Registered Nurse",
            hiringOrganization: "Pecan Hollow Health",
            jobLocation: { address },
            description: "Care for patients on a 30-bed medical-surgical unit. ".repeat(5)
          })
        }</script>`
      ).location
    assert.strictEqual(at({ addressLocality: "Austin", addressRegion: "TX", addressCountry: "US" }), "Austin, TX")
    assert.strictEqual(
      at({ addressLocality: "Austin", addressRegion: "Texas", addressCountry: { name: "United States" } }),
      "Austin, Texas"
    )
    // A region that is no US state keeps its country.
    assert.strictEqual(
      at({ addressLocality: "Camberwell", addressRegion: "VIC", addressCountry: "AU" }),
      "Camberwell, VIC, AU"
    )
    assert.strictEqual(at({ addressLocality: "Austin", addressCountry: "US" }), "Austin, US")
  })

  it("takes TELECOMMUTE as remote, with the applicant locations", () => {
    const p = posting("jsonld-remote.html")
    assert.isTrue(p.remote)
    assert.strictEqual(p.location, "Remote (Germany; Poland)")
    assert.deepStrictEqual(p.salary, { min: 6000, max: 7500, currency: "EUR", period: "month" })
  })

  it("reads a JobPosting served as JSON, and refuses other JSON", () => {
    const p = posting("posting.jsonld", "application/ld+json")
    assert.strictEqual(p.title, "Technical Writer")
    assert.strictEqual(p.company, "Margie's Travel")
    assert.strictEqual(p.employment_type, "CONTRACTOR")
    assert.deepStrictEqual(p.sections?.requirements, ["Experience documenting REST APIs", "Excellent written English"])
    assert.strictEqual(
      refusal("{\"status\":\"ok\"}", "application/json"),
      "The page at jobs.example.com does not look like a job posting"
    )
    assert.isString(refusal("not json", "application/json"))
  })

  it("tolerates fields of unexpected shapes", () => {
    const body = JSON.stringify({
      "@type": "https://schema.org/JobPosting",
      title: "Night Nurse",
      hiringOrganization: true,
      jobLocation: [null, { address: { addressLocality: ["odd"] } }, "Bergen, Norway"],
      baseSalary: { currency: "NOK", value: { minValue: "not a number", maxValue: 700000, unitText: "YEAR" } },
      employmentType: { weird: true },
      description:
        "Care for patients on our night ward. You will work with a team of experienced nurses and doctors, " +
        "and you will have a mentor for your first three months."
    })
    const p = fromBody(body, "application/json")
    assert.strictEqual(p.title, "Night Nurse")
    assert.strictEqual(p.company, "Example")
    assert.strictEqual(p.location, "Bergen, Norway")
    assert.deepStrictEqual(p.salary, { max: 700000, currency: "NOK", period: "year" })
    assert.isUndefined(p.employment_type)
  })

  it("finds JobPostings however they are wrapped, and parses what pages put in scripts", () => {
    const wrapped = parseLenient("<!--\n{\"@graph\":[{\"@type\":\"schema:JobPosting\",\"title\":\"A\nB\"}]}\n-->")
    assert.deepStrictEqual(findJobPostings(wrapped), [{ "@type": "schema:JobPosting", title: "A B" }])
    assert.strictEqual(findJobPostings([{ "@type": ["Thing", "JobPosting"] }, { "@type": "Thing" }]).length, 1)
    assert.strictEqual(findJobPostings({ "@type": "WebPage", mainEntity: { "@type": "JobPosting" } }).length, 1)
    assert.isUndefined(parseLenient("{ nope"))
  })
})
