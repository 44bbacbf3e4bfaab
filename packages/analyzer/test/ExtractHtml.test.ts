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

  it("takes an employer's careers-site name without 'Careers', and a place without how often one works there", () => {
    const page = "<html><head><title>Registered Nurse - Telemetry | Bluebonnet Careers</title>" +
      "<meta property=\"og:site_name\" content=\"Bluebonnet Medical Center Careers\"></head><body><main>" +
      "<h1>Registered Nurse - Telemetry</h1><p class=\"location\">Austin, TX · Remote possible for charting audits</p>" +
      "<p>Our 36-bed telemetry unit cares for cardiac patients who need continuous monitoring.</p><h2>What you will " +
      "do</h2><ul><li>Interpret cardiac rhythms</li><li>Give medications and manage IV therapy</li></ul><h2>What you " +
      "need</h2><ul><li>Active Texas RN license</li><li>BLS and ACLS</li><li>1+ year of hospital nursing</li></ul>" +
      "<p>Full time, three 12-hour night shifts a week, $39 - $53 per hour.</p></main></body></html>"
    const read = fromBody(page)
    assert.strictEqual(read.company, "Bluebonnet Medical Center")
    assert.strictEqual(read.location, "Austin, TX")
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

  it("reads iCIMS's header table, whose dt and dd sit in cells of their own", () => {
    const page = "<html><head><title>Staff Nurse</title></head><body><main><h1>Staff Nurse</h1><table><tr " +
      "class=\"iCIMS_JobHeaderField\"><td><dt>Job Locations</dt></td><td><dd><span>US-TX-Round Rock</span></dd></td></tr>" +
      "</table><section><p>Example Health is hiring a staff nurse for its 30-bed telemetry unit.</p><h3>What you will " +
      "do</h3><ul><li>Assess patients</li><li>Give medications</li></ul><h3>What you bring</h3><ul><li>Active Texas RN " +
      "license</li><li>BLS and ACLS</li></ul></section></main></body></html>"
    assert.strictEqual(fromBody(page).location, "US-TX-Round Rock")
  })

  it("reads a heading as a field's label: <h2>Location</h2><p>Remote (Europe)</p>, and the pay so labelled", () => {
    const page = "<html><head><title>Full-Stack Engineer</title></head><body><main><h1>Full-Stack Engineer</h1>" +
      "<div class=\"fields\"><div><h2>Location</h2><p>Remote (Europe)</p></div><div><h2>Compensation</h2>" +
      "<p>€70K – €90K</p></div></div><section><p>Tidemark builds software for battery parks across Europe.</p>" +
      "<h3>What you will do</h3><ul><li>Build REST endpoints in Go</li><li>Build dashboards in React</li></ul>" +
      "<h3>What you bring</h3><ul><li>4+ years of software engineering</li><li>Go and PostgreSQL</li></ul>" +
      "<h3>Benefits</h3><ul><li>€1,200 learning budget</li></ul></section></main></body></html>"
    const read = fromBody(page)
    assert.strictEqual(read.location, "Remote (Europe)")
    assert.deepInclude(read.salary, { min: 70000, max: 90000, currency: "EUR" })
  })

  it("reads hosted boards' headers: Greenhouse's 'at Acme', Lever's 'Acme - Title', a pin icon, a place tag", () => {
    const body = "<p>We run twelve clinics across the state and are growing.</p><h3>What you will do</h3><ul>" +
      "<li>Process payroll every two weeks for our staff</li><li>Reconcile payroll to the general ledger</li></ul>" +
      "<h3>What you need</h3><ul><li>3+ years of payroll processing</li><li>ADP</li><li>Excel</li></ul>" +
      "<p>Full time, Monday to Friday. $58,000 - $68,000 a year, with health insurance and a 401(k).</p>"
    const greenhouse = fromBody(
      "<html><head><title>Job Application for Payroll Specialist at Fernwood</title></head><body><div id=\"header\">" +
        "<h1 class=\"app-title\">Payroll Specialist</h1><span class=\"company-name\">at Fernwood</span>" +
        `<div class="location">Milwaukee, WI</div></div><div id="content">${body}</div></body></html>`
    )
    assert.deepStrictEqual([greenhouse.title, greenhouse.company, greenhouse.location], [
      "Payroll Specialist",
      "Fernwood",
      "Milwaukee, WI"
    ])
    const lever = fromBody(
      "<html><head><title>Tallyho - Payroll Specialist</title></head><body><div class=\"posting-headline\">" +
        "<h2>Payroll Specialist</h2></div>" + `<div class="section">${body}</div></body></html>`
    )
    assert.strictEqual(lever.company, "Tallyho")
    const pinned = fromBody(
      "<html><head><title>Payroll Specialist - Hoffmann</title></head><body><h1>Payroll Specialist</h1><ul>" +
        "<li><i class=\"fa fa-map-marker\"></i> Madison, WI</li><li><i class=\"fa fa-clock-o\"></i> Full-time</li></ul>" +
        `${body}</body></html>`
    )
    assert.strictEqual(pinned.location, "Madison, WI")
    const tagged = fromBody(
      "<html><head><title>Payroll Specialist - Ledgerline</title></head><body><h1>Payroll Specialist</h1><div>" +
        "<span class=\"tag\">Finance</span><span class=\"tag\">Remote (UK)</span></div>" + `${body}</body></html>`
    )
    assert.strictEqual(tagged.location, "Remote (UK)")
    const titled = fromBody(
      "<html><head><title>Olivar Pay | Payroll Specialist | Madrid</title></head><body><main><h1>Payroll Specialist</h1>" +
        `${body}</main></body></html>`
    )
    assert.deepStrictEqual([titled.company, titled.location], ["Olivar Pay", "Madrid"])
    const smart = fromBody(
      "<html><head><title>Payroll Specialist | Orbitly</title></head><body><main><h1 class=\"job-title\">Payroll " +
        "Specialist</h1><spl-job-location formattedaddress=\"Denver, CO, United States\"></spl-job-location>" +
        `${body}</main></body></html>`
    )
    assert.strictEqual(smart.location, "Denver, CO, United States")
  })

  it("reads more boards' headers: JazzHR, Jobvite, Taleo, SuccessFactors, a meta block, Wellfound, Reed", () => {
    const body = "<p>We run twelve clinics across the state and are growing.</p><h3>What you will do</h3><ul>" +
      "<li>Process payroll every two weeks for our staff</li><li>Reconcile payroll to the general ledger</li></ul>" +
      "<h3>What you need</h3><ul><li>3+ years of payroll processing</li><li>ADP</li><li>Excel</li></ul>" +
      "<p>Full time, Monday to Friday. $58,000 - $68,000 a year.</p>"
    const page = (head: string, header: string) =>
      fromBody(`<html><head><title>${head}</title></head><body>${header}<div>${body}</div></body></html>`)
    const header = (p: ReturnType<typeof fromBody>) => [p.title, p.company, p.location]
    assert.deepStrictEqual(
      header(page(
        "Payroll Specialist - Fernwood",
        "<div id=\"resumator-job-title\">Payroll Specialist</div><span class=\"resumator-job-location\">" +
          "<strong>Location:</strong> Naperville, IL</span>"
      )),
      ["Payroll Specialist", "Fernwood", "Naperville, IL"]
    )
    assert.deepStrictEqual(
      header(page(
        "Careers at Fernwood | Payroll Specialist",
        "<h2 class=\"jv-header\">Payroll Specialist</h2><p class=\"jv-job-detail-meta\">Finance" +
          "<span class=\"jv-inline-separator\"></span>Austin, Texas</p>"
      )),
      ["Payroll Specialist", "Fernwood", "Austin, Texas"]
    )
    assert.deepStrictEqual(
      header(page(
        "Job Description - Payroll Specialist (25001)",
        "<div><span class=\"titlepage\">Payroll Specialist</span></div><div><span class=\"subtitle\">Primary " +
          "Location</span>: <span class=\"text\">United States-Ohio-Columbus</span></div><div><span " +
          "class=\"subtitle\">Organization</span>: <span class=\"text\">Fernwood</span></div>"
      )),
      ["Payroll Specialist", "Fernwood", "United States-Ohio-Columbus"]
    )
    assert.deepStrictEqual(
      header(page(
        "Payroll Specialist Job Details | Fernwood",
        "<h1><span data-careersite-propertyid=\"title\">Payroll Specialist</span></h1><span " +
          "class=\"jobGeoLocation\">Denver, CO, US, 80202</span><span data-careersite-propertyid=\"customfield1\">" +
          "Company: Fernwood</span>"
      )),
      ["Payroll Specialist", "Fernwood", "Denver, CO, US, 80202"]
    )
    assert.strictEqual(
      page(
        "Payroll Specialist | Fernwood",
        "<main><h1 class=\"job-title\">Payroll Specialist</h1><div class=\"job-meta\"><p>Finance</p><p><svg></svg>" +
          "London, United Kingdom</p><p>Hybrid</p></div></main>"
      ).location,
      "London, United Kingdom"
    )
    assert.strictEqual(
      page("Payroll Specialist at Fernwood • Berlin • Wellfound", "<h1>Payroll Specialist</h1>").company,
      "Fernwood"
    )
    assert.strictEqual(
      page("Payroll Specialist - Fernwood GmbH - Hamburg - StepStone", "<h1>Payroll Specialist</h1>").company,
      "Fernwood GmbH"
    )
    // Pay the board shows in the header, outside the description.
    assert.deepStrictEqual(
      page(
        "Payroll Specialist - Fernwood",
        "<div class=\"job-header\"><h1>Payroll Specialist</h1><span class=\"salary\">£26,000 - £29,000 per annum" +
          "</span></div>"
      ).salary,
      { min: 26000, max: 29000, currency: "GBP", period: "year" }
    )
    assert.strictEqual(
      page(
        "Payroll Specialist Job in Leeds - Reed.co.uk",
        "<h1>Payroll Specialist</h1><div class=\"posted-by\">Posted 3 days ago by <span>Fernwood Ltd</span></div>"
      ).company,
      "Fernwood Ltd"
    )
  })

  it("reads headers laid out as a labelled table, a site-name h1 over the job's h2, a line under the title, facts", () => {
    const body = "<h3>What you will do</h3><ul><li>Process payroll every two weeks</li><li>Reconcile payroll to " +
      "the general ledger</li></ul><h3>What you need</h3><ul><li>3+ years of payroll processing</li><li>ADP</li></ul>"
    const table = fromBody(
      "<html><head><title>Career Center | Job Details</title></head><body><table><tr><td class=\"label\">Job " +
        "Title</td><td>Payroll Specialist</td></tr><tr><td class=\"label\">Company</td><td>Fernwood</td></tr><tr>" +
        "<td class=\"label\">Location</td><td>Oak Park, IL</td></tr><tr><td class=\"label\">Pay</td><td>$64,000 - " +
        `$72,000 per year</td></tr></table><div>${body}</div></body></html>`
    )
    assert.deepStrictEqual([table.title, table.company, table.location], [
      "Payroll Specialist",
      "Fernwood",
      "Oak Park, IL"
    ])
    assert.deepStrictEqual(table.salary, { min: 64000, max: 72000, currency: "USD", period: "year" })
    const banner = fromBody(
      "<html><head><title>Fernwood Dental Partners</title></head><body><header><h1>Fernwood Dental Partners</h1>" +
        `</header><article><h2>Payroll Specialist</h2>${body}<p>$30 - $35 per hour.</p></article></body></html>`
    )
    assert.deepStrictEqual([banner.title, banner.company], ["Payroll Specialist", "Fernwood Dental Partners"])
    const underneath = fromBody(
      "<html><head><title>Payroll Specialist - Fernwood</title></head><body><div class=\"posting\"><div " +
        "class=\"posting-heading\">Payroll Specialist</div><div class=\"posting-sub\">Fernwood &mdash; Denver, CO " +
        `(hybrid)</div><div>${body}<p>$58,000 - $68,000 a year.</p></div></div></body></html>`
    )
    assert.strictEqual(underneath.location, "Denver, CO (hybrid)")
    const facts = fromBody(
      "<html><head><title>Payroll Specialist | Fernwood</title></head><body><div class=\"role-hero\"><h1>Payroll " +
        "Specialist</h1><div class=\"role-hero__facts\"><span>Remote (Europe)</span><span>Finance</span></div></div>" +
        `<section>${body}</section></body></html>`
    )
    assert.strictEqual(facts.location, "Remote (Europe)")
  })

  it("finds the job among a board's furniture: a similar-jobs sidebar, an apply form, an about-us section", () => {
    const body = "<h4>What you will do</h4><ul><li>Process payroll every two weeks</li><li>Reconcile payroll to " +
      "the general ledger</li></ul><h4>What you need</h4><ul><li>3+ years of payroll processing</li><li>ADP</li>" +
      "</ul><p>$58,000 - $68,000 a year.</p>"
    const header = (page: string) => {
      const p = fromBody(page)
      return [p.title, p.company, p.location]
    }
    // "Austin Jobs" is a board of a place, not an employer; the vacancy's own classes name the employer and place.
    assert.deepStrictEqual(
      header(
        "<html><head><title>Payroll Specialist – Fernwood – Austin Jobs</title></head><body><div class=\"vacancy\">" +
          "<h1 class=\"vacancy-title\">Payroll Specialist</h1><div class=\"vacancy-company\">Fernwood Clinic</div>" +
          `<div class="vacancy-location">Austin, TX</div>${body}</div><aside><h3>Similar jobs</h3></aside></body></html>`
      ),
      ["Payroll Specialist", "Fernwood Clinic", "Austin, TX"]
    )
    // "Apply for this job" is no title; the role's name and the line under it are.
    assert.deepStrictEqual(
      header(
        "<html><head><title>Apply: Payroll Specialist | Fernwood</title></head><body><h2>Apply for this job</h2>" +
          "<form><input name=\"email\"></form><h3 class=\"role-name\">Payroll Specialist</h3><p>Omaha, NE</p>" +
          `<div>${body}</div></body></html>`
      ),
      ["Payroll Specialist", "Fernwood", "Omaha, NE"]
    )
    // "About Fernwood" is the employer's story, not the job; "Juniper Yoga Co" is an employer, not Colombia.
    assert.strictEqual(
      fromBody(
        "<html><head><title>Careers</title></head><body><section><h2>About Fernwood</h2><p>We began in 1962.</p>" +
          `</section><section><h2>Payroll Specialist</h2>${body}</section></body></html>`
      ).title,
      "Payroll Specialist"
    )
    assert.deepStrictEqual(
      header(
        "<html><head><title>Payroll Specialist - Remote - Juniper Yoga Co</title></head><body><main><h1>Payroll " +
          `Specialist</h1><p><strong>Juniper Yoga Co</strong> · Remote (US)</p>${body}</main></body></html>`
      ),
      ["Payroll Specialist", "Juniper Yoga Co", "Remote (US)"]
    )
    // A card's subtitle: employer, place and hours between dots.
    assert.deepStrictEqual(
      header(
        "<html><head><title>Payroll Specialist</title></head><body><div role=\"main\"><div class=\"card-title\">" +
          "Payroll Specialist</div><div class=\"card-subtitle\">Northgate Distribution · Aurora, IL · Full-time</div>" +
          `<div>${body}</div></div></body></html>`
      ),
      ["Payroll Specialist", "Northgate Distribution", "Aurora, IL"]
    )
  })

  it("takes a page whose headings say 'Who you are' and 'Your profile' for a posting", () => {
    const page = fromBody(
      "<html><head><title>Product Designer - Fernhill Games</title></head><body><main><h1>Product Designer</h1>" +
        "<p>Fernhill Games makes puzzle games played by millions.</p><p><strong>Who you are</strong></p><ul>" +
        "<li>4+ years of product design</li><li>Figma</li><li>Prototyping</li></ul><p>Full-time, in Stockholm.</p>" +
        "</main></body></html>"
    )
    assert.strictEqual(page.title, "Product Designer")
  })

  it("reads a Glassdoor paste: employer, rating, title, place", () => {
    const pasted = fromBody(
      "Brightwell Dental Group\n4.1 ★\nDental Office Manager\nNaperville, IL\n$60K - $72K (Employer est.)\nEasy Apply\n\n" +
        "Brightwell runs six dental offices.\n\nResponsibilities\n- Run the front desk for eight dentists\n\n" +
        "Qualifications\n- 3+ years managing a dental office\n- Excel\n",
      "text/plain"
    )
    assert.deepStrictEqual([pasted.title, pasted.company, pasted.location], [
      "Dental Office Manager",
      "Brightwell Dental Group",
      "Naperville, IL"
    ])
  })

  it("takes a page whose title is an h2 and whose text says 'What you'll need', 'Nice to have' and '2+ years'", () => {
    const page = "<html><head><title>Frontend Developer (Vue.js) - Kitestring Ltd</title></head><body>" +
      "<div class=\"board\"><h2 class=\"job-title\">Frontend Developer (Vue.js)</h2>" +
      "<span class=\"location\">London, England, United Kingdom</span></div><div class=\"description\">" +
      "<p>Kitestring builds booking software for 1,200 gyms and studios.</p><p><b>What you'll need</b></p>" +
      "<ul><li>2+ years building web apps professionally</li><li>Vue.js and TypeScript</li></ul>" +
      "<p><b>Nice to have</b></p><ul><li>Cypress</li></ul><p>£42,000 - £50,000.</p></div></body></html>"
    const p = fromBody(page)
    assert.strictEqual(p.title, "Frontend Developer (Vue.js)")
    assert.include(p.description, "Vue.js and TypeScript")
  })

  it("keeps a hosted board's lists when the readable pick would keep only its paragraphs", () => {
    const section = (heading: string, items: ReadonlyArray<string>) =>
      `<div class="section page-centered"><h3>${heading}</h3><ul>${
        items.map((i) => `<li>${i}</li>`).join("")
      }</ul></div>`
    const page = "<html><head><title>Seegang - Backend Engineer (Go)</title></head><body>" +
      "<div class=\"content-wrapper posting-page\"><div class=\"posting-headline\"><h2>Backend Engineer (Go)</h2>" +
      "<div class=\"posting-categories\"><div class=\"posting-category location\">Hamburg, Germany</div></div></div>" +
      "<div class=\"section page-centered\"><div>Seegang runs payments for 9,000 European marketplaces. Our platform " +
      "team builds the services every payment passes through.</div></div>" +
      section("What you'll do", ["Build Go services", "Design gRPC APIs", "Work with PostgreSQL and Kafka"]) +
      section("What you'll need", ["5+ years of backend development", "Go in production", "Kubernetes"]) +
      "<div class=\"section page-centered\"><div>Salary range: EUR 80,000 - 95,000. Remote within Germany.</div></div>" +
      "</div></body></html>"
    const p = fromBody(page)
    assert.include(p.description, "Work with PostgreSQL and Kafka")
    assert.include(p.sections?.requirements ?? [], "Kubernetes")
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
