import { assert, describe, it } from "@effect/vitest"
import type { Profile } from "@jobfit/core"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { gatesOf } from "../src/score/Gates.js"
import { profileFacts } from "../src/score/ProfileFacts.js"
import { yearsAsks } from "../src/score/YearsAsked.js"
import { postingSegments } from "../src/skills/PostingSegments.js"
import { postingSkills } from "../src/skills/PostingSkills.js"
import { profileSkills } from "../src/skills/ProfileSkills.js"
import { posting, profile, taxonomy } from "./AnalyzerSupport.js"

const now = new Date("2025-06-01T00:00:00Z")

const nurse = profile({
  basics: { label: "Registered Nurse", location: { city: "Austin", region: "TX", countryCode: "US" } },
  work: [{
    position: "Registered Nurse, Medical-Surgical Unit",
    startDate: "2018-06-01",
    highlights: ["Patient assessment and medication administration", "Documented care in Epic"]
  }],
  education: [{ studyType: "BSN", area: "Nursing" }],
  certificates: [{ name: "Registered Nurse (RN), Texas" }, { name: "BLS" }],
  skills: [{ name: "Clinical", keywords: ["Patient assessment", "Medication administration", "IV therapy", "Epic"] }]
}, { locations: ["Austin, TX"], remote: "onsite" })

const developer = profile({
  basics: { label: "Backend Engineer", location: { city: "Berlin", countryCode: "DE" } },
  work: [{
    position: "Backend Engineer",
    startDate: "2016-01-01",
    highlights: ["Built services in Go and PostgreSQL"]
  }],
  education: [{ studyType: "BSc", area: "Computer Science" }],
  skills: [{ name: "Backend", keywords: ["Go", "PostgreSQL", "Docker", "Kubernetes"] }]
}, { remote: "remote" })

const gates = (description: string, who: Profile.Profile, fields: Partial<Parameters<typeof posting>[0]> = {}) => {
  const p = posting({ description, ...fields })
  const segments = postingSegments(p, taxonomy)
  const skills = postingSkills(segments, taxonomy, p.company)
  const have = profileSkills(who.resume, taxonomy)
  return gatesOf(
    p,
    segments,
    skills,
    yearsAsks(segments),
    (n) => have.has(n),
    profileFacts(who, now),
    taxonomy
  ).map((g) => ({ kind: g.kind, met: g.met, what: g.what }))
}

const kinds = (found: ReturnType<typeof gates>) => found.map((g) => `${g.kind}:${g.met ? "met" : "missing"}`)

describe("hard requirements", () => {
  it("reads a required licence and whether the profile holds it", () => {
    const text = "Requirements\n- Active RN license in good standing\n- Patient assessment"
    assert.deepStrictEqual(kinds(gates(text, nurse, { title: "Staff Nurse" })), ["licence:met"])
    assert.deepStrictEqual(kinds(gates(text, developer, { title: "Staff Nurse" })), ["licence:missing"])
  })

  it("takes a licence one may get after starting for no gate", () => {
    const text = "Requirements\n- BLS certification, or obtain within 30 days of hire\n- Patient assessment"
    assert.deepStrictEqual(kinds(gates(text, developer)), [])
  })

  it("treats a list of credentials joined by or as one gate any member meets", () => {
    const text = "Requirements\n- One of: an RN license, a CNA certification or a BSN degree"
    const found = gates(text, nurse)
    assert.strictEqual(found.filter((g) => g.kind === "licence" || g.kind === "certification").length, 1)
    assert.isTrue(found.every((g) => g.met))
  })

  it("reads a required degree by level, and none where experience may stand in", () => {
    const masters = "Requirements\n- A Master's degree in Computer Science is required"
    assert.deepStrictEqual(kinds(gates(masters, developer)), ["degree:missing"])
    assert.deepStrictEqual(kinds(gates("Requirements\n- Bachelor's degree in a technical field", developer)), [
      "degree:met"
    ])
    const equivalent = "Requirements\n- A master's degree or equivalent practical experience"
    assert.deepStrictEqual(kinds(gates(equivalent, developer)), [])
    assert.deepStrictEqual(kinds(gates("Requirements\n- A Master's degree is a plus", developer)), [])
    // A UK degree class names a bachelor's degree: "A 2:1 degree or above (any subject) is required".
    const junior = profile({ education: [{ studyType: "Bootcamp certificate", area: "Software Development" }] })
    assert.deepStrictEqual(kinds(gates("Requirements\n- A 2:1 degree or above (any subject) is required", junior)), [
      "degree:missing"
    ])
    assert.deepStrictEqual(kinds(gates("Requirements\n- A 2:1 degree or above (any subject) is required", developer)), [
      "degree:met"
    ])
    // "A degree in X" is a bachelor's; one a bootcamp stands in for is no gate.
    assert.deepStrictEqual(kinds(gates("Requirements\n- A degree in Computer Science (2:1 or above)", junior)), [
      "degree:missing"
    ])
    assert.deepStrictEqual(
      kinds(gates("Requirements\n- A degree in computer science or a coding bootcamp", junior)),
      []
    )
  })

  it("reads clearance, work authorisation and on-site location", () => {
    assert.deepStrictEqual(kinds(gates("Requirements\n- Active Secret clearance", developer)), ["clearance:missing"])
    assert.deepStrictEqual(
      kinds(gates("Requirements\n- Must be authorized to work in the United States; we do not sponsor visas.", nurse)),
      ["work_authorisation:met"]
    )
    assert.deepStrictEqual(
      kinds(gates("Requirements\n- Must be authorized to work in the United States without sponsorship", developer)),
      ["work_authorisation:missing"]
    )
    const onSite = "Requirements\n- Must live within 30 miles of the clinic; this role is fully on-site."
    assert.deepStrictEqual(kinds(gates(onSite, nurse, { location: "Austin, TX" })), ["location:met"])
    assert.deepStrictEqual(kinds(gates(onSite, nurse, { location: "Columbus, OH" })), ["location:missing"])
    const office = "Requirements\n- This role requires working from our Hamburg office at least four days per week"
    assert.deepStrictEqual(kinds(gates(office, developer, { location: "Hamburg, Germany" })), ["location:missing"])
    assert.deepStrictEqual(kinds(gates(office, developer, { location: "Berlin, Germany" })), ["location:met"])
    // Other ways of saying it: the office's weekdays, an on-site role, remote work refused beside it.
    for (
      const text of [
        "Requirements\n- The team is in our Hamburg office (Altona) on Tuesdays, Wednesdays and Thursdays",
        "Requirements\n- This is a fully on-site role at our Hamburg plant. We are not able to offer hybrid or remote work."
      ]
    ) {
      assert.deepStrictEqual(
        kinds(gates(text, developer, { location: "Hamburg, Germany" })),
        ["location:missing"],
        text
      )
    }
    // A remote role for people living in one country: the country the profile lives in decides.
    const spain = "Requirements\n- You must be based in Spain; the role is remote within Spain only"
    assert.deepStrictEqual(kinds(gates(spain, developer, { location: "Remote", remote: true })), ["location:missing"])
    const netherlands =
      "Requirements\n- You must live in the Netherlands; this role is remote within the Netherlands only"
    assert.deepStrictEqual(kinds(gates(netherlands, developer, { location: "Remote (Netherlands)" })), [
      "location:missing"
    ])
    const berlin = "Requirements\n- You must be based in Germany; the role is remote within Germany only"
    assert.deepStrictEqual(kinds(gates(berlin, developer, { location: "Remote", remote: true })), ["location:met"])
  })

  it("reads an explicit exclusion and checks the profile for what it names", () => {
    const text = "Requirements\n- Applicants without ICU experience will not be considered."
    assert.deepStrictEqual(kinds(gates(text, nurse)), ["exclusion:missing"])
    const icuNurse = profile({ ...nurse.resume, work: [{ position: "ICU Nurse", startDate: "2019-01" }] })
    assert.deepStrictEqual(kinds(gates(text, icuNurse)), ["exclusion:met"])
  })

  it("reads a programme for beginners that turns the experienced away", () => {
    const text = "Who can apply\n- Nurses with more than 12 months of RN experience are not eligible for the residency"
    assert.deepStrictEqual(gates(text, nurse), [
      { kind: "exclusion", met: false, what: "no more than 12 months of experience" }
    ])
  })

  it("reads an exclusion whoever it names: nurses, new graduates", () => {
    const notOpen = "Requirements\n- This position is not open to nurses without recent labor and delivery experience"
    assert.deepStrictEqual(kinds(gates(notOpen, nurse)), ["exclusion:missing"])
    const nurses = "Requirements\n- Nurses without ICU experience will not be considered."
    assert.deepStrictEqual(kinds(gates(nurses, nurse)), ["exclusion:missing"])
    // The same words without turning anyone away are no gate.
    assert.deepStrictEqual(kinds(gates("Requirements\n- Nurses without ICU experience are welcome", nurse)), [])
  })

  it("reads a licence for another state as missing, unless the posting takes a compact licence", () => {
    const texasNurse = profile({
      ...nurse.resume,
      certificates: [{ name: "Registered Nurse (RN), Texas" }, { name: "BLS" }]
    })
    const california = "Requirements\n- Active California RN license required at the time of hire\n- BLS"
    assert.include(kinds(gates(california, texasNurse)), "licence:missing")
    const compact = "Requirements\n- Active California or multistate compact RN license\n- BLS"
    assert.notInclude(kinds(gates(compact, texasNurse)), "licence:missing")
    const texas = "Requirements\n- Active Texas RN license\n- BLS"
    assert.notInclude(kinds(gates(texas, texasNurse)), "licence:missing")
    // The licences the posting turns away, named beside the one it asks, are not taken.
    const refused = "Requirements\n- Active California RN license required at time of hire (a Texas or compact " +
      "license is not valid in California)\n- BLS"
    assert.include(kinds(gates(refused, texasNurse)), "licence:missing")
  })

  it("reads years in a role as a gate the profile meets only in that role", () => {
    const charge = "Requirements\n- At least one year as a charge nurse is required"
    assert.deepStrictEqual(gates(charge, nurse), [{ kind: "years", met: false, what: "1+ year as a charge nurse" }])
    // Said with the role's holder and "experience", without "as a".
    const held = "Requirements\n- At least one year of charge nurse experience is required"
    assert.deepStrictEqual(gates(held, nurse), [{ kind: "years", met: false, what: "1+ year as a charge nurse" }])
    const leading = "Requirements\n- 2+ years of nursing leadership experience (charge nurse or manager) required"
    assert.deepStrictEqual(kinds(gates(leading, nurse)), ["years:missing"])
    // Inside the years asked, with no gate word: "including 1+ year as a charge nurse".
    const inside = "Requirements\n- 3+ years of nursing experience, including 1+ year as a charge nurse"
    assert.include(kinds(gates(inside, nurse)), "years:missing")
    const chargeNurse = profile({ ...nurse.resume, work: [{ position: "Charge Nurse", startDate: "2019-01" }] })
    assert.deepStrictEqual(kinds(gates(charge, chargeNurse)), ["years:met"])
  })

  it("counts years asked in a specialty only with that specialty", () => {
    const text = "Requirements\n- 3+ years of critical care experience"
    assert.deepStrictEqual(gates(text, nurse), [{
      kind: "years",
      met: false,
      what: "3+ years of Critical care experience"
    }])
    assert.deepStrictEqual(kinds(gates("Requirements\n- 3+ years of experience in a hospital", nurse)), ["years:met"])
    // "software or data engineering": the other side of the "or" is no term, so the years may be spent in it.
    assert.deepStrictEqual(gates("Requirements\n- 5+ years of software or data engineering experience", developer), [{
      kind: "years",
      met: true,
      what: "5+ years of experience"
    }])
    // Fewer years in another sentence, in a specialty, are a gate of their own.
    assert.deepStrictEqual(
      gates(
        "Requirements\n- 3+ years of nursing experience in an acute care hospital\n- At least 1 year of case " +
          "management experience",
        nurse
      ),
      [
        { kind: "years", met: true, what: "3+ years of experience" },
        { kind: "years", met: false, what: "1+ years of Case management experience" }
      ]
    )
    // "cath lab or critical care": two specialties, neither of which the nurse shows.
    assert.deepStrictEqual(
      kinds(gates("Requirements\n- 1+ year of cath lab or critical care experience required", nurse)),
      ["years:missing"]
    )
    // Years in words and figures, as forms write them; a specialty written with an ampersand.
    assert.deepStrictEqual(
      gates("Requirements\n- Minimum of two (2) years of recent ICU experience required", nurse),
      [{ kind: "years", met: false, what: "2+ years of Critical care experience" }]
    )
    assert.deepStrictEqual(
      gates("Requirements\n- Minimum 1 year of recent Labor & Delivery experience", nurse),
      [{ kind: "years", met: false, what: "1+ years of Labor and delivery experience" }]
    )
  })

  it("reads a vendor's certification on a requirement line of its own", () => {
    const text = "Requirements\n- Marketo Certified Expert (required)\n- Deep Salesforce knowledge"
    assert.deepStrictEqual(gates(text, developer), [{
      kind: "certification",
      met: false,
      what: "Marketo Certified Expert"
    }])
    const certified = profile({ ...developer.resume, certificates: [{ name: "Marketo Certified Expert (2024)" }] })
    assert.deepStrictEqual(kinds(gates(text, certified)), ["certification:met"])
    assert.deepStrictEqual(gates("Requirements\n- AWS Certified Solutions Architect preferred", developer), [])
  })

  it("reads years asked inside years, in one skill", () => {
    const text = "Requirements\n- Several years of backend development, at least 2 of them writing Elixir in production"
    assert.deepStrictEqual(gates(text, developer), [{
      kind: "years",
      met: false,
      what: "2+ years of Elixir experience"
    }])
    const postgres =
      "Requirements\n- Several years of backend work, at least 2 of them running PostgreSQL in production"
    assert.deepStrictEqual(kinds(gates(postgres, developer)), ["years:met"])
  })

  it("reads years of doing something inside the years of a field ('including at least 2 years supervising')", () => {
    const text = "Requirements\n- 6+ years of accounting experience, including at least 2 years supervising others"
    const found = gates(text, nurse).filter((g) => g.what.includes("People management"))
    assert.deepStrictEqual(found, [{ kind: "years", met: false, what: "2+ years of People management experience" }])
  })

  it("does not take the credential in a specialty's years for the specialty", () => {
    // The RN license says who did the work; the emergency department, where: the nurse has the first only.
    const text = "Requirements\n- At least 2 years of emergency department experience as an RN"
    assert.deepStrictEqual(gates(text, nurse), [{ kind: "licence", met: true, what: "Registered Nurse" }, {
      kind: "years",
      met: false,
      what: "2+ years of Emergency care experience"
    }])
  })

  it("reads a national regulator's registration as a licence to practise in that country", () => {
    const text = "Requirements\n- Current AHPRA registration as a Registered Nurse\n- Wound care"
    assert.include(kinds(gates(text, nurse)), "licence:missing")
    const melbourne = profile({
      ...nurse.resume,
      basics: { label: "Registered Nurse", location: { city: "Melbourne", countryCode: "AU" } }
    })
    assert.notInclude(kinds(gates(text, melbourne)), "licence:missing")
    const registered = profile({ ...nurse.resume, certificates: [{ name: "AHPRA registration (RN)" }] })
    assert.notInclude(kinds(gates(text, registered)), "licence:missing")
    // Eligibility stands in for it: the employer helps one register after hire.
    const eligible = "Requirements\n- NMC registration, or eligibility to register with the NMC\n- Wound care"
    assert.notInclude(kinds(gates(eligible, nurse)), "licence:missing")
  })

  it("takes a requirement line that is a licence the taxonomy does not know for a gate, either/or included", () => {
    const adjuster = "Requirements\n- California adjuster license\n- Microsoft Excel"
    assert.deepStrictEqual(kinds(gates(adjuster, nurse)), ["licence:missing"])
    const rn = "Requirements\n- Active Texas RN license or compact license\n- Patient assessment"
    assert.deepStrictEqual(kinds(gates(rn, nurse)).filter((k) => k.startsWith("licence")), ["licence:met"])
    // "Texas or compact" says where the licence is valid; the licence asked is an RN's.
    const either = posting({
      title: "Registered Nurse",
      description: "Requirements\n- Active Texas or compact RN license\n- Patient assessment"
    })
    const requirements = analyzePosting(either, nurse, now).breakdown?.find((f) => f.factor === "requirements")
    assert.strictEqual(requirements?.detail, "meets all 2 hard requirements")
    assert.deepStrictEqual(kinds(gates("Requirements\n- Valid driver's license\n- Excel", nurse)), [])
  })

  it("reads a certification as shown only among the certificates, not by knowing the tool", () => {
    const marketer = profile({
      basics: { label: "Digital Marketing Specialist" },
      work: [{ position: "Digital Marketing Specialist", startDate: "2019-01-01", highlights: ["Ran Google Ads"] }],
      skills: [{ name: "Marketing", keywords: ["Google Ads", "Google Analytics"] }]
    })
    const text = "Requirements\n- Google Analytics\n- Google Ads certification required"
    assert.deepStrictEqual(kinds(gates(text, marketer)), ["certification:missing"])
    const certified = profile({ ...marketer.resume, certificates: [{ name: "Google Ads Search Certification" }] })
    assert.deepStrictEqual(kinds(gates(text, certified)), ["certification:met"])
    // A module named in parentheses after the certification: "Epic certification (ClinDoc) required".
    const module = "Requirements\n- Google Analytics\n- Google Ads certification (Search) required"
    assert.deepStrictEqual(kinds(gates(module, marketer)), ["certification:missing"])
  })

  it("makes a language the posting requires fluently a must-have", () => {
    const text = "Requirements\n- Go and PostgreSQL\n- Fluent French and English required"
    assert.deepStrictEqual(kinds(gates(text, developer)), ["must_have:missing"])
  })

  it("makes a missing must-have line a gate", () => {
    const text = "Requirements\n- Kafka is a must-have for this team\n- Go and PostgreSQL"
    assert.deepStrictEqual(kinds(gates(text, developer)), ["must_have:missing"])
    // "X experience required" at a line's end marks it as "X experience is required" does.
    assert.deepStrictEqual(
      kinds(gates("Requirements\n- Go and PostgreSQL\n- Apache Kafka experience required", developer)),
      [
        "must_have:missing"
      ]
    )
    // So does a short line that is a tool and "required".
    assert.deepStrictEqual(
      kinds(gates("Requirements\n- Go and PostgreSQL\n- Apache Kafka required", developer)),
      ["must_have:missing"]
    )
    assert.deepStrictEqual(
      kinds(gates("Requirements\n- Go and PostgreSQL\n- Weekend availability required", developer)),
      []
    )
    // Every line under a "Must-haves" heading is marked must-have; those under "Nice-to-haves" are not.
    const heading =
      "Must-haves\n- Apache Kafka in production\n- PostgreSQL at scale\n\nNice-to-haves\n- Terraform at scale"
    assert.deepStrictEqual(gates(heading, developer), [
      { kind: "must_have", met: false, what: "Apache Kafka" },
      { kind: "must_have", met: true, what: "PostgreSQL" }
    ])
  })

  it("keeps a must-have lead-in with its line, in pasted text and in a fetched posting's sections", () => {
    const text = "Requirements\n- Go and PostgreSQL\n\nMust have: hands-on Kafka administration."
    assert.deepStrictEqual(kinds(gates(text, developer)), ["must_have:missing"])
    const sections = {
      requirements: ["Must have: hands-on Kafka administration."],
      nice_to_have: [],
      responsibilities: []
    }
    assert.deepStrictEqual(kinds(gates("", developer, { sections })), ["must_have:missing"])
  })
})

describe("gates in the analysis", () => {
  // A remote role whose requirements are these lines.
  const remoteRole = (title: string, lines: ReadonlyArray<string>, location = "Remote") =>
    posting({ title, location, remote: true, description: `Requirements\n${lines.map((l) => `- ${l}`).join("\n")}` })
  const strongFit = (...extra: ReadonlyArray<string>) =>
    remoteRole("Backend Engineer", ["Go", "PostgreSQL", "Docker", "Kubernetes", ...extra])

  it("caps a strong fit missing one gate at MAYBE, and a missing degree at SKIP, naming it with the quote", () => {
    const open = analyzePosting(strongFit(), developer, now)
    assert.strictEqual(open.verdict, "APPLY")
    const clearance = analyzePosting(strongFit("Active Secret clearance required"), developer, now)
    assert.strictEqual(clearance.verdict, "MAYBE")
    assert.strictEqual(clearance.match_score, 74)
    assert.include(clearance.assessment, "Active Secret clearance required")
    const degree = analyzePosting(strongFit("A PhD in Computer Science is required"), developer, now)
    assert.strictEqual(degree.verdict, "SKIP")
    assert.strictEqual(degree.match_score, 49)
    assert.include(degree.assessment, "A PhD in Computer Science is required")
    const requirements = degree.breakdown?.find((f) => f.factor === "requirements")
    assert.include(requirements?.detail ?? "", "capped at 49")
  })

  it("caps a fit whose work is on site somewhere the profile neither lives nor wants to work below APPLY", () => {
    const onSite = (location: string) =>
      posting({ title: "Backend Engineer", location, description: "Requirements\n- Go\n- PostgreSQL\n- Docker" })
    const elsewhere = analyzePosting(onSite("Munich, Germany"), developer, now)
    assert.strictEqual(elsewhere.verdict, "MAYBE")
    assert.strictEqual(elsewhere.match_score, 74)
    const location = elsewhere.breakdown?.find((f) => f.factor === "location")?.detail ?? ""
    assert.include(location, "a move or a long commute caps the score below APPLY")
    // Remote work, or a place the profile lives in, is no such cap.
    assert.strictEqual(analyzePosting(strongFit(), developer, now).verdict, "APPLY")
    assert.isAbove(analyzePosting(onSite("Berlin, Germany"), developer, now).match_score, 74)
  })

  it("caps a fit that pays a third or more below the profile's minimum below APPLY", () => {
    const paid = { ...developer, preferences: { ...developer.preferences, min_salary: 70000, salary_currency: "EUR" } }
    const paying = (pay: string) =>
      posting({ ...strongFit(), salary: undefined, description: `${strongFit().description}\n\n${pay}` })
    const low = analyzePosting(paying("Salary: EUR 40,000 - 45,000"), paid, now)
    assert.strictEqual(low.verdict, "MAYBE")
    assert.strictEqual(low.match_score, 74)
    const salary = low.breakdown?.find((f) => f.factor === "salary")?.detail ?? ""
    assert.include(salary, "pay this far below your minimum caps the score below APPLY")
    // A little below the minimum lowers the score without the cap.
    assert.strictEqual(analyzePosting(paying("Salary: EUR 62,000 - 66,000"), paid, now).verdict, "APPLY")
  })

  it("caps a step up in level with required skills missing below APPLY, and not a step up that meets them", () => {
    // Three years of work: short of the five a senior role implies.
    const midLevel = profile({
      ...developer.resume,
      work: [{ ...developer.resume.work![0]!, startDate: "2022-06-01" }]
    }, { ...developer.preferences, seniority: "mid" })
    const skills = ["Go", "PostgreSQL", "Docker", "Kubernetes"]
    const senior = analyzePosting(remoteRole("Senior Backend Engineer", [...skills, "Rust"]), midLevel, now)
    assert.strictEqual(senior.verdict, "MAYBE")
    assert.strictEqual(senior.match_score, 74)
    const seniority = senior.breakdown?.find((f) => f.factor === "seniority")?.detail ?? ""
    assert.strictEqual(
      seniority,
      "senior role; you prefer mid-level roles; a step up with required skills missing caps the score below APPLY"
    )
    // The same asks at the profile's own level, or a step up whose asks are all met: no cap.
    assert.isAbove(analyzePosting(remoteRole("Backend Engineer", [...skills, "Rust"]), midLevel, now).match_score, 74)
    assert.strictEqual(analyzePosting(remoteRole("Senior Backend Engineer", skills), midLevel, now).verdict, "APPLY")
    // A step down is no stretch.
    const junior = analyzePosting(remoteRole("Junior Backend Engineer", [...skills, "Rust"]), midLevel, now)
    assert.notInclude(junior.breakdown?.find((f) => f.factor === "seniority")?.detail ?? "", "caps")
  })

  it("does not cap one's own job one level up with the years it implies, but does a step up into a specialty", () => {
    // Nine years as a backend engineer, preferring mid-level roles.
    const midLevel = { ...developer, preferences: { ...developer.preferences, seniority: "mid" as const } }
    const asks = ["Go", "PostgreSQL", "Docker", "Kubernetes", "Rust"]
    const own = analyzePosting(remoteRole("Senior Backend Engineer", asks), midLevel, now)
    assert.notInclude(own.breakdown?.find((f) => f.factor === "seniority")?.detail ?? "", "caps")
    assert.isAbove(own.match_score, 74)
    // A specialty the title names, or two levels up, is still a stretch.
    assert.strictEqual(
      analyzePosting(remoteRole("Senior Payments Backend Engineer", asks), midLevel, now).match_score,
      74
    )
    assert.strictEqual(analyzePosting(remoteRole("Principal Backend Engineer", asks), midLevel, now).match_score, 74)
  })

  it("makes a missing gate on top of half the skills or fewer a SKIP: not a near fit", () => {
    const half = remoteRole("Backend Engineer", [
      "Go",
      "PostgreSQL",
      "Rust",
      "Scala",
      "Active Secret clearance required"
    ])
    const analysis = analyzePosting(half, developer, now)
    assert.strictEqual(analysis.verdict, "SKIP")
    assert.strictEqual(analysis.match_score, 49)
  })

  it("counts the gates one sentence gives as one requirement: a MAYBE, where two sentences make a SKIP", () => {
    const one = analyzePosting(strongFit("At least 3 years of Rust experience is required"), developer, now)
    const missing = one.breakdown?.find((f) => f.factor === "requirements")?.detail ?? ""
    assert.include(missing, "Rust; 3+ years of Rust experience")
    assert.strictEqual(one.verdict, "MAYBE")
    assert.strictEqual(one.match_score, 74)
    const two = analyzePosting(
      strongFit("At least 3 years of Rust experience is required", "Active Secret clearance required"),
      developer,
      now
    )
    assert.strictEqual(two.verdict, "SKIP")
    assert.strictEqual(two.match_score, 49)
  })

  it("keeps a profile of another field at 15 or below however well the rest fits", () => {
    const p = remoteRole(
      "Registered Nurse",
      ["Patient assessment", "Medication administration", "IV therapy", "Epic"],
      "Berlin, Germany"
    )
    const analysis = analyzePosting(p, developer, now)
    assert.isAtMost(analysis.match_score, 15)
    assert.strictEqual(analysis.verdict, "SKIP")
  })

  it("caps a fit missing the skill the title names below APPLY, however much else it meets", () => {
    const platform = profile({
      basics: { label: "Backend Engineer" },
      work: [{ position: "Backend Engineer", startDate: "2016-01-01" }],
      skills: [{ name: "Backend", keywords: ["Go", "PostgreSQL", "Docker", "Kubernetes", "Terraform", "Redis"] }]
    }, { remote: "remote" })
    const titled = (title: string) =>
      remoteRole(title, ["Go", "PostgreSQL", "Docker", "Kubernetes", "Terraform", "Redis", "Rust"])
    // Six of seven asks met (the title's ask counting twice): an APPLY, unless the missing one is the role's own.
    assert.strictEqual(analyzePosting(titled("Backend Engineer"), platform, now).verdict, "APPLY")
    assert.strictEqual(analyzePosting(titled("Backend Engineer (Go)"), platform, now).verdict, "APPLY")
    const rust = analyzePosting(titled("Backend Engineer (Rust)"), platform, now)
    assert.strictEqual(rust.verdict, "MAYBE")
    assert.strictEqual(rust.match_score, 74)
    const skills = rust.breakdown?.find((f) => f.factor === "required_skills")
    assert.include(skills?.detail ?? "", "Rust, which the title names, caps the score below APPLY")
    // Not a title's skill built on one of its own kind the profile has: Next.js on React.
    const web = profile({
      basics: { label: "Frontend Developer" },
      work: [{ position: "Frontend Developer", startDate: "2019-01-01" }],
      skills: [{ name: "Web", keywords: ["React", "TypeScript", "HTML", "CSS", "Jest", "Git"] }]
    }, { remote: "remote" })
    const next = analyzePosting(
      remoteRole("Frontend Developer (Next.js)", ["React", "TypeScript", "HTML", "CSS", "Jest", "Git", "Next.js"]),
      web,
      now
    )
    assert.strictEqual(next.verdict, "APPLY")
    assert.notInclude(next.breakdown?.find((f) => f.factor === "required_skills")?.detail ?? "", "caps the score")
  })

  it("names an unmet either/or ask once", () => {
    const p = posting({
      title: "Engineer",
      description: "Requirements\n- Experience with Rust or Scala\n- Go\n- Docker"
    })
    const analysis = analyzePosting(p, developer, now)
    assert.include(analysis.missing_skills, "Rust or Scala")
    assert.notInclude(analysis.missing_skills, "Rust")
  })
})

describe("languages at a level", () => {
  const clinic = (line: string) =>
    posting({
      title: "Clinic Nurse",
      description: `Requirements\n- Patient education\n- Phlebotomy\n- ${line}`
    })
  const speaker = (fluency: string) =>
    profile({
      work: [{ position: "Nurse", highlights: ["Patient education and phlebotomy every day"] }],
      languages: [{ language: "Spanish", fluency }]
    })

  it("does not count a conversational language toward a fluent ask, and the must-have line becomes a missing gate", () => {
    const analysis = analyzePosting(clinic("Fluent Spanish is mandatory"), speaker("Conversational"), now)
    assert.include(analysis.missing_skills, "Spanish")
    assert.notInclude(analysis.matching_skills, "Spanish")
    assert.strictEqual(analysis.verdict, "MAYBE")
    assert.include(analysis.assessment, "Fluent Spanish is mandatory")
  })

  it("counts a fluent speaker, and a conversational one where the posting asks no level", () => {
    assert.include(
      analyzePosting(clinic("Fluent Spanish is mandatory"), speaker("Native"), now).matching_skills,
      "Spanish"
    )
    assert.include(analyzePosting(clinic("Spanish"), speaker("Conversational"), now).matching_skills, "Spanish")
  })
})
