import { assert, describe, it } from "@effect/vitest"
import { fromPlainText, fromRichText, render } from "../src/extract/Blocks.js"
import { normaliseEmploymentType } from "../src/extract/EmploymentType.js"
import { salaryInText } from "../src/extract/SalaryText.js"
import { classifyHeading, split } from "../src/extract/Sections.js"
import { companyFromHost } from "../src/extract/TextHints.js"

describe("Sections", () => {
  it("classifies the usual headings", () => {
    const cases: ReadonlyArray<readonly [string, string | undefined]> = [
      ["Requirements", "requirements"],
      ["What you’ll need:", "requirements"],
      ["Qualifications", "requirements"],
      ["Must have", "requirements"],
      ["Who you are", "requirements"],
      ["Preferred qualifications", "nice_to_have"],
      ["Nice to have", "nice_to_have"],
      ["Bonus points", "nice_to_have"],
      ["It's a plus", "nice_to_have"],
      ["Responsibilities", "responsibilities"],
      ["What You'll Do", "responsibilities"],
      ["Your role", "responsibilities"],
      ["Benefits", "other"],
      ["BENEFITS SUMMARY (full-time, 36 hrs/wk)", "other"],
      ["About Acme", "other"],
      ["5+ years of Go", undefined]
    ]
    for (const [heading, expected] of cases) assert.strictEqual(classifyHeading(heading), expected, heading)
  })

  it("collects items and lead-ins under their headings, and stops at unrelated ones", () => {
    const blocks = fromPlainText([
      "We build things.",
      "Responsibilities:",
      "- Ship features",
      "* Review code",
      "Requirements: 3+ years of TypeScript",
      "• Testing habits",
      "Perks:",
      "- Free lunch",
      "## Nice to have",
      "1. GraphQL"
    ].join("\n"))
    assert.deepStrictEqual(split(blocks), {
      responsibilities: ["Ship features", "Review code"],
      requirements: ["3+ years of TypeScript", "Testing habits"],
      nice_to_have: ["GraphQL"]
    })
  })
})

describe("Blocks", () => {
  it("turns HTML into headings, items and paragraphs", () => {
    const blocks = fromRichText(
      "<div><h2>Role</h2><p>Build <b>things</b>.<br>Fast.</p><ul><li>One<ul><li>Nested</li></ul></li></ul></div>"
    )
    assert.deepStrictEqual(blocks, [
      { kind: "heading", text: "Role" },
      { kind: "text", text: "Build things." },
      { kind: "text", text: "Fast." },
      { kind: "item", text: "One" },
      { kind: "item", text: "Nested" }
    ])
    assert.strictEqual(render(blocks), "Role\nBuild things.\nFast.\n- One\n- Nested")
  })

  it("unescapes doubly escaped HTML and leaves plain text with < alone", () => {
    assert.deepStrictEqual(fromRichText("&amp;lt;li&amp;gt;Go&amp;lt;/li&amp;gt;"), [{ kind: "item", text: "Go" }])
    assert.deepStrictEqual(fromRichText("Teams < 10 people"), [{ kind: "text", text: "Teams < 10 people" }])
    assert.deepStrictEqual(fromRichText("<script>alert(1)</script><p>Safe</p>"), [{ kind: "text", text: "Safe" }])
  })
})

describe("text hints", () => {
  it("reads salaries written in text", () => {
    assert.deepStrictEqual(salaryInText("Pay: $120,000 - $150,000 a year"), {
      min: 120000,
      max: 150000,
      currency: "USD",
      period: "year"
    })
    assert.deepStrictEqual(salaryInText("€60k–80k"), { min: 60000, max: 80000, currency: "EUR" })
    assert.deepStrictEqual(salaryInText("£45 per hour"), { min: 45, currency: "GBP", period: "hour" })
    assert.deepStrictEqual(salaryInText("CHF 9.500 - 11.000 monthly"), {
      min: 9500,
      max: 11000,
      currency: "CHF",
      period: "month"
    })
    assert.isUndefined(salaryInText("We raised $20M last year"))
    // A differential on top of the base pay is not the pay.
    assert.deepStrictEqual(salaryInText("Float differential: $6/hour on top of base pay ($40–$54/hour)."), {
      min: 40,
      max: 54,
      currency: "USD",
      period: "hour"
    })
    // A budget the job spends is not its pay; the pay stated after it is.
    assert.deepStrictEqual(
      salaryInText("Run paid social on Meta Ads with a monthly budget of $8k.\nSalary: $58,000 - $68,000"),
      { min: 58000, max: 68000, currency: "USD" }
    )
    assert.isUndefined(salaryInText("5+ years of experience"))
  })

  it("normalises employment types", () => {
    assert.strictEqual(normaliseEmploymentType(["Full-time"]), "FULL_TIME")
    assert.strictEqual(normaliseEmploymentType(["FullTime", "FULL_TIME"]), "FULL_TIME")
    assert.strictEqual(normaliseEmploymentType(["Contract", "Intern"]), "CONTRACTOR, INTERN")
    assert.isUndefined(normaliseEmploymentType([" "]))
  })

  it("guesses a company from a host", () => {
    assert.strictEqual(companyFromHost("careers.acme-labs.com"), "Acme Labs")
    assert.strictEqual(companyFromHost("www.example.co.uk"), "Example")
    assert.strictEqual(companyFromHost("127.0.0.2"), "127.0.0.2")
  })
})
