import { assert, describe, it } from "@effect/vitest"
import { stripSiteSuffix } from "../src/extract/PageMeta.js"
import { fromBody, posting, refusal } from "./ExtractSupport.js"
import { fixture } from "./FetchFixtureServer.js"

describe("main-content extraction", () => {
  const p = posting("noisy.html")

  it("takes the title from h1 and the company from og:site_name", () => {
    assert.strictEqual(p.title, "Senior Backend Engineer (Go)")
    assert.strictEqual(p.company, "Proseware")
    assert.strictEqual(p.source, "html")
  })

  it("drops navigation, cookie banner, footer and similar-jobs lists", () => {
    for (
      const noise of [
        "cookies",
        "All jobs",
        "Home",
        "Similar jobs",
        "Kotlin",
        "Related jobs",
        "Ruby",
        "Imprint",
        "Blog"
      ]
    ) {
      assert.notInclude(p.description, noise, noise)
    }
    assert.include(p.description, "Proseware makes invoicing software")
  })

  it("reads location, salary and employment type from the text", () => {
    assert.strictEqual(p.location, "Lisbon, Portugal")
    assert.deepStrictEqual(p.salary, { min: 70000, max: 85000, currency: "EUR", period: "year" })
    assert.strictEqual(p.employment_type, "FULL_TIME")
  })

  it("splits bold lead-ins into sections", () => {
    assert.deepStrictEqual(p.sections?.responsibilities, [
      "Design APIs and services in Go",
      "Improve the performance of our PostgreSQL queries",
      "Take part in a fair on-call rotation"
    ])
    assert.deepStrictEqual(p.sections?.requirements, [
      "Several years of backend development in Go or a similar language",
      "Solid SQL and PostgreSQL",
      "Clear written communication"
    ])
    assert.deepStrictEqual(p.sections?.nice_to_have, ["Experience with Kafka", "Open source contributions"])
  })

  it("uses og:title or <title> without the site suffix when there is no h1", () => {
    const page = fixture("noisy.html").replace("<h1>Senior Backend Engineer (Go)</h1>", "")
    assert.strictEqual(fromBody(page).title, "Senior Backend Engineer (Go)")
  })

  it("refuses pages that are no posting", () => {
    const notPosting = "The page at jobs.example.com does not look like a job posting"
    assert.strictEqual(
      refusal(fixture("not-a-posting.html")),
      "The page at jobs.example.com is a sign-in wall, not the posting; copy the posting's text and pass it as " +
        "posting_text (in the CLI: --text-file FILE)"
    )
    assert.strictEqual(refusal(fixture("blog-article.html")), notPosting)
    assert.strictEqual(refusal(""), notPosting)
    assert.strictEqual(refusal("<html><body><h1>Engineer</h1><p>Apply now.</p></body></html>"), notPosting)
    assert.strictEqual(refusal("   ", "text/plain"), notPosting)
  })

  it("reads a plain-text posting", () => {
    const text = posting("plain.txt", "text/plain")
    assert.strictEqual(text.title, "QA Automation Engineer")
    assert.strictEqual(text.company, "Woodgrove Bank")
    assert.deepStrictEqual(text.salary, { min: 45000, max: 55000, currency: "EUR", period: "year" })
    assert.deepStrictEqual(text.sections?.requirements, ["Experience with Appium or Detox", "JavaScript or TypeScript"])
  })

  it("reads a location labelled inside its line: <li><span>Location:</span> Round Rock, TX</li>", () => {
    const page = "<html><head><title>Staff Nurse | Careers at Example Health</title></head><body><main>" +
      "<h1>Staff Nurse</h1><ul class=\"job-meta\"><li><span>Location:</span> Round Rock, TX</li>" +
      "<li><span>Schedule:</span> Nights</li></ul><section>" +
      "<p>Example Health is hiring a staff nurse for its 40-bed emergency department.</p><h3>What you will do</h3>" +
      "<ul><li>Assess and triage patients as they arrive</li><li>Give medications and start IV lines</li></ul>" +
      "<h3>What you bring</h3><ul><li>Active Texas RN license</li><li>BLS and ACLS</li><li>2+ years of emergency " +
      "nursing</li></ul><p>Full time, three 12-hour shifts a week.</p></section></main></body></html>"
    assert.strictEqual(fromBody(page).location, "Round Rock, TX")
  })

  it("sniffs the type when the server sent none", () => {
    assert.strictEqual(fromBody(fixture("posting.jsonld"), "").title, "Technical Writer")
    assert.strictEqual(fromBody(fixture("jsonld-graph.html"), "").title, "Data Engineer")
  })
})

describe("PageMeta.stripSiteSuffix", () => {
  it("drops the company or site suffix, and only that", () => {
    assert.strictEqual(stripSiteSuffix("Backend Engineer | Acme", "Acme"), "Backend Engineer")
    assert.strictEqual(stripSiteSuffix("Backend Engineer - Acme Careers", undefined), "Backend Engineer")
    assert.strictEqual(stripSiteSuffix("Backend Engineer at Acme", "Acme"), "Backend Engineer")
    assert.strictEqual(stripSiteSuffix("Engineer - Payments | Acme", "Acme"), "Engineer - Payments")
    assert.strictEqual(stripSiteSuffix("Backend Engineer", "Acme"), "Backend Engineer")
  })
})
