import { assert, describe, it } from "@effect/vitest"
import { experienceFactor, salaryFactor, seniorityFactor, skillFactor } from "../src/score/Factors.js"
import { locationFit, workModeOf } from "../src/score/Location.js"
import { parseResumeDate, yearsOfWork } from "../src/score/ResumeDates.js"
import { paysInText, postingPay } from "../src/score/Salary.js"
import { levelOfTitle } from "../src/score/Seniority.js"
import { yearsAsked } from "../src/score/YearsAsked.js"
import { postingSegments } from "../src/skills/PostingSegments.js"
import { posting, profile, skillsOfPosting, taxonomy } from "./AnalyzerSupport.js"

const now = new Date("2025-06-01T00:00:00Z")
const asked = (description: string) => yearsAsked(postingSegments(posting({ description }), taxonomy))?.years

describe("years of work", () => {
  it("reads JSON Resume dates", () => {
    assert.strictEqual(parseResumeDate("2020"), Date.UTC(2020, 0, 1))
    assert.strictEqual(parseResumeDate("2020-03"), Date.UTC(2020, 2, 1))
    assert.strictEqual(parseResumeDate("2020-03-15"), Date.UTC(2020, 2, 15))
    assert.isUndefined(parseResumeDate("last spring"))
    assert.isUndefined(parseResumeDate("2020-13"))
  })

  it("counts open-ended and 'present' jobs up to the given now, never the machine clock", () => {
    assert.closeTo(yearsOfWork([{ startDate: "2020-06-01" }], now), 5, 0.01)
    assert.closeTo(yearsOfWork([{ startDate: "2020-06-01", endDate: "present" }], now), 5, 0.01)
    assert.closeTo(yearsOfWork([{ startDate: "2020-06-01", endDate: "" }], new Date("2022-06-01")), 2, 0.01)
  })

  it("counts overlapping jobs once and skips unreadable or future periods", () => {
    const work = [
      { startDate: "2015-01", endDate: "2018-01" },
      { startDate: "2017-01", endDate: "2019-01" },
      { startDate: "someday" },
      { startDate: "2030-01" },
      { endDate: "2014-01" }
    ]
    assert.closeTo(yearsOfWork(work, now), 4, 0.01)
    assert.strictEqual(yearsOfWork(undefined, now), 0)
  })

  it("reads the years a posting asks for, from its most demanding requirement", () => {
    assert.strictEqual(asked("You have 5+ years of backend experience."), 5)
    assert.strictEqual(asked("Minimum of three years in retail. At least 7 years with SQL."), 7)
    assert.strictEqual(asked("3-5 years of experience in accounting"), 3)
    assert.strictEqual(asked("You have a degree and two or more years of experience in general accounting."), 2)
    assert.isUndefined(asked("We have been in business for 20 years."))
    // Years of living somewhere are no experience: "SC clearance usually requires five years' residence in the UK".
    assert.isUndefined(asked("SC clearance usually requires five years' continuous residence in the UK."))
    assert.isUndefined(asked("Ideally 10+ years of experience."))
    // A hope after the years ("ideally with revenue in SaaS") leaves the years asked.
    assert.strictEqual(asked("3+ years of accounting experience, ideally with revenue in a SaaS company"), 3)
  })
})

describe("factors", () => {
  it("scores required skills as a share of asks, alternatives counting once, on the required curve", () => {
    const { found } = skillsOfPosting({ description: "Requirements:\n- Go or Rust\n- PostgreSQL\n- Kubernetes" })
    const have = (names: ReadonlyArray<string>) =>
      new Map(names.map((name) => [name, { skill: { name, category: "" }, spellings: [] }]))
    const all = skillFactor("required_skills", found, have(["Go", "PostgreSQL", "Kubernetes"]))
    assert.strictEqual(all.score, 1)
    assert.include(all.detail, "3 of 3 required skills")
    assert.strictEqual(skillFactor("required_skills", found, have([])).score, 0)
    assert.closeTo(
      skillFactor("required_skills", found, have(["Rust", "PostgreSQL"])).score,
      ((2 / 3 - 0.15) / 0.85) ** 0.6,
      1e-9
    )
    assert.closeTo(skillFactor("required_skills", found, have(["Rust"])).score, ((1 / 3 - 0.15) / 0.85) ** 0.6, 1e-9)
  })

  it("counts ten required asks met as enough, however long the list", () => {
    const names = [
      "Go",
      "PostgreSQL",
      "Kubernetes",
      "Terraform",
      "Docker",
      "Redis",
      "Apache Kafka",
      "gRPC",
      "Linux",
      "Python"
    ]
    const others = ["Java", "Scala", "Ruby", "PHP", "Elixir", "Haskell", "Perl", "Swift", "Kotlin", "Rust"]
    const { found } = skillsOfPosting({
      description: `Requirements:\n${[...names, ...others].map((n) => `- ${n}`).join("\n")}`
    })
    const have = new Map(names.map((name) => [name, { skill: { name, category: "" }, spellings: [] }]))
    const factor = skillFactor("required_skills", found, have)
    assert.include(factor.detail, "10 of 20 required skills")
    assert.strictEqual(factor.score, 1)
  })

  it("scores experience against asked or implied years", () => {
    assert.strictEqual(experienceFactor({ years: 5, quote: "" }, undefined, 6).score, 1)
    assert.closeTo(experienceFactor({ years: 4, quote: "" }, undefined, 2).score, 0.5, 1e-9)
    assert.include(experienceFactor(undefined, "senior", 2).detail, "senior role usually means about 5 years")
    assert.isFalse(experienceFactor(undefined, undefined, 2).applicable)
  })

  it("reads the level of a title and compares it with the preferred one", () => {
    assert.strictEqual(levelOfTitle("Senior Nurse"), "senior")
    assert.strictEqual(levelOfTitle("Junior Accountant"), "junior")
    assert.strictEqual(levelOfTitle("Staff Engineer"), "lead")
    assert.isUndefined(levelOfTitle("Staff Accountant"))
    assert.isUndefined(levelOfTitle("Electrician"))
    assert.strictEqual(seniorityFactor("senior", { seniority: "senior" }).score, 1)
    assert.strictEqual(seniorityFactor("junior", { seniority: "senior" }).score, 0.25)
    assert.isFalse(seniorityFactor("junior", {}).applicable)
  })

  it("reads pay from text and makes it yearly", () => {
    const [range] = paysInText("Salary: $120,000 - $150,000 per year")
    assert.deepInclude(range, { min: 120000, max: 150000, currency: "USD", annualMax: 150000 })
    const [hourly] = paysInText("£15/hour")
    assert.deepInclude(hourly, { currency: "GBP", period: "hour", annualMin: 15 * 2080 })
    const [weekly] = paysInText("Earn $5000 a week")
    assert.deepInclude(weekly, { period: "week", annualMax: 260000 })
    const [k] = paysInText("$120-150k")
    assert.deepInclude(k, { min: 120000, max: 150000 })
    assert.deepStrictEqual(paysInText("We raised $50M in funding and offer a $1,000 signing bonus"), [])
    assert.deepStrictEqual(paysInText("Run campaigns with a monthly budget of around $150k."), [])
    assert.deepStrictEqual(paysInText("We passed an ARR of $12,000,000 last year"), [])
    // A perk a word or two before its name ("learning budget", "home-office stipend") is no pay; a bonus beside the
    // pay leaves the pay.
    for (const perk of ["€1,200 learning budget", "$500 home-office stipend", "£1,000 training allowance"]) {
      assert.deepStrictEqual(paysInText(`A ${perk} every year.`), [], perk)
    }
    assert.deepInclude(paysInText("$90,000 plus bonus")[0], { min: 90000, max: 90000 })
  })

  it("takes hourly pay at the posting's hours", () => {
    const p = posting({
      description: "About 25 hours a week.",
      employment_type: "Part-time",
      salary: { min: 20, max: 20, currency: "USD", period: "hour" }
    })
    assert.strictEqual(postingPay(p, ["About 25 hours a week."])?.annualMax, 20 * 25 * 52)
    assert.strictEqual(postingPay(p, [])?.annualMax, 20 * 20 * 52)
  })

  it("scores salary against the minimum; unknown salary or currency is not scored", () => {
    const pay = postingPay(posting({ description: "", salary: { min: 60000, max: 80000, currency: "USD" } }), [])
    assert.strictEqual(salaryFactor(pay, { min_salary: 60000, salary_currency: "USD" }).score, 1)
    assert.strictEqual(salaryFactor(pay, { min_salary: 70000, salary_currency: "USD" }).score, 0.8)
    assert.strictEqual(salaryFactor(pay, { min_salary: 200000 }).score, 0)
    assert.isFalse(salaryFactor(undefined, { min_salary: 60000 }).applicable)
    assert.isFalse(salaryFactor(pay, { min_salary: 60000, salary_currency: "EUR" }).applicable)
    assert.isFalse(salaryFactor(pay, {}).applicable)
  })

  it("scores location and remote work against preferences, visa needs included", () => {
    const berlin = posting({ description: "Hybrid role.", location: "Berlin, Germany" })
    assert.strictEqual(workModeOf(berlin, berlin.description), "hybrid")
    assert.strictEqual(workModeOf(posting({ description: "", remote: true }), ""), "remote")
    const cloud = posting({ description: "You will run our hybrid cloud. On-site in Berlin." })
    assert.strictEqual(workModeOf(cloud, cloud.description), "onsite")
    // Remote work refused in the words that would offer it.
    for (
      const text of [
        "This position is on-site in Steamboat Springs. We don't offer remote work for this role.",
        "On site in Leeds; there is no remote or hybrid option.",
        "We're not able to consider fully remote applications for this on-site role."
      ]
    ) {
      const refused = posting({ description: text, location: "Steamboat Springs, Colorado" })
      assert.strictEqual(workModeOf(refused, refused.description), "onsite", text)
    }
    const fit = (p: typeof berlin, prefs: Parameters<typeof profile>[1]) =>
      locationFit(p, p.description, profile({}, prefs))
    assert.strictEqual(fit(berlin, { locations: ["Berlin"], remote: "hybrid" }).score, 1)
    assert.strictEqual(fit(berlin, { locations: ["Munich"], remote: "hybrid" }).score, 0.1)
    assert.strictEqual(fit(berlin, { locations: ["Berlin"], remote: "remote" }).score, 0.7)
    // "Hamburg (hybrid) or remote in Germany": remote is one of the ways offered.
    const either = posting({
      description: "Hybrid work in Hamburg.",
      location: "Hamburg (hybrid) or remote in Germany"
    })
    assert.strictEqual(workModeOf(either, either.description), "remote")
    // A hybrid role whose place the posting does not state is not known to be a move: the way of working alone.
    const nowhere = posting({ description: "Hybrid role, two days a week in the office.", location: "" })
    assert.strictEqual(fit(nowhere, { locations: ["Berlin"], remote: "remote" }).score, 0.7)
    assert.isFalse(fit(berlin, {}).applicable)
    const noVisa = posting({ description: "Hybrid. We are unable to sponsor visas.", location: "Berlin" })
    const visa = fit(noVisa, { locations: ["Berlin"], needs_visa_sponsorship: true })
    assert.closeTo(visa.score, 0.3, 1e-9)
    assert.include(visa.detail, "no visa sponsorship")
  })
})
