import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { extract, extractGiven } from "../src/extract/Extract.js"
import { isFurniture } from "../src/extract/Furniture.js"
import { isWithin, parsePlace, placeOfAddress, samePlace } from "../src/extract/Place.js"
import { companyFirst, titleLine } from "../src/extract/TextHeader.js"
import { workModeOf } from "../src/score/Location.js"

/** The posting a person's pasted text gives. */
const given = (text: string, url = "https://x.example/1") => Either.getOrThrow(extractGiven(url, text))

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
    assert.isTrue(samePlace("Chicago, IL", "US-IL-Chicago"))
    assert.isFalse(samePlace("Chicago, IL", "US-TX-Austin"))
    assert.isTrue(samePlace("Berlin", "Berlin, Germany (Hybrid)"))
    assert.isTrue(samePlace("US, TX, Houston", "Houston, TX"))
    assert.isFalse(samePlace("Austin, TX", "Dallas, TX"))
    assert.isFalse(samePlace("Portland, OR", "Portland, ME"))
    assert.isFalse(samePlace("Remote", "Berlin"))
  })

  it("counts a suburb as its metro's city, and places as within a region or country", () => {
    assert.isTrue(samePlace("Austin, TX", "Round Rock, TX"))
    assert.isTrue(samePlace("Evanston, IL", "Chicago, IL (hybrid)"))
    assert.isTrue(samePlace("Jersey City, NJ", "New York, NY"))
    assert.isFalse(samePlace("Aurora, IL", "Denver, CO"))
    assert.isFalse(samePlace("Round Rock, TX", "Dallas, TX"))
    assert.isTrue(isWithin("Madrid, ES", "Spain"))
    assert.isFalse(isWithin("Berlin, DE", "Spain"))
    assert.isTrue(isWithin("Austin, TX", "Texas"))
    assert.isUndefined(isWithin("Berlin, DE", "the Bay Area"))
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
    assert.deepStrictEqual(titleLine("🚀 Frontend Engineer (React)"), { title: "Frontend Engineer (React)" })
    assert.deepStrictEqual(titleLine("Job Title: Cath Lab Registered Nurse"), { title: "Cath Lab Registered Nurse" })
    assert.deepStrictEqual(titleLine("Registered Nurse - PACU | St. Brigid Medical Center | Austin, TX"), {
      title: "Registered Nurse - PACU",
      company: "St. Brigid Medical Center",
      location: "Austin, TX"
    })
    assert.deepStrictEqual(titleLine("Redwood Legal Group — Paralegal"), {
      title: "Paralegal",
      company: "Redwood Legal Group"
    })
    assert.deepStrictEqual(titleLine("Med/Surg RN - Nights — St. Brigid Medical Center — Austin, TX"), {
      title: "Med/Surg RN - Nights",
      company: "St. Brigid Medical Center",
      location: "Austin, TX"
    })
  })

  it("takes a first line naming an organisation for the employer above the title", () => {
    assert.strictEqual(companyFirst(["Brightwater Dental Group", "Dental Hygienist", "Portland, OR"]), 1)
    assert.strictEqual(companyFirst(["Dental Hygienist", "Brightwater Dental Group", "Portland, OR"]), 0)
    assert.strictEqual(companyFirst(["Acme Health", "Portland, OR"]), 0)
    // A name no job ends as, over a job's name and its place, as LinkedIn's top card pastes; not a job's name over
    // an employer's.
    assert.strictEqual(companyFirst(["Trailhead Coffee Roasters", "Social Media Manager", "Denver, CO (Remote)"]), 1)
    assert.strictEqual(
      companyFirst(["Warehouse Operations Manager", "Cascade Freight Partners", "Kent, Washington, United States"]),
      0
    )
    // A title ending in an organisation's word, over the employer and its place.
    assert.strictEqual(
      companyFirst(["Clinical Nurse Educator – Medical/Surgical Services", "Pecan Grove Medical Center — Austin, TX"]),
      0
    )
  })

  it("reads a pasted posting whose employer comes first and whose place line says how the job is worked", () => {
    const posting = given(
      "Brightwater Dental Group\nDental Hygienist\nPortland, OR · Full-time\n\nJoin a friendly team of six " +
        "hygienists across two offices.\n\nRequirements\n- Oregon dental hygiene license\n- CPR certification",
      "https://x.example/1"
    )
    assert.deepInclude(posting, {
      title: "Dental Hygienist",
      company: "Brightwater Dental Group",
      location: "Portland, OR"
    })
  })

  it("leaves the hours after an employer's place, the way of working after a dash and a stock ticker out", () => {
    const header = (line: string) => {
      const p = Either.getOrThrow(extractGiven(
        "https://x.example/2",
        `Emergency Department RN\n${line}\n\nOur 42-bed department sees 68,000 visits a year, with a dedicated ` +
          "pediatric area.\n\nResponsibilities\n- Triage walk-in and EMS patients\n- Document every encounter in Epic" +
          "\n\nRequirements\n- Current RN license in Texas\n- BLS and ACLS required"
      ))
      return [p.company, p.location]
    }
    assert.deepStrictEqual(header("Capitol Heights Medical Center | Austin, Texas | Full time, rotating shifts"), [
      "Capitol Heights Medical Center",
      "Austin, Texas"
    ])
    assert.deepStrictEqual(header("Meridian Biosciences (NASDAQ: MRDN) — Chicago, IL — Hybrid"), [
      "Meridian Biosciences",
      "Chicago, IL"
    ])
    assert.deepStrictEqual(header("St. Brendan Health - Austin, Texas | Full-time | Rotating days/nights"), [
      "St. Brendan Health",
      "Austin, Texas"
    ])
    assert.deepStrictEqual(header("Fulton Provisions Co. — Chicago, IL (West Loop) · Hybrid (3 days in office)"), [
      "Fulton Provisions Co.",
      "Chicago, IL (West Loop)"
    ])
    assert.deepStrictEqual(header("Austin, TX 78723 · Monday–Friday, 8am–5pm")[1], "Austin, TX 78723")
    assert.deepStrictEqual(header("Hill Country Urgent Care · Austin, TX · 3x12s, days"), [
      "Hill Country Urgent Care",
      "Austin, TX"
    ])
    // A name, a comma, and its place with how often one is there; not a city and its region.
    assert.deepStrictEqual(header("Zahlwerk GmbH, Berlin (hybrid, 2 days a week in Kreuzberg)"), [
      "Zahlwerk GmbH",
      "Berlin (hybrid, 2 days a week in Kreuzberg)"
    ])
    assert.deepStrictEqual(header("Ostbahn Insurance Tech, Berlin (hybrid)"), [
      "Ostbahn Insurance Tech",
      "Berlin (hybrid)"
    ])
    assert.deepStrictEqual(header("Naperville, IL")[1], "Naperville, IL")
    // A way of working in the parentheses after the employer; a dash inside them splits nothing.
    assert.deepStrictEqual(header("Tandem Payroll (Remote - US)"), ["Tandem Payroll", "Remote - US"])
    // A listed employer's legal form and ticker, then its place on the next line.
    assert.deepStrictEqual(
      header("Keystone Cold Storage, Inc. (NYSE: KCSI)\nChicago, IL | Hybrid (3 days in office)"),
      [
        "Keystone Cold Storage, Inc.",
        "Chicago, IL"
      ]
    )
    assert.deepStrictEqual(header("Hollis & Bloom (London, hybrid — 2 days a week in Shoreditch)"), [
      "Hollis & Bloom",
      "London"
    ])
  })

  it("takes a title ending in 'Clinic' for the title when a health center's name follows it", () => {
    const p = given(
      "Registered Nurse – Family Medicine Clinic\nMueller Community Health Center\nAustin, TX 78723\n\nWe are a " +
        "nonprofit clinic.\n\nWhat you'll do\n- Triage patients by phone\n- Give vaccines\n\nWhat you'll need\n" +
        "- Current RN license in Texas\n- BLS certification",
      "https://x.example/5"
    )
    assert.deepInclude(p, {
      title: "Registered Nurse – Family Medicine Clinic",
      company: "Mueller Community Health Center",
      location: "Austin, TX 78723"
    })
  })

  it("reads LinkedIn's top card pasted with the employer first: employer, title, place with its notes", () => {
    const p = given(
      "Harborview Plastics\nStaff Accountant\nChicago, IL · 1 week ago · 64 applicants\nHybrid Full-time\nEasy Apply\n\n" +
        "About the job\nWe make packaging for food.\n\nResponsibilities\nPrepare journal entries and reconciliations\n\n" +
        "Qualifications\n2-5 years of accounting experience\nNetSuite",
      "https://www.linkedin.com/jobs/view/1"
    )
    assert.deepInclude(p, { title: "Staff Accountant", company: "Harborview Plastics", location: "Chicago, IL" })
  })

  it("keeps the way of working a header line states when the place read from it leaves it out", () => {
    const p = given(
      "Junior Frontend Engineer\nHollis & Bloom (London, hybrid — 2 days a week in Shoreditch)\n\nWe build online " +
        "ordering for florists.\n\nYou have\n- React and TypeScript\n- HTML and CSS",
      "https://x.example/4"
    )
    assert.strictEqual(p.location, "London")
    assert.strictEqual(workModeOf(p, p.description), "hybrid")
  })

  it("takes the place a title names in parentheses when no line below names one", () => {
    const p = given(
      "Customer Service Representative (Remote - US)\nHelpwise\n\nHelpwise answers customer calls and chats for 40 " +
        "online retailers.\n\nIn this role you will\n- Answer customer calls, chats and emails\n- Log every contact in " +
        "Zendesk\n\nYou bring\n- 1+ year of customer service experience",
      "https://x.example/3"
    )
    assert.deepStrictEqual([p.title, p.company, p.location], [
      "Customer Service Representative (Remote - US)",
      "Helpwise",
      "Remote - US"
    ])
  })
})

describe("pasted texts of other kinds", () => {
  const given = (text: string) => {
    const p = Either.getOrThrow(extractGiven("https://www.reddit.com/r/jobs/1", text))
    return [p.title, p.company, p.location]
  }
  const body = "\n\nWe run payroll for 4,000 people across nine sites and need someone to own it.\n\nWhat you need\n" +
    "- 3+ years of payroll processing\n- ADP\n- Excel\n\n$58,000 a year."

  it("reads a recruiter's message: the role from the sentence that names it, not the greeting", () => {
    const [title, company] = given(
      "Hi Lena,\n\nI'm a recruiter working with Fernwood Health, a clinic group. They're looking for a Payroll " +
        `Specialist (ADP) to join their finance team.${body}`
    )
    assert.deepStrictEqual([title, company], ["Payroll Specialist (ADP)", "Fernwood Health"])
  })

  it("skips a document's own heading and a form's other fields to the title and the place", () => {
    assert.deepStrictEqual(
      given(`JOB DESCRIPTION\nPosition: Payroll Specialist\nDepartment: Finance\nLocation: Elmhurst, Illinois${body}`),
      ["Payroll Specialist", "", "Elmhurst, Illinois"]
    )
  })

  it("reads a PDF's form: its heading skipped, a label's value over two lines", () => {
    assert.deepStrictEqual(
      given(
        `POSITION DESCRIPTION\n\nJob Title: Payroll Specialist\nCompany: Fernwood Health\nLocation: Chicago, IL ` +
          `(hybrid, 3 days in\noffice)\nReports To: Controller${body}`
      ),
      ["Payroll Specialist", "Fernwood Health", "Chicago, IL (hybrid, 3 days in office)"]
    )
  })

  it("reads the place and the pay of a header line with both, and an e-mail's subject for the title", () => {
    const meta = Either.getOrThrow(extractGiven(
      "https://x.example/2",
      "Payroll Specialist\nHalloran Grain & Milling · Chicago, IL (hybrid) · $76,000–$88,000 · Full-time" +
        body.replace("\n\n$58,000 a year.", "")
    ))
    assert.deepStrictEqual([meta.company, meta.location], ["Halloran Grain & Milling", "Chicago, IL (hybrid)"])
    assert.deepInclude(meta.salary, { min: 76000, max: 88000 })
    assert.deepStrictEqual(
      given(`Subject: Payroll Specialist – on-site in Salt Lake City – $95–110K${body}`).slice(0, 1),
      ["Payroll Specialist"]
    )
  })

  it("reads an employer first whose title has a comma, the parts of a barred line, and an agency's opening sentence", () => {
    assert.deepStrictEqual(
      given(`Whitcombe Hale LLP\n4.0 ★\nPayroll Senior, Pass-Through Entities\nChicago, IL${body}`),
      ["Payroll Senior, Pass-Through Entities", "Whitcombe Hale LLP", "Chicago, IL"]
    )
    assert.deepStrictEqual(
      given(`Payroll Specialist | Brenner Tool & Die | Milwaukee, WI | On-site | Full-time${body}`),
      ["Payroll Specialist", "Brenner Tool & Die", "Milwaukee, WI"]
    )
    assert.deepStrictEqual(
      given(
        "Keystone Ledger Staffing is recruiting a Payroll Specialist (Contract-to-Hire) for a long-standing client of " +
          `ours, a family-owned food distributor in Chicago.${body}`
      ).slice(0, 2),
      ["Payroll Specialist (Contract-to-Hire)", "Keystone Ledger Staffing"]
    )
  })

  it("reads a title over an employer whose name ends as a job's does, an announcement line, a country before a card's notes", () => {
    assert.deepStrictEqual(
      given(
        `Registered Nurse – Infusion Center (PRN)\nBrushy Creek Oncology & Infusion Associates\nRound Rock, TX${body}`
      ),
      ["Registered Nurse – Infusion Center (PRN)", "Brushy Creek Oncology & Infusion Associates", "Round Rock, TX"]
    )
    assert.deepStrictEqual(
      given(
        `Quillstone Learning is hiring!\n\nPayroll Lead\nRemote (EU, UTC−1 to UTC+3) · Full-time · €50,000 – €60,000${body}`
      ),
      ["Payroll Lead", "Quillstone Learning", "Remote (EU, UTC−1 to UTC+3)"]
    )
    // A way of working before a dash is no employer.
    assert.deepStrictEqual(given(`Payroll Lead\nRemote – UK${body}`)[2], "Remote – UK")
    assert.deepStrictEqual(
      given(`Larchmont Pet Supply\nPayroll Manager\nUnited States · Reposted 1 week ago · Over 200 applicants${body}`),
      ["Payroll Manager", "Larchmont Pet Supply", "United States"]
    )
  })

  it("drops a hiring announcement from the title, and reads 'Employer, City ST' and 'We're <Employer>,'", () => {
    assert.deepStrictEqual(
      given(`NOW HIRING - Payroll Clerks (2nd shift)\nMidwest Cold Storage, Bolingbrook IL${body}`),
      ["Payroll Clerks (2nd shift)", "Midwest Cold Storage", "Bolingbrook IL"]
    )
    assert.deepStrictEqual(
      given(`[Hiring] Payroll Specialist | Remote (UK) | £32k–£38k\n\nHi all! We're Lumen Books, a small team.${body}`),
      ["Payroll Specialist", "Lumen Books", "Remote (UK)"]
    )
  })

  it("reads past a pasted page's furniture: its menu, search box, breadcrumbs, a chat's channel", () => {
    assert.deepStrictEqual(
      given(
        "Skip to main content\nIndeed\nHome\nCompany reviews\nSign in\nEmployers / Post Job\n\nWhat\npayroll\nWhere\n" +
          `Chicago, IL\nFind jobs\n\nPayroll Specialist\nHalsted & Vine Foods, Inc.\nChicago, IL 60607${body}`
      ),
      ["Payroll Specialist", "Halsted & Vine Foods, Inc.", "Chicago, IL 60607"]
    )
    assert.deepStrictEqual(
      given(
        `Glassdoor\nCommunity\nJobs\nCompanies\nSalaries\n\nFernwick Learning\n3.9\n★\nPayroll Specialist\nLondon${body}`
      ),
      ["Payroll Specialist", "Fernwick Learning", "London"]
    )
    assert.deepStrictEqual(
      given(
        "Cedar Mesa Library Foundation\nHome   Job Opportunities   Promotional Opportunities   Interest Cards   Sign In\n\n" +
          `Payroll Technician II - Public Works\nCedar Mesa, CO${body}`
      ),
      ["Payroll Technician II - Public Works", "Cedar Mesa Library Foundation", "Cedar Mesa, CO"]
    )
    assert.strictEqual(
      given(
        "CL  denver > north denver > jobs > accounting\n\nreply   prohibited   [ ? ]   favorite   hide   flag\n\n" +
          `Posted 2025-05-20 14:03   updated 2025-05-22 08:41\n\nPayroll Clerk - $21/hr + OT (Commerce City)${body}`
      )[0],
      "Payroll Clerk"
    )
    assert.strictEqual(
      given(
        `#jobs-uk-eu\nFrontend Folk · 4,812 members\n\nPriya Raman  10:14 AM\nPayroll Specialist (Remote, UK)${body}`
      )[0],
      "Payroll Specialist (Remote, UK)"
    )
    // A job's hours are no chat's time stamp.
    assert.isFalse(isFurniture("Monday - Friday 8:00 AM"))
    assert.isTrue(isFurniture("Tom Hale | Rookwood — Today at 11:02"))
  })

  it("reads a chat post's header from the lines its emoji lead, in Slack's shortcodes or as emoji", () => {
    assert.deepStrictEqual(
      given(
        "Priya Raman  10:14 AM\n:rotating_light: *Hiring* :rotating_light:  (mods said it's ok!)\n\n*Payroll Specialist*\n" +
          ":office: *Little Heron Studio* - 14-person product studio\n:round_pushpin: Remote (UK or EU time zones) - we " +
          `meet in Bristol\n:moneybag: £280-£340/day${body}`
      ),
      ["Payroll Specialist", "Little Heron Studio", "Remote (UK or EU time zones)"]
    )
    assert.deepStrictEqual(
      given(
        "Frontend Guild UK\n# job-postings\nTom Hale | Rookwood — Today at 11:02\n**[HIRING] Payroll Lead — London**\n\n" +
          `🏢 **Rookwood Analytics** — we make reporting software\n📍 London (remote-first)\n💷 £45k–£55k${body}`
      ),
      ["Payroll Lead — London", "Rookwood Analytics", "London (remote-first)"]
    )
  })

  it("takes the employer a logo's caption names, and LinkedIn's newer notes after the place", () => {
    assert.deepStrictEqual(
      given(
        `Skip to content\nTrailhead Goods Co. logo\nView website\nAll jobs\n\nPayroll Specialist\nBoulder, CO\nRemote${body}`
      ),
      ["Payroll Specialist", "Trailhead Goods Co.", "Boulder, CO"]
    )
    assert.deepStrictEqual(
      given(
        `Meridian Lakes Software logo\nMeridian Lakes Software\n\nPayroll Lead\nFull-time\nChicago, IL\nHybrid${body}`
      ),
      ["Payroll Lead", "Meridian Lakes Software", "Chicago, IL"]
    )
    assert.deepStrictEqual(
      given(
        "Mission Trail Health System\nShare\nShow more options\nPayroll Specialist\n" +
          `San Antonio, TX · Reposted 4 days ago · Over 100 people clicked apply${body}`
      ),
      ["Payroll Specialist", "Mission Trail Health System", "San Antonio, TX"]
    )
  })

  it("reads past the parts of a public employer to its place", () => {
    assert.deepStrictEqual(
      given(
        "Payroll Technician\nDepartment of Veterans Affairs\nVeterans Health Administration\nCentral Texas Veterans " +
          `Health Care System\nTemple, TX${body}`
      ),
      ["Payroll Technician", "Department of Veterans Affairs", "Temple, TX"]
    )
  })
})

describe("headers of more layouts", () => {
  const body =
    "<p>We run payroll for 4,000 people in nine countries and need a lead to own it.</p><h3>Requirements</h3>" +
    "<ul><li>3+ years of payroll experience</li><li>ADP</li><li>Excel</li></ul><p>$60,000 a year.</p>"
  const page = (head: string, header: string) =>
    Either.getOrThrow(
      extract("https://x.example/job/1", "text/html", `<html><head>${head}</head><body>${header}${body}</body></html>`)
    )

  it("reads the place from the meta line under the heading, leaving labels and other facts aside", () => {
    const p = page(
      "<title>Payroll Lead - Oakleaf Learning</title>",
      "<h1>Payroll Lead</h1><div><span>Finance</span> · <span>London</span> · <span>Hybrid</span></div>"
    )
    assert.deepInclude(p, { title: "Payroll Lead", company: "Oakleaf Learning", location: "London" })
    const labelled = page(
      "<title>Payroll Lead</title>",
      "<h1>Payroll Lead</h1><p>Team: Finance | Location: Lisbon, Portugal</p>"
    )
    assert.strictEqual(labelled.location, "Lisbon, Portugal")
  })

  it("takes an h2 for the title where the page has no h1, and the employer from a 'Company - Careers' title", () => {
    const p = page(
      "<title>Lumen Outdoor Co. - Careers</title>",
      "<h2 class=\"card-title\">Payroll Lead</h2><div class=\"card-subtitle\">Finance · Denver, Colorado</div>"
    )
    assert.deepInclude(p, { title: "Payroll Lead", company: "Lumen Outdoor Co.", location: "Denver, Colorado" })
  })

  it("takes the heading the page's title repeats over a slogan in the h1", () => {
    const p = page(
      "<title>Payroll Lead - Multi-State | Careers | Live Oak Regional Medical Center</title>",
      "<header><h1>Come for the shift. Stay for the people.</h1></header><main><h2>Payroll Lead - Multi-State</h2></main>"
    )
    assert.strictEqual(p.title, "Payroll Lead - Multi-State")
    // An h1 the title repeats stays the title.
    assert.strictEqual(
      page("<title>Payroll Lead | Acme</title>", "<h1>Payroll Lead</h1><h2>Payroll Lead | Acme</h2>").title,
      "Payroll Lead"
    )
  })

  it("reads an address under a 'Location' label as its town, a label standing alone in its own box too", () => {
    const panel = page(
      "<title>Payroll Lead</title>",
      "<h1>Payroll Lead</h1><div class=\"panel\"><div class=\"panel-heading\"><h4>Location</h4></div>" +
        "<div class=\"panel-body\"><p>Gulf Bend Medical Center</p><p>7400 Bellaire Trace<br>Houston, TX 77030<br>USA</p>" +
        "</div></div>"
    )
    assert.strictEqual(panel.location, "Houston, TX")
    const nhs = page(
      "<title>Payroll Officer</title>",
      "<h1>Payroll Officer</h1><dl><dt>Job locations</dt><dd>Thameside General Hospital, Riverside Road, London, " +
        "SE18 4XQ</dd></dl>"
    )
    assert.strictEqual(nhs.location, "London")
    assert.strictEqual(
      given(
        "Payroll Officer\nCalderbrook Teaching Hospitals NHS Foundation Trust\n\nWe run payroll for 9,000 staff.\n\n" +
          "Job locations\nCalderbrook General Hospital\nCalder Vale Road\nHalifax\nHX1 9ZZ\n\nRequirements\n- Payroll"
      ).location,
      "Halifax"
    )
    assert.strictEqual(placeOfAddress(["Halsted Street 12", "Chicago, IL 60607-1234"]), "Chicago, IL")
    // No ZIP code or postcode: no address.
    assert.isUndefined(placeOfAddress(["Gulf Bend Medical Center", "Houston"]))
  })

  it("reads the employer behind a title that holds a dash, and from a site name on a board or a careers site", () => {
    const dashed = page(
      "<title>Payroll Lead - Multi-State | Pullman Yard Logistics | Chicago, Illinois, United States</title>" +
        "<meta property=\"og:title\" content=\"Payroll Lead - Multi-State\">",
      "<h1>Payroll Lead - Multi-State</h1>"
    )
    assert.deepInclude(dashed, { title: "Payroll Lead - Multi-State", company: "Pullman Yard Logistics" })
    const site = (name: string) =>
      page(`<title>Payroll Lead</title><meta property="og:site_name" content="${name}">`, "<h1>Payroll Lead</h1>")
        .company
    assert.strictEqual(site("Front Range Provisions - BambooHR"), "Front Range Provisions")
    assert.strictEqual(site("Careers at Balcones Medical Center"), "Balcones Medical Center")
  })

  it("reads 'Job Locations' terms, and never takes the job's heading for the employer", () => {
    const p = page(
      "<title>Payroll Lead | Careers at Harbor Point</title>",
      "<h1 class=\"font-company-header\">Payroll Lead</h1><dl><dt>Job Locations</dt><dd>US-IL-Chicago</dd></dl>"
    )
    assert.strictEqual(p.location, "US-IL-Chicago")
    assert.notStrictEqual(p.company, "Payroll Lead")
  })

  it("reads a pasted board page: furniture and ratings skipped, labels above their values, the employer that opens the text", () => {
    const workday = given(
      "Payroll Lead\nApply\nlocations\nAustin, TX\ntime type\nFull time\nposted on\nPosted 3 Days Ago\n\n" +
        "St. Brigid Health is a 310-bed hospital in central Austin with 4,000 staff.\n\nRequirements\n- ADP\n" +
        "- 3+ years of payroll experience",
      "https://x.example/2"
    )
    assert.deepInclude(workday, { title: "Payroll Lead", company: "St. Brigid Health", location: "Austin, TX" })
    const indeed = given(
      "Payroll Lead\nRiverside Dental Group\n4.1 out of 5 stars\nEvanston, IL 60201\n\n" +
        "We run six dental offices on the North Shore and pay 140 people every two weeks.\n\n" +
        "Requirements\n- ADP\n- Payroll for 140 people\n- Quarterly filings",
      "https://x.example/3"
    )
    assert.deepInclude(indeed, { company: "Riverside Dental Group", location: "Evanston, IL 60201" })
  })
})
