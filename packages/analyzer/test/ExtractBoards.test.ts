import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { boardFor, publicBoardApis } from "../src/extract/Boards.js"
import { extractBoard } from "../src/extract/Extract.js"
import { fixture } from "./FetchFixtureServer.js"

const board = (href: string) => boardFor(new URL(href), publicBoardApis)

const fromBoard = (href: string, file: string) => {
  const found = board(href)
  if (found === undefined) throw new Error(`no board for ${href}`)
  const result = extractBoard(found, href, fixture(file))
  if (Either.isLeft(result)) throw new Error(result.left)
  return result.right
}

describe("Boards.boardFor", () => {
  it("maps posting URLs to the boards' public APIs", () => {
    assert.strictEqual(
      board("https://boards.greenhouse.io/acme/jobs/4012345")?.apiUrl,
      "https://boards-api.greenhouse.io/v1/boards/acme/jobs/4012345?pay_transparency=true"
    )
    assert.strictEqual(
      board("https://job-boards.greenhouse.io/acme/jobs/4012345?gh_jid=1")?.apiUrl,
      "https://boards-api.greenhouse.io/v1/boards/acme/jobs/4012345?pay_transparency=true"
    )
    assert.strictEqual(
      board("https://jobs.lever.co/wingtip/5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/apply")?.apiUrl,
      "https://api.lever.co/v0/postings/wingtip/5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
    )
    assert.strictEqual(
      board("https://jobs.eu.lever.co/wingtip/5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d")?.apiUrl,
      "https://api.eu.lever.co/v0/postings/wingtip/5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
    )
    assert.strictEqual(
      board("https://jobs.ashbyhq.com/relecloud/0a1b2c3d-0000-4000-8000-000000000002")?.apiUrl,
      "https://api.ashbyhq.com/posting-api/job-board/relecloud?includeCompensation=true"
    )
  })

  it("leaves other URLs to the page extractor", () => {
    assert.isUndefined(board("https://boards.greenhouse.io/acme"))
    assert.isUndefined(board("https://boards.greenhouse.io/acme/jobs/not-a-number"))
    assert.isUndefined(board("https://jobs.lever.co/wingtip"))
    assert.isUndefined(board("https://jobs.ashbyhq.com/relecloud/not-a-uuid"))
    assert.isUndefined(board("https://careers.example.com/jobs/4012345"))
  })
})

describe("board answers", () => {
  it("reads Greenhouse: escaped HTML content, pay range in cents, metadata", () => {
    const p = fromBoard("https://boards.greenhouse.io/acme/jobs/4012345", "greenhouse.json")
    assert.strictEqual(p.title, "Staff Software Engineer, Payments")
    assert.strictEqual(p.company, "Acme Payments")
    assert.strictEqual(p.location, "New York, NY (Remote)")
    assert.isTrue(p.remote)
    assert.deepStrictEqual(p.salary, { min: 210000, max: 260000, currency: "USD", period: "year" })
    assert.strictEqual(p.employment_type, "FULL_TIME")
    assert.deepStrictEqual(p.sections?.responsibilities, [
      "Lead the design of our ledger service",
      "Work with finance on reconciliation"
    ])
    assert.deepStrictEqual(p.sections?.requirements, [
      "8+ years building backend systems",
      "Java or Kotlin",
      "Distributed systems experience"
    ])
    assert.strictEqual(p.source, "greenhouse")
  })

  it("reads Lever: lists as sections, salary range, workplace type", () => {
    const p = fromBoard("https://jobs.lever.co/wingtip/5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "lever.json")
    assert.strictEqual(p.title, "Machine Learning Engineer")
    assert.strictEqual(p.company, "Wingtip")
    assert.strictEqual(p.location, "Berlin")
    assert.isUndefined(p.remote)
    assert.deepStrictEqual(p.salary, { min: 80000, max: 100000, currency: "EUR", period: "year" })
    assert.strictEqual(p.employment_type, "FULL_TIME")
    assert.deepStrictEqual(p.sections, {
      requirements: ["Python and PyTorch", "3+ years in machine learning"],
      nice_to_have: ["Experience with MLflow"],
      responsibilities: ["Train and ship forecasting models", "Build feature pipelines"]
    })
    assert.include(p.description, "learning budget")
  })

  it("reads Ashby: picks the job from the board, compensation components", () => {
    const p = fromBoard("https://jobs.ashbyhq.com/relecloud/0a1b2c3d-0000-4000-8000-000000000002", "ashby.json")
    assert.strictEqual(p.title, "Product Designer")
    assert.strictEqual(p.company, "Relecloud")
    // The primary location is the header; the others are said in the text.
    assert.strictEqual(p.location, "Remote - Europe")
    assert.include(p.description, "Other locations: Amsterdam")
    assert.isTrue(p.remote)
    assert.deepStrictEqual(p.salary, { min: 60000, max: 75000, currency: "EUR", period: "year" })
    assert.strictEqual(p.employment_type, "FULL_TIME")
    assert.deepStrictEqual(p.sections?.requirements, ["A portfolio of shipped product work", "Figma"])
  })

  it("says why an answer holds no posting", () => {
    const greenhouse = board("https://boards.greenhouse.io/acme/jobs/1")
    const ashby = board("https://jobs.ashbyhq.com/relecloud/0a1b2c3d-0000-4000-8000-000000000009")
    if (greenhouse === undefined || ashby === undefined) return assert.fail("boards not recognised")
    assert.deepStrictEqual(
      extractBoard(greenhouse, "u", "{}"),
      Either.left("The Greenhouse answer is not a job posting")
    )
    assert.deepStrictEqual(extractBoard(greenhouse, "u", "<html>"), Either.left("The greenhouse answer is not JSON"))
    assert.deepStrictEqual(
      extractBoard(ashby, "u", fixture("ashby.json")),
      Either.left("The posting is no longer on the Ashby job board")
    )
  })
})

describe("Workday, SmartRecruiters, Workable, Recruitee and Personio", () => {
  it("maps each board's posting URL to its public endpoint, and leaves other URLs on its hosts to the page", () => {
    const api = (href: string) => board(href)?.apiUrl
    assert.strictEqual(
      api("https://fabrikam.wd5.myworkdayjobs.com/en-US/External/job/Columbus-OH/Senior-Payroll-Analyst_R0012345"),
      "https://fabrikam.wd5.myworkdayjobs.com/wday/cxs/fabrikam/External/job/Columbus-OH/Senior-Payroll-Analyst_R0012345"
    )
    assert.strictEqual(
      api("https://fabrikam.wd5.myworkdayjobs.com/External/job/Columbus-OH/Senior-Payroll-Analyst_R0012345"),
      "https://fabrikam.wd5.myworkdayjobs.com/wday/cxs/fabrikam/External/job/Columbus-OH/Senior-Payroll-Analyst_R0012345"
    )
    assert.strictEqual(
      api("https://jobs.smartrecruiters.com/Contoso/744000041234567-logistics-coordinator"),
      "https://api.smartrecruiters.com/v1/companies/Contoso/postings/744000041234567"
    )
    assert.strictEqual(
      api("https://apply.workable.com/tailwind-traders/j/A1B2C3D4E5/"),
      "https://apply.workable.com/api/v2/accounts/tailwind-traders/jobs/A1B2C3D4E5"
    )
    assert.strictEqual(
      api("https://litware.recruitee.com/o/warehouse-team-lead"),
      "https://litware.recruitee.com/api/offers/warehouse-team-lead"
    )
    assert.strictEqual(
      api("https://adatum.jobs.personio.de/job/1002?language=en"),
      "https://adatum.jobs.personio.de/xml"
    )
    assert.strictEqual(api("https://adatum.jobs.personio.com/job/1002"), "https://adatum.jobs.personio.com/xml")
    for (
      const other of [
        "https://fabrikam.wd5.myworkdayjobs.com/External",
        "https://jobs.smartrecruiters.com/Contoso",
        "https://apply.workable.com/tailwind-traders/",
        "https://litware.recruitee.com/",
        "https://adatum.jobs.personio.de/job/not-a-number",
        "https://myworkdayjobs.com.evil.example/External/job/x/y_1"
      ]
    ) assert.isUndefined(board(other), other)
  })

  it("points the same-host boards at another origin for tests, keeping the path", () => {
    const local = boardFor(new URL("https://litware.recruitee.com/o/warehouse-team-lead"), {
      ...publicBoardApis,
      sameHost: "http://127.0.0.2:4000/"
    })
    assert.strictEqual(local?.apiUrl, "http://127.0.0.2:4000/api/offers/warehouse-team-lead")
  })

  it("reads Workday's job JSON", () => {
    const p = fromBoard(
      "https://fabrikam.wd5.myworkdayjobs.com/External/job/Columbus-OH/Senior-Payroll-Analyst_R0012345",
      "workday.json"
    )
    assert.deepInclude(p, { title: "Senior Payroll Analyst", company: "Fabrikam Health", location: "Columbus, OH" })
    assert.strictEqual(p.employment_type, "FULL_TIME")
    assert.deepStrictEqual(p.salary, { min: 72000, max: 88000, currency: "USD", period: "year" })
    assert.include(p.sections?.requirements ?? [], "Advanced Microsoft Excel")
    assert.include(p.description, "Other locations: Remote - Ohio")
  })

  it("reads a SmartRecruiters posting with its sections", () => {
    const p = fromBoard("https://jobs.smartrecruiters.com/Contoso/744000041234567-x", "smartrecruiters.json")
    assert.deepInclude(p, {
      title: "Logistics Coordinator",
      company: "Contoso Freight",
      location: "Rotterdam, South Holland, Netherlands",
      remote: false
    })
    assert.include(p.sections?.requirements ?? [], "3+ years in freight forwarding or logistics")
    assert.deepStrictEqual(p.salary, { min: 3400, max: 4100, currency: "EUR", period: "month" })
  })

  it("reads a Workable job with its requirements and benefits", () => {
    const p = fromBoard("https://apply.workable.com/tailwind-traders/j/A1B2C3D4E5/", "workable.json")
    assert.deepInclude(p, { title: "Customer Success Manager", location: "Manchester, England, United Kingdom" })
    assert.deepStrictEqual(p.sections?.requirements, [
      "2+ years in customer success for a SaaS product",
      "HubSpot or Salesforce"
    ])
  })

  it("reads a Recruitee offer with its salary", () => {
    const p = fromBoard("https://litware.recruitee.com/o/warehouse-team-lead", "recruitee.json")
    assert.deepInclude(p, { title: "Warehouse Team Lead", company: "Litware Logistics", location: "Antwerp, Belgium" })
    assert.deepStrictEqual(p.salary, { min: 2900, max: 3400, currency: "EUR", period: "month" })
    assert.include(p.sections?.requirements ?? [], "Forklift certification")
  })

  it("finds the position in Personio's XML feed by its id, and says when it is gone", () => {
    const p = fromBoard("https://adatum.jobs.personio.de/job/1002", "personio.xml")
    assert.deepInclude(p, { title: "Backend Engineer (Go)", company: "Adatum GmbH", location: "Berlin" })
    assert.include(p.sections?.requirements ?? [], "3+ years with Go")
    const gone = board("https://adatum.jobs.personio.de/job/999")
    assert.deepStrictEqual(
      gone === undefined
        ? undefined
        : extractBoard(gone, "https://adatum.jobs.personio.de/job/999", fixture("personio.xml")),
      Either.left("The posting is no longer in the Personio job feed")
    )
  })
})
