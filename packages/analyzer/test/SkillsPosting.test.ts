import { assert, describe, it } from "@effect/vitest"
import { skillsOfPosting } from "./AnalyzerSupport.js"

describe("posting skills", () => {
  it("takes importance from the extracted sections", () => {
    const { byName } = skillsOfPosting({
      description: "",
      sections: { requirements: ["Python and SQL"], nice_to_have: ["Kafka"], responsibilities: ["Run Docker images"] }
    })
    assert.strictEqual(byName.get("Python")?.importance, "required")
    assert.strictEqual(byName.get("SQL")?.importance, "required")
    assert.strictEqual(byName.get("Apache Kafka")?.importance, "preferred")
    assert.strictEqual(byName.get("Docker")?.importance, "required")
    assert.isFalse(byName.get("Docker")?.explicit)
  })

  it("takes importance from headings in the description", () => {
    const { byName } = skillsOfPosting({
      description:
        "Requirements\n- Python\n- PostgreSQL\n\nPreferred\n- Terraform\n\nBenefits\n- AWS certification budget"
    })
    assert.strictEqual(byName.get("Python")?.importance, "required")
    assert.strictEqual(byName.get("Terraform")?.importance, "preferred")
    assert.isUndefined(byName.get("Amazon Web Services"))
  })

  it("takes importance from the sentence's own words, nearest cue first", () => {
    const { byName } = skillsOfPosting({
      description:
        "Python is required; Go is a plus. Must have 3+ years with Java and ideally some Kotlin. Bonus: Rust.\nFamiliarity with Docker is nice to have."
    })
    assert.strictEqual(byName.get("Python")?.importance, "required")
    assert.strictEqual(byName.get("Go")?.importance, "preferred")
    assert.strictEqual(byName.get("Java")?.importance, "required")
    assert.strictEqual(byName.get("Kotlin")?.importance, "preferred")
    assert.strictEqual(byName.get("Rust")?.importance, "preferred")
    assert.strictEqual(byName.get("Docker")?.importance, "preferred")
  })

  it("reads \"it'd be great if\" and \"we'll teach you\" as hopes, not asks", () => {
    const { byName } = skillsOfPosting({
      description: "Requirements\n- React and TypeScript\n- It'd be great if you've worked with Next.js or " +
        "GraphQL, but we'll teach you."
    })
    assert.strictEqual(byName.get("React")?.importance, "required")
    assert.strictEqual(byName.get("Next.js")?.importance, "preferred")
    assert.strictEqual(byName.get("GraphQL")?.importance, "preferred")
  })

  it("takes a credential one may be eligible for as hoped for, and a credential's holder as no ask", () => {
    const { byName } = skillsOfPosting({
      description: "Requirements\n- CPA, or CPA-eligible and planning to sit for the exam\n- Strong Excel"
    })
    assert.strictEqual(byName.get("Certified Public Accountant")?.importance, "preferred")
    const holder = skillsOfPosting({
      description:
        "Responsibilities\n- Prepare quarterly payroll tax reports with our outside CPA\n- Run payroll in ADP"
    })
    assert.notInclude(holder.names, "Certified Public Accountant")
    assert.include(holder.names, "ADP")
  })

  it("reads 'A, B, C or a similar platform' as one ask any of them meets", () => {
    const { byName } = skillsOfPosting({
      description: "Requirements\n- Experience with Braze, Klaviyo, HubSpot or a similar platform"
    })
    assert.sameMembers([...(byName.get("HubSpot")?.alternatives ?? [])], ["Braze", "Klaviyo"])
    const erp = skillsOfPosting({ description: "Requirements\n- Experience with Workday or another large ERP" })
    assert.include([...(erp.byName.get("Workday")?.alternatives ?? [])], "Enterprise resource planning")
    // "(NetSuite, SAP or similar)": the examples of an ask, any of them will do.
    const similar = skillsOfPosting({
      description: "Requirements\n- Experience with an ERP (NetSuite, SAP or similar)"
    })
    assert.sameMembers([...(similar.byName.get("SAP")?.alternatives ?? [])], [
      "Enterprise resource planning",
      "NetSuite"
    ])
  })

  it("reads a company's stack under its own heading after the company's intro", () => {
    const { names } = skillsOfPosting({
      description: "About Zugvogel\nWe power travel bookings.\n\nOur stack\nGo, PostgreSQL, Redis, Kafka\n\n" +
        "What you bring\n- 6+ years of backend engineering"
    })
    assert.includeMembers([...names], ["Go", "PostgreSQL", "Redis", "Apache Kafka"])
  })

  it("lets a preferred cue inside the requirements win", () => {
    const { byName } = skillsOfPosting({
      description: "",
      sections: { requirements: ["Java", "Kotlin is a plus"], nice_to_have: [], responsibilities: [] }
    })
    assert.strictEqual(byName.get("Kotlin")?.importance, "preferred")
  })

  it("takes a credential one may be working toward as preferred", () => {
    const { byName } = skillsOfPosting({ description: "Requirements\n- A CPA or working toward one\n- Excel" })
    assert.strictEqual(byName.get("Certified Public Accountant")?.importance, "preferred")
    assert.strictEqual(byName.get("Microsoft Excel")?.importance, "required")
  })

  it("reads Word as Microsoft Word only among other office tools", () => {
    assert.include(skillsOfPosting({ description: "Requirements\n- Strong Word and Excel" }).names, "Microsoft Word")
    assert.notInclude(
      skillsOfPosting({ description: "Requirements\n- Word of mouth brings most of our clients\n- Excel" }).names,
      "Microsoft Word"
    )
  })

  it("reads a cue in parentheses as speaking of what is in them", () => {
    const { byName } = skillsOfPosting({
      description: "Requirements\n- TMS experience (McLeod a plus)\n- React (Redux a plus)"
    })
    assert.strictEqual(byName.get("Transportation management systems")?.importance, "required")
    assert.strictEqual(byName.get("React")?.importance, "required")
    assert.strictEqual(byName.get("Redux")?.importance, "preferred")
  })

  it("honours negation", () => {
    const { byName, names } = skillsOfPosting({
      description: [
        "No Java experience needed.",
        "PHP is not required.",
        "You can start without prior Salesforce experience.",
        "You don't need to know Ruby.",
        "Kotlin is not required but is a plus.",
        "Not only Python but also Go."
      ].join(" ")
    })
    for (const skill of ["Java", "PHP", "Salesforce", "Ruby"]) assert.notInclude(names, skill)
    assert.strictEqual(byName.get("Kotlin")?.importance, "preferred")
    assert.include(names, "Python")
    assert.include(names, "Go")
  })

  it("quotes the sentence a skill was found in", () => {
    const { byName } = skillsOfPosting({
      description: "About us\nWe ship daily. You will build APIs in Go and Python."
    })
    assert.strictEqual(byName.get("Go")?.quote, "You will build APIs in Go and Python.")
  })

  it("counts title skills as required", () => {
    const { byName } = skillsOfPosting({ title: "Senior Java Developer", description: "Join us." })
    assert.strictEqual(byName.get("Java")?.importance, "required")
  })

  it("marks alternatives: any one of them will do", () => {
    const { byName } = skillsOfPosting({ description: "Requirements:\n- Go or Rust\n- Python, SQL and Docker" })
    assert.deepStrictEqual(byName.get("Go")?.alternatives, ["Rust"])
    assert.deepStrictEqual(byName.get("Rust")?.alternatives, ["Go"])
    assert.deepStrictEqual(byName.get("Python")?.alternatives, [])
    // One hoped for, another that will do.
    const ideal = skillsOfPosting({ description: "Requirements:\n- NetSuite would be ideal but SAP is fine too" })
    assert.deepStrictEqual(ideal.byName.get("NetSuite")?.alternatives, ["SAP"])
    // The parts a skill's parentheses name make one ask with it; a list around them stays a list.
    const parts = skillsOfPosting({ description: "Requirements:\n- Python, AWS (S3, Lambda) and Docker" })
    assert.deepStrictEqual(parts.byName.get("Amazon Web Services")?.alternatives, ["Amazon S3", "AWS Lambda"])
    assert.deepStrictEqual(parts.byName.get("AWS Lambda")?.alternatives, ["Amazon Web Services", "Amazon S3"])
    assert.deepStrictEqual(parts.byName.get("Docker")?.alternatives, [])
    assert.deepStrictEqual(parts.byName.get("Python")?.alternatives, [])
  })

  it("ignores the company's own name and, when requirements are stated, the company intro", () => {
    const { names } = skillsOfPosting({
      company: "Quanta Robotics",
      description:
        "Quanta Robotics builds forecasting software for Salesforce users.\n\nRequirements\n- Python\n- Quanta Robotics experience"
    })
    assert.deepStrictEqual(names, ["Python"])
  })

  it("ends the intro at a heading of the posting's own words over a list: the list is the job's", () => {
    const { names } = skillsOfPosting({
      description: "Cedar Ridge is a 410-bed teaching hospital and a certified stroke center.\n\n" +
        "What a shift looks like\n- Watch continuous cardiac telemetry\n- Document care in Epic\n\n" +
        "Requirements\n- Active Texas RN license"
    })
    assert.includeMembers([...names], ["Cardiac telemetry", "Epic Systems"])
    // A short line inside the company's story, with no list under it, leaves the intro as it was.
    const story = skillsOfPosting({
      description:
        "About us\nOur numbers\nWe run Epic across twelve clinics.\n\nRequirements\n- Active Texas RN license"
    })
    assert.notInclude([...story.names], "Epic Systems")
  })

  it("keeps intro skills when the posting states no requirements", () => {
    const { names } = skillsOfPosting({ description: "We need someone who knows QuickBooks and payroll." })
    assert.deepStrictEqual(names, ["QuickBooks", "Payroll"])
  })
})

describe("what is not a skill asked", () => {
  it("leaves out what the employer's business or customers are ('software for physical therapy clinics')", () => {
    const { names } = skillsOfPosting({
      title: "QA Engineer",
      description:
        "What you'll do\n- Test the scheduling app we sell to physical therapy clinics\n\nRequirements\n- Cypress\n- DevOps practices"
    })
    assert.notInclude(names, "Physical therapy")
    assert.includeMembers([...names], ["Cypress", "DevOps"])
    // A colleague's job title is no skill asked of this one; a role asked of the applicant is.
    const post = skillsOfPosting({
      title: "Staff Accountant",
      description: "Requirements\n- Month-end close\n- Prepare variance analysis for the Accounting Manager"
    }).names
    assert.notInclude(post, "Accounting")
    // The field the whole job is in, in its lines.
    assert.notInclude(
      skillsOfPosting({
        title: "Senior Accountant, Revenue",
        description: "Requirements\n- ASC 606\n- Document the accounting for non-standard contract terms"
      }).names,
      "Accounting"
    )
    assert.include(
      skillsOfPosting({ title: "Analyst", description: "Requirements\n- Experience as a Payroll Manager" }).names,
      "Payroll"
    )
    // A benefits heading with an aside in parentheses: what it lists is pay, not an ask.
    const paid = skillsOfPosting({
      title: "Registered Nurse",
      description:
        "Requirements\n- BLS\n\nBENEFITS SUMMARY (full-time, 36 hrs/wk)\nCertification pay $1.50/hr (PCCN, CV-BC)"
    }).names
    assert.notInclude(paid, "Progressive Care Certified Nurse")
    // The phones an app must work on are no platform to develop for.
    const phones = skillsOfPosting({
      title: "Junior Frontend Developer",
      description: "Requirements\n- React\n- Write CSS that works on the cheap Android phones our shoppers use"
    }).names
    assert.notInclude(phones, "Android")
    assert.include(phones, "React")
  })

  it("leaves out the subject of a degree, and keeps a skill named after it", () => {
    const { names } = skillsOfPosting({
      title: "Staff Accountant",
      description:
        "Requirements\n- Bachelor's degree in Corporate Finance or Accounting\n- Degree in accounting, with Python skills"
    })
    assert.notInclude(names, "Corporate finance")
    assert.notInclude(names, "Accounting")
    assert.include(names, "Python")
  })

  it("leaves out the occupation itself when it is only what years are asked of, not when a posting asks it", () => {
    const own = skillsOfPosting({
      title: "Senior Accountant",
      description: "Requirements\n- 5+ years of accounting experience\n- GAAP"
    })
    assert.notInclude(own.names, "Accounting")
    assert.include(own.names, "GAAP")
    const other = skillsOfPosting({
      title: "Office Manager",
      description: "Requirements\n- 3+ years of accounting experience\n- GAAP"
    })
    assert.include(other.names, "Accounting")
    const comma = skillsOfPosting({
      title: "Senior Accountant, Revenue",
      description: "Requirements\n- 4+ years of accounting, ideally at a software company\n- 3+ years of public " +
        "accounting with a focus on tax\n- GAAP"
    })
    assert.notInclude(comma.names, "Accounting")
    // Further on in the sentence of the years ask too.
    const further = skillsOfPosting({
      title: "Senior Accountant",
      description: "Requirements\n- 4+ years of accounting experience, of which at least two years must be in public " +
        "accounting (audit, tax or client accounting services)\n- GAAP"
    })
    assert.notInclude(further.names, "Accounting")
    // At the end of a line the occupation is the skill asked too ("3+ years of bookkeeping" for a Bookkeeper).
    const line = skillsOfPosting({
      title: "Bookkeeper",
      description: "Requirements\n- 3+ years of bookkeeping\n- Excel"
    })
    assert.include(line.names, "Bookkeeping")
  })

  it("takes a credential one gets after starting as not asked of an applicant, one asked at hire as required", () => {
    const { byName } = skillsOfPosting({
      title: "Emergency Nurse",
      description:
        "Requirements\n- Active RN license required at the time of hire\n- BLS and ACLS required; PALS within 6 months of hire"
    })
    assert.strictEqual(byName.get("Pediatric Advanced Life Support")?.importance, "preferred")
    assert.strictEqual(byName.get("Advanced Cardiovascular Life Support")?.importance, "required")
    assert.strictEqual(byName.get("Registered Nurse")?.importance, "required")
  })

  it("leaves out the field years are spent in when the job is of that field, and keeps it as a skill otherwise", () => {
    const field = (title: string, line: string) =>
      skillsOfPosting({ title, description: `Requirements\n- ${line}\n- QuickBooks` }).names
    assert.notInclude(field("Bookkeeper", "3+ years of bookkeeping or accounting"), "Accounting")
    assert.notInclude(field("Staff Accountant", "Two or more years of experience in general accounting"), "Accounting")
    assert.notInclude(field("Marketing Manager", "4+ years in digital marketing"), "Digital marketing")
    assert.include(field("Office Manager", "3+ years of experience in general accounting"), "Accounting")
    assert.notInclude(field("Platform Engineer", "4+ years of DevOps or backend work"), "DevOps")
    assert.notInclude(field("Data Platform Engineer", "5+ years of software or data engineering"), "Data engineering")
    assert.notInclude(
      field("Performance Marketing Specialist", "3+ years managing paid search"),
      "Pay-per-click advertising"
    )
    assert.notInclude(field("Marketing Operations Specialist", "3+ years in demand generation"), "Demand generation")
  })

  it("leaves out the kinds of role years may be spent in ('5+ years in SRE, DevOps or backend roles')", () => {
    const roles = skillsOfPosting({
      title: "Platform Engineer",
      description: "Requirements\n- 5+ years in SRE, DevOps or backend roles\n- Kubernetes\n- 3+ years in a DevOps role"
    })
    assert.notInclude(roles.names, "Site reliability engineering")
    assert.notInclude(roles.names, "DevOps")
    assert.include(roles.names, "Kubernetes")
    const asked = skillsOfPosting({
      title: "Platform Engineer",
      description: "Requirements\n- 5+ years of experience\n- DevOps practices and Kubernetes"
    })
    assert.include(asked.names, "DevOps")
  })

  it("reads Epic before 'build', 'super-user' or 'certification' as the records system", () => {
    const { names } = skillsOfPosting({ description: "Requirements\n- Epic super-user or Epic build experience" })
    assert.deepStrictEqual(names, ["Epic Systems"])
  })

  it("reads Epic before 'charting' or 'documentation' as the records system", () => {
    const { names } = skillsOfPosting({
      title: "Staff Nurse",
      description: "Requirements\n- Active RN license\n- Epic documentation\n\nJoin us on an Epic journey of care."
    })
    assert.include(names, "Epic Systems")
    const journey = skillsOfPosting({
      title: "Staff Nurse",
      description: "Requirements\n- Active RN license\n\nAn Epic journey."
    })
    assert.notInclude(journey.names, "Epic Systems")
  })

  it("reads a currency code before an amount as money, not as the skill it spells", () => {
    const { names } = skillsOfPosting({
      title: "Mechanical Designer",
      description: "Requirements\n- CAD drafting\n\nCAD 65,000 - 75,000 a year."
    })
    assert.include(names, "Computer-aided design")
    const money = skillsOfPosting({
      title: "Marketing Specialist",
      description: "Requirements\n- SEO\n\nCAD 65,000 - 75,000."
    })
    assert.notInclude(money.names, "Computer-aided design")
  })
})

describe("text that asks nothing", () => {
  it("leaves out other teams' names, the company's own description further down, and equal-opportunity text", () => {
    const { names } = skillsOfPosting({
      title: "Compliance Manager",
      description: [
        "Requirements",
        "- Regulatory reporting",
        "- Partner closely with Product, Treasury, and Data Science teams to embed controls",
        "About Lakeshore",
        "Lakeshore runs the largest e-commerce marketplace in the region.",
        "We are an equal opportunity employer and provide reasonable accommodation during the onboarding process."
      ].join("\n")
    })
    assert.deepStrictEqual(names, ["Regulatory reporting"])
    // Right after "coordinate with" or "partner with", a discipline is the people who practise it.
    const coordinate = skillsOfPosting({
      title: "Coordinator",
      description: "Responsibilities\n- Chart in Epic and coordinate with physical therapy and case management\n" +
        "- Partner with FP&A on bookings and revenue reporting\n- Round daily with neurology and case management\n" +
        "- Work closely with procurement on vendor onboarding\n- Our international recruitment team supports you\n" +
        "- Get patients moving with the physiotherapy team"
    })
    assert.deepStrictEqual(coordinate.names, ["Epic Systems"])
  })

  it("keeps a team's skill when the posting asks it of the person", () => {
    const { names } = skillsOfPosting({
      title: "Analyst",
      description: "Requirements\n- Experience in Data Science and Treasury\n- Work with the finance team"
    })
    assert.include(names, "Data science")
    assert.include(names, "Treasury")
  })
})

describe("ambiguous terms among another trade's skills", () => {
  it("does not read a medical assistant's CMA as the accountants' credential, and still reads it among accountants'", () => {
    const medical = skillsOfPosting({
      title: "Medical Assistant",
      description: "Requirements\n- Medical assistant certification (CCMA or CMA)"
    })
    assert.notInclude(medical.names, "Certified Management Accountant")
    const finance = skillsOfPosting({ title: "Controller", description: "Requirements\n- CPA or CMA" })
    assert.include(finance.names, "Certified Management Accountant")
  })

  it("leaves out a trade named in its own title as the object of years of work", () => {
    const { names } = skillsOfPosting({
      title: "Commercial Electrician",
      description: "Requirements\n- 4+ years of commercial electrical work\n- Conduit bending"
    })
    assert.notInclude(names, "Commercial electrical")
    assert.include(names, "Conduit bending")
  })

  it("takes a credential asked by a deadline after hire as hoped for, though the line says 'required'", () => {
    const { byName } = skillsOfPosting({
      description: "Candidates must hold a current RN license and BLS. ACLS is required within 6 months of hire."
    })
    assert.strictEqual(byName.get("Advanced Cardiovascular Life Support")?.importance, "preferred")
    assert.strictEqual(byName.get("Basic Life Support")?.importance, "required")
  })

  it("takes a skill said not to be required as hoped for, over the title that names it", () => {
    const { byName } = skillsOfPosting({
      title: "Registered Nurse - Emergency Department",
      description:
        "Requirements\n- Texas RN license\n- ED experience is a plus but not required - we run an ED orientation"
    })
    assert.strictEqual(byName.get("Emergency care")?.importance, "preferred")
    // Without the words that waive it, the title's skill is the role's own.
    const named = skillsOfPosting({
      title: "Registered Nurse - Emergency Department",
      description: "Requirements\n- Texas RN license\n- Emergency care experience is a plus"
    })
    assert.strictEqual(named.byName.get("Emergency care")?.importance, "required")
  })

  it("leaves out the kinds of infrastructure role a years ask names in an infrastructure title", () => {
    const { names } = skillsOfPosting({
      title: "DevOps Engineer",
      description: "Your profile\n- 4+ years in DevOps, SRE or backend engineering\n- Terraform and AWS"
    })
    assert.sameMembers(names, ["DevOps", "Terraform", "Amazon Web Services"])
    // So are the kinds of finance work in a financial analyst's years ask.
    const analyst = skillsOfPosting({
      title: "Financial Analyst",
      description: "What you'll bring\n- 2+ years in FP&A or financial analysis\n- Advanced Excel"
    })
    assert.sameMembers(analyst.names, ["Microsoft Excel"])
  })

  it("does not read what the software to be built is for as a skill asked", () => {
    const { names } = skillsOfPosting({
      description: "Your tasks\n- Design and build services for payouts and reconciliation\n- Run PostgreSQL"
    })
    assert.deepStrictEqual(names, ["PostgreSQL"])
    assert.include(
      skillsOfPosting({ description: "Your tasks\n- Prepare account reconciliations" }).names,
      "Account reconciliation"
    )
    // Nor a subject the candidate has written about.
    assert.deepStrictEqual(
      skillsOfPosting({ description: "Bonus: you have written about finance or accounting before." }).names,
      []
    )
  })

  it("reads a copywriter, drawn labs and a lower-case cpp, and not a payroll CPP as C++", () => {
    const { names } = skillsOfPosting({
      description: "Requirements\n- Great copywriter\n- Start IVs and draw labs\n- CPP certification preferred"
    })
    assert.sameMembers(names, ["Copywriting", "IV therapy", "Phlebotomy"])
    assert.include(skillsOfPosting({ description: "Requirements\n- Modern cpp and Rust" }).names, "C++")
    // A copywriter the job leads is a colleague, not the skill asked.
    assert.deepStrictEqual(
      skillsOfPosting({ description: "What you'll do\n- Manage a freelance designer and a copywriter" }).names,
      ["People management"]
    )
  })
})

describe("what real postings say that is no ask", () => {
  const examples: ReadonlyArray<readonly [string, string, boolean]> = [
    // [sentence, skill, asked]
    ["You can work from the Danish office or from home.", "Danish", false],
    ["We offer relocation help and free Danish lessons.", "Danish", false],
    ["Fluent in Danish and English, written and spoken.", "Danish", true],
    ["You write and speak English comfortably; it's our working language.", "English", true],
    ["If you need adjustments to our recruitment process, tell our team.", "Recruiting", false],
    ["Hands-on recruitment of engineers with our hiring managers.", "Recruiting", true],
    ["Monitoring with Prometheus and Grafana.", "Monitoring", false],
    ["Experience with monitoring and logging at scale.", "Monitoring", true]
  ]
  it("takes a wish to learn a skill for a plus, not an ask", () => {
    const { byName } = skillsOfPosting({
      description:
        "Requirements\n- Practical experience with Python\n- Desire to learn modern technologies for big data"
    })
    assert.strictEqual(byName.get("Python")?.importance, "required")
    assert.strictEqual(byName.get("Big data")?.importance, "preferred")
  })
  for (const [sentence, skill, asked] of examples) {
    it(`${asked ? "asks" : "does not ask"} ${skill}: ${sentence}`, () => {
      const { names } = skillsOfPosting({ description: `Requirements\n- ${sentence}` })
      assert.strictEqual(names.includes(skill), asked, names.join(", "))
    })
  }
})
