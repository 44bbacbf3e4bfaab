import type { Posting } from "@jobfit/core"
import { fromDom } from "./Blocks.js"
import type { DomElement, HtmlDocument } from "./Dom.js"
import {
  EMPLOYMENT,
  type Header,
  isPlaceLine,
  isPlacePart,
  NAME_LINE,
  ORGANISATION,
  SPACED_SEPARATOR
} from "./HeaderLines.js"
import { nonEmpty } from "./Loose.js"
import { placeOfAddress } from "./Place.js"
import { salaryInText } from "./SalaryText.js"
import { textHeader, withoutWorkMode } from "./TextHeader.js"

// The header of a fetched page, from the markup of the boards and career sites that show it; pasted text's header is
// read in TextHeader.ts.

const text = (element: DomElement | null | undefined): string | undefined =>
  nonEmpty(element?.textContent?.replace(/\s+/g, " ").trim() ?? undefined)

const first = (root: HtmlDocument | DomElement, selectors: ReadonlyArray<string>): string | undefined => {
  for (const selector of selectors) {
    const element = root.querySelector(selector)
    // SmartRecruiters' <spl-job-location formattedaddress="Denver, CO, United States"> has no text of its own.
    const found = text(element) ?? nonEmpty(element?.getAttribute("formattedaddress") ?? undefined)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * The header fields of applicant-tracking and job-board pages, by the markup each uses for them. Ordered so that
 * the most specific selector comes first; a page matches one layout at most in practice.
 */
const LAYOUTS: ReadonlyArray<{
  readonly title: ReadonlyArray<string>
  readonly company: ReadonlyArray<string>
  readonly location: ReadonlyArray<string>
}> = [
  {
    // SEEK
    title: ["[data-automation=\"job-detail-title\"]"],
    company: ["[data-automation=\"advertiser-name\"]"],
    location: ["[data-automation=\"job-detail-location\"]"]
  },
  {
    // LinkedIn guest job page
    title: ["h1.top-card-layout__title", "h1.topcard__title", "h2.top-card-layout__title"],
    company: ["a.topcard__org-name-link", "span.topcard__flavor a", ".topcard__org-name-link"],
    location: ["span.topcard__flavor--bullet:not(.num-applicants__caption)", ".topcard__flavor--bullet"]
  },
  {
    // Indeed
    title: [
      "[data-testid=\"jobsearch-JobInfoHeader-title\"]",
      "h1.jobsearch-JobInfoHeader-title",
      ".jobsearch-JobInfoHeader-title"
    ],
    company: [
      "[data-testid=\"inlineHeader-companyName\"]",
      "[data-company-name]",
      ".jobsearch-CompanyInfoContainer a",
      ".jobsearch-InlineCompanyRating div"
    ],
    location: [
      "[data-testid=\"inlineHeader-companyLocation\"]",
      "[data-testid=\"job-location\"]",
      "[data-testid=\"jobsearch-JobInfoHeader-companyLocation\"]",
      ".jobsearch-JobInfoHeader-subtitle > div:last-child"
    ]
  },
  {
    // Greenhouse hosted pages (the classic board and job-boards.greenhouse.io)
    title: ["#header h1.app-title", "h1.app-title", ".job__title h1", "h1.section-header"],
    company: ["#header .company-name", ".company-name"],
    location: ["#header .location", ".job__location", "div.location"]
  },
  {
    // Lever hosted pages
    title: [".posting-headline h2", ".posting-header h2"],
    company: [],
    location: [".posting-categories .location", ".posting-categories .sort-by-location", ".posting-category.location"]
  },
  {
    // Workday
    title: ["[data-automation-id=\"jobPostingHeader\"]"],
    company: [],
    location: ["[data-automation-id=\"locations\"] dd", "[data-automation-id=\"locations\"]"]
  },
  {
    // SmartRecruiters
    title: ["h1.job-title", "h1[itemprop=\"title\"]"],
    company: [".job-company-name", "[itemprop=\"hiringOrganization\"] [itemprop=\"name\"]"],
    location: ["spl-job-location", ".job-location", "[itemprop=\"jobLocation\"]"]
  },
  {
    // Workable
    title: ["[data-ui=\"job-title\"]"],
    company: ["[data-ui=\"company-name\"]"],
    location: ["[data-ui=\"job-location\"]"]
  },
  {
    // iCIMS
    title: [".iCIMS_Header h1", "h1.iCIMS_Header", ".iCIMS_JobTitle"],
    company: [],
    location: []
  },
  {
    // JazzHR
    title: ["#resumator-job-title", ".resumator-job-title"],
    company: [],
    location: [".resumator-job-location"]
  },
  {
    // Jobvite: the meta line holds the department and the place, split by an empty separator element
    title: [".jv-header", ".jv-job-detail-top h2"],
    company: [],
    location: []
  },
  {
    // Taleo
    title: [".titlepage"],
    company: [],
    location: []
  },
  {
    // SAP SuccessFactors career sites
    title: ["[data-careersite-propertyid=\"title\"]"],
    company: ["[data-careersite-propertyid=\"company\"]", "[data-careersite-propertyid=\"customfield1\"]"],
    location: [".jobGeoLocation", "[data-careersite-propertyid=\"city\"]"]
  },
  {
    // BambooHR, Recruitee, Personio, Teamtailor and other boards that label their header fields by class
    title: [
      ".posting-title",
      ".job-title",
      "[data-testid=\"job-title\"]",
      ".job-header h1",
      ".job__title",
      "h1[class*=\"posting\"]",
      "h1[class*=\"job\"]",
      "h1[class*=\"title\"]",
      "[class*=\"vacancy-title\"]",
      "[class*=\"role-name\"]",
      "[class*=\"role-title\"]",
      "[class*=\"opening-title\"]"
    ],
    company: [".company-name", "[data-testid=\"company-name\"]"],
    location: [
      ".posting-location",
      ".job-location",
      "[data-testid=\"job-location\"]",
      ".job-header .location",
      ".job__location"
    ]
  }
]

/** Microdata: an element typed schema.org/JobPosting with itemprops. */
const microdata = (document: HtmlDocument): Header => {
  const root = document.querySelector("[itemtype*=\"schema.org/JobPosting\"]")
  if (root === null) return {}
  const prop = (name: string, scope: DomElement = root) => {
    const element = scope.querySelector(`[itemprop="${name}"]`)
    return nonEmpty(element?.getAttribute("content") ?? undefined) ?? text(element)
  }
  const organization = root.querySelector("[itemprop=\"hiringOrganization\"]")
  const place = root.querySelector("[itemprop=\"jobLocation\"]")
  const location = place === null
    ? undefined
    : nonEmpty(
      ["addressLocality", "addressRegion", "addressCountry"].map((name) => prop(name, place)).filter((p) =>
        p !== undefined
      ).join(", ")
    ) ?? text(place)
  return {
    title: prop("title") ?? prop("name"),
    company: organization === null
      ? undefined
      : nonEmpty(organization.getAttribute("content") ?? undefined) ?? prop("name", organization),
    location
  }
}

/** The value of a label: the element beside it, or after its parent when the label stands alone in one. */
const valueOf = (term: DomElement): DomElement | undefined => {
  if (term.localName === "dt") {
    // iCIMS puts the dt and the dd in cells of their own: the value is then the next cell's.
    return sibling(term, "dd") ??
      (term.parentElement?.localName === "td" ? sibling(term.parentElement, undefined) : undefined)
  }
  if (term.localName === "th") return sibling(term, "td")
  // `<div class="panel-heading"><h4>Location</h4></div><div class="panel-body">…</div>`.
  const parent = term.parentElement
  return sibling(term, undefined) ??
    (parent !== null && text(parent) === text(term) ? sibling(parent, undefined) : undefined)
}

/** Labelled fields in a definition list or table: "Location" beside its value (iCIMS, Workday, custom pages). */
const labelled = (document: HtmlDocument, labels: RegExp): string | undefined => {
  // A heading may be the label too: `<h2>Location</h2><p>Remote (Europe)</p>` on Ashby-hosted pages.
  const terms = document.querySelectorAll(
    "dt, th, .iCIMS_JobHeaderField, [class*=\"label\"], span.subtitle, h2, h3, h4, h5, h6"
  )
  for (let i = 0; i < terms.length && i < 200; i++) {
    const term = terms[i]!
    const name = text(term)
    if (name === undefined || !labels.test(name.replace(/[:：]\s*$/, ""))) continue
    const element = valueOf(term)
    const value = text(element)
    // "7400 Bellaire Trace / Houston, TX 77030 / USA": an address stands for its town.
    const address = element === undefined || labels !== LOCATION_LABEL
      ? undefined
      : placeOfAddress(fromDom(element).map((block) => block.text))
    if (address !== undefined) return address
    if (value !== undefined && value.length <= 120) return value
  }
  return inlineLabelled(document, labels)
}

/** A label in its own element with the value as the rest of the line: `<li><span>Location:</span> Austin, TX</li>`. */
const inlineLabelled = (document: HtmlDocument, labels: RegExp): string | undefined => {
  const terms = document.querySelectorAll("li > span, li > strong, li > b, p > span, p > strong, p > b")
  for (let i = 0; i < terms.length && i < 200; i++) {
    const term = terms[i]!
    const name = text(term)
    if (name === undefined || !/[:：]\s*$/.test(name) || !labels.test(name.replace(/[:：]\s*$/, ""))) continue
    const line = text(term.parentElement)
    if (line === undefined || !line.startsWith(name)) continue
    const value = line.slice(name.length).trim()
    if (value.length >= 2 && value.length <= 120) return value
  }
  return undefined
}

const sibling = (element: DomElement, name: string | undefined): DomElement | undefined => {
  const parent = element.parentElement
  if (parent === null) return undefined
  const children = parent.childNodes
  let after = false
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!
    if (child === element) {
      after = true
      continue
    }
    if (after && child.nodeType === 1 && (name === undefined || (child as DomElement).localName === name)) {
      return child as DomElement
    }
  }
  return undefined
}

const byClass = (document: HtmlDocument, word: string): string | undefined => {
  const found = document.querySelectorAll(
    `main [class*="${word}"], article [class*="${word}"], section [class*="${word}"], [class*="hero"] [class*="${word}"], [class*="job"] [class*="${word}"], [class*="posting"] [class*="${word}"], [class*="vacancy"] [class*="${word}"], [class*="opening"] [class*="${word}"], h2[class*="${word}"], li[class*="${word}"], span[class*="${word}"]`
  )
  for (let i = 0; i < found.length && i < 20; i++) {
    const element = found[i]!
    const value = text(element)
    if (value === undefined || value.length > 80 || element.querySelector("a, li, ul, p") !== null) continue
    if (element.localName === "nav" || element.localName === "a" || element.localName === "h1") continue
    return value
  }
  return undefined
}

const LOCATION_LABEL = /^(?:(?:primary |job |work |office )?locations?(?:\s*\(s\))?|city|place of work)$/i
const TITLE_LABEL = /^(?:job title|position title|position|job|role title)$/i
const PAY_LABEL = /^(?:pay|salary|compensation|pay range|salary range|wage|rate of pay)$/i
const COMPANY_LABEL = /^(?:company|employer|organi[sz]ation|hiring company|company name)$/i

// The separators of a header's meta line: "Engineering · London · Hybrid", "Berlin | Full-time".
const META_SEPARATOR = /\s+[·•|]\s+|\s*[·•]\s*/
const BLOCK_CHILDREN = "p, div, li, ul, ol, h1, h2, h3, h4, table, section, article"

/**
 * The place in the short line under a job's heading that lists its facts between dots or bars ("Engineering ·
 * London · Hybrid remote", "Berlin · Full-time · Permanent employee").
 */
const metaLinePlace = (document: HtmlDocument): string | undefined => {
  const elements = document.querySelectorAll("main *, article *, body *")
  for (let i = 0; i < elements.length && i < 400; i++) {
    const element = elements[i]!
    if (element.localName === "a" || element.localName === "nav" || element.localName === "title") continue
    const value = text(element)
    if (value === undefined || value.length > 100 || !/[·•|]/.test(value)) continue
    if (element.querySelector(BLOCK_CHILDREN) !== null) continue
    const place = value.split(META_SEPARATOR).map((p) => p.replace(/^[\p{L} ]{1,20}[:：]\s*/u, "").trim()).find((p) =>
      p !== "" && isPlacePart(p)
    )
    if (place !== undefined) return place
  }
  return undefined
}

const PLACE_ICON =
  "i[class*=\"map\"], i[class*=\"marker\"], i[class*=\"location\"], svg[class*=\"map\"], svg[class*=\"marker\"], " +
  "svg[class*=\"location\"], span[class*=\"icon-location\"], span[class*=\"icon-map\"]"

const TAGS =
  "span[class*=\"tag\"], li[class*=\"tag\"], span[class*=\"badge\"], span[class*=\"chip\"], span[class*=\"pill\"]"

/**
 * A place shown beside a map-pin icon (`<li><i class="fa fa-map-marker"></i> Madison, WI</li>`, as Recruitee
 * shows it), or as one of the tags under the job's heading (`<span class="tag">Remote (UK)</span>`).
 */
const iconPlace = (document: HtmlDocument): string | undefined => {
  const icons = document.querySelectorAll(PLACE_ICON)
  for (let i = 0; i < icons.length && i < 20; i++) {
    const line = text(icons[i]!.parentElement)
    if (line !== undefined && line.length <= 80 && isPlaceLine(line)) return line
  }
  const tags = document.querySelectorAll(TAGS)
  for (let i = 0; i < tags.length && i < 30; i++) {
    const tag = text(tags[i])
    if (tag !== undefined && tag.length <= 40 && isPlaceLine(tag)) return tag
  }
  return undefined
}

/**
 * The pieces of a line that separates them with empty elements or puts each in its own element: Jobvite's
 * "Perioperative Services <span class="jv-inline-separator"></span> Austin, Texas", or a meta block of short
 * paragraphs ("Engineering", "London, United Kingdom", "Hybrid").
 */
const piecesOf = (element: DomElement): ReadonlyArray<string> => {
  const pieces: Array<string> = []
  let current = ""
  const children = element.childNodes
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!
    const value = child.textContent?.replace(/\s+/g, " ").trim() ?? ""
    if (child.nodeType === 3) {
      current += ` ${value}`
      continue
    }
    if (current.trim() !== "") pieces.push(current.trim())
    current = ""
    if (value !== "") pieces.push(value)
  }
  if (current.trim() !== "") pieces.push(current.trim())
  return pieces
}

const META_BLOCKS =
  ".jv-job-detail-meta, [class*=\"job-meta\"], [class*=\"job-info\"], [class*=\"job-details\"], [class*=\"posting-meta\"], " +
  "[class*=\"facts\"]"

/** The place among the pieces of a meta line or block under the job's heading. */
const metaPiecesPlace = (document: HtmlDocument): string | undefined => {
  const blocks = document.querySelectorAll(META_BLOCKS)
  for (let i = 0; i < blocks.length && i < 10; i++) {
    const place = piecesOf(blocks[i]!).find((piece) => piece.length <= 60 && isPlaceLine(piece))
    if (place !== undefined) return place
  }
  return undefined
}

const SALARY_ELEMENTS =
  "[class*=\"salary\"], [data-at*=\"salary\"], [data-testid*=\"salary\"], [data-qa*=\"salary\"], [itemprop=\"baseSalary\"]"

/** Pay a board shows in the page's header, outside the description: `<span class="salary">£26,000 - £29,000</span>`. */
export const headerSalary = (document: HtmlDocument): Posting.Salary | undefined => {
  const elements = document.querySelectorAll(SALARY_ELEMENTS)
  for (let i = 0; i < elements.length && i < 10; i++) {
    const value = text(elements[i])
    const salary = value === undefined || value.length > 80 ? undefined : salaryInText(value)
    if (salary !== undefined) return salary
  }
  // A labelled field: "Pay | $64,000 - $72,000 per year".
  const labelledPay = labelled(document, PAY_LABEL)
  return labelledPay === undefined ? undefined : salaryInText(labelledPay)
}

/**
 * Each heading-like element with the short line right under it, read before the page is cut to its main content:
 * `<h1>Digital Marketing Coordinator</h1><div>Lakeside Credit Union — Denver, CO (hybrid)</div>`.
 */
export const linesUnderHeadings = (document: HtmlDocument): ReadonlyArray<readonly [string, string]> => {
  const pairs: Array<readonly [string, string]> = []
  const candidates = document.querySelectorAll("h1, h2, h3, [class*=\"title\"], [class*=\"heading\"]")
  for (let i = 0; i < candidates.length && i < 40; i++) {
    const heading = text(candidates[i])
    const next = sibling(candidates[i]!, undefined)
    const line = text(next)
    if (heading === undefined || line === undefined || line.length > 120) continue
    if (next?.querySelector(BLOCK_CHILDREN) !== null) continue
    pairs.push([heading, line])
  }
  return pairs
}

/** The employer and place the line under the job's title names, if it names them. */
export const underTitle = (pairs: ReadonlyArray<readonly [string, string]>, title: string): Header => {
  const line = pairs.find(([heading]) => heading === title)?.[1]
  if (line === undefined) return {}
  // "Northgate Distribution · Aurora, IL · Full-time": the employer, the place and the hours between dots.
  const parts = line.split(SPACED_SEPARATOR).map((part) => part.trim())
  if (parts.length >= 2) {
    const place = parts.find((part) => isPlaceLine(part) && !EMPLOYMENT.test(part))
    const name = parts.find((part) =>
      part !== place && !isPlaceLine(part) && !EMPLOYMENT.test(part) && !DEPARTMENT.test(part) &&
      NAME_LINE.test(part) && (part.split(/\s+/).length >= 2 || ORGANISATION.test(part))
    )
    return { company: name, location: place }
  }
  const found = textHeader([line])
  return { company: found.company, location: found.location }
}

// Teams a board names beside the place ("Engineering · London"): no employer.
const DEPARTMENT =
  /^(?:engineering|design|product|marketing|sales|finance|accounting|operations|people|human resources|hr|legal|data|it|support|customer (?:experience|success|support|service)|growth|research|clinical|nursing)$/i

/** The employer a board names as the poster: "Posted 3 days ago by Aire Valley Foods Ltd" (Reed). */
const postedBy = (document: HtmlDocument): string | undefined => {
  const lines = document.querySelectorAll("[class*=\"posted\"]")
  for (let i = 0; i < lines.length && i < 10; i++) {
    const by = /\bposted\b.{0,40}?\bby\s+(.{2,80}?)\s*$/i.exec(text(lines[i]) ?? "")
    if (by?.[1] !== undefined) return by[1]
  }
  return undefined
}

// A field's own label, kept in its value by some boards: "Location: Naperville, IL", "Company: Alder & Finch".
const FIELD_LABEL = /^(?:(?:primary |job )?locations?|company|employer|organi[sz]ation)\s*[:：]\s*/i
const withoutLabel = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : nonEmpty(value.replace(FIELD_LABEL, ""))

/** The header the page's markup gives, most specific source first. */
export const headerOf = (document: HtmlDocument): Header => {
  let header: Header = {}
  const fill = (found: Header) => {
    header = {
      title: header.title ?? found.title,
      company: header.company ?? found.company,
      location: header.location ?? found.location
    }
  }
  for (const layout of LAYOUTS) {
    const title = first(document, layout.title)
    if (title === undefined) continue
    fill({ title, company: first(document, layout.company), location: first(document, layout.location) })
    break
  }
  fill(microdata(document))
  fill({
    title: labelled(document, TITLE_LABEL),
    location: labelled(document, LOCATION_LABEL),
    company: labelled(document, COMPANY_LABEL)
  })
  // Last, any short element whose class names a location or the company, outside navigation and footers.
  fill({
    location: byClass(document, "location"),
    company: byClass(document, "company") ?? byClass(document, "employer")
  })
  if (header.location === undefined) fill({ location: iconPlace(document) })
  if (header.location === undefined) fill({ location: metaLinePlace(document) })
  if (header.location === undefined) fill({ location: metaPiecesPlace(document) })
  if (header.company === undefined) fill({ company: postedBy(document) })
  const place = withoutLabel(header.location)
  header = {
    ...header,
    company: withoutLabel(header.company),
    // "Berlin, Germany · Remote possible within Germany": the place, without how often one is there.
    location: place === undefined ? undefined : withoutWorkMode(place)
  }
  // A class that merely mentions "company" on the job's own heading does not make the title an employer.
  if (header.company !== undefined && header.company === header.title) return { ...header, company: undefined }
  // Greenhouse's boards say "at Acme" under the title.
  return header.company === undefined ? header : { ...header, company: header.company.replace(/^at\s+/i, "") }
}

// Site names that are the job board, not the employer.
const BOARD_NAMES =
  "linkedin|indeed(?:\\.com)?|seek(?: australia| new zealand)?|glassdoor|ziprecruiter|monster|workday|greenhouse|lever|smartrecruiters|workable|icims|bamboohr|recruitee|personio|teamtailor|ashby|jazzhr|jobvite|taleo|successfactors|rippling|breezy(?: hr)?|wellfound|angellist|reed(?:\\.co\\.uk)?|totaljobs|cv-library|stepstone|careerbuilder|simplyhired|dice|adzuna|jobs|careers|job board|careers page|home"
const BOARDS = new RegExp(`^(?:${BOARD_NAMES})$`, "i")

/** A site name that names the employer, not the board it is on. */
// "Bluebonnet Medical Center Careers", "Acme Jobs": an employer's careers site, named after it.
const CAREERS_SUFFIX = /\s+(?:careers?|jobs|career site|careers site|job board)$/i

// "Front Range Provisions - BambooHR": the employer's page on a board, named after both.
const BOARD_SUFFIX = new RegExp(`\\s+[-–—|]\\s+(?:${BOARD_NAMES})$`, "i")

export const employerSiteName = (name: string | undefined): string | undefined => {
  if (name === undefined || BOARDS.test(name.trim())) return undefined
  const bare = name.trim().replace(BOARD_SUFFIX, "").replace(CAREERS_SUFFIX, "")
  // "Careers at Balcones Medical Center".
  const named = companyOfHeading(bare) ?? bare
  return named.length >= 2 ? named : name
}

const GENERIC_HEADING =
  /^(?:careers?|jobs?|job details|job description|position description|job posting|job advert(?:isement)?|vacancy|open (?:positions|roles|jobs)|current (?:openings|vacancies)|vacancies|join (?:us|our team|the team)|work with us|we(?:'re| are) hiring|apply(?: now| for this (?:job|position|role))?|about (?:us|the role)|cookie[s]?(?: settings| preferences)?|search jobs|all jobs|opportunities)$/i
const COMPANY_HEADING: ReadonlyArray<RegExp> = [
  /^join\s+(?!us\b|our\b|the team\b)(.{2,60}?)[.!]?$/i,
  /^(?:careers|jobs|work|working)\s+(?:at|with)\s+(.{2,60}?)[.!]?$/i,
  /^(.{2,60}?)\s+(?:careers|jobs|career site|careers page|job board)$/i,
  /^(?:life|working) at\s+(.{2,60})$/i,
  // "About Copperline", over the employer's own story.
  /^about\s+(?!the\b|this\b|you\b|your\b|us\b|our\b|the role\b)(.{2,60})$/i
]

export const isBoard = (name: string): boolean => BOARDS.test(name.trim())

/** Whether a heading names no job: "Careers", "Join Acme", "Acme Careers", "Open positions". */
export const isGenericHeading = (heading: string): boolean =>
  GENERIC_HEADING.test(heading.trim()) || companyOfHeading(heading) !== undefined

/** The employer a generic heading names: "Join Acme" and "Acme Careers" -> "Acme". */
export const companyOfHeading = (heading: string): string | undefined => {
  const trimmed = heading.trim()
  for (const pattern of COMPANY_HEADING) {
    const match = pattern.exec(trimmed)
    if (match?.[1] !== undefined && !/\b(?:team|us|our|the)$/i.test(match[1]) && !isPlacePart(match[1])) {
      return match[1].trim()
    }
  }
  return undefined
}

/**
 * A document or og: title split into job title and employer: "ICU Nurse - Mercy Valley Hospital Careers",
 * "Careers at Acme | Backend Engineer", "Acme Careers - Backend Engineer", "Acme hiring Backend Engineer in Berlin".
 */
export const splitPageTitle = (title: string): Header => {
  const found = splitTitleParts(title)
  if (found.location !== undefined) return found
  // "Olivar Pay | Senior Backend Engineer | Madrid": a place among three parts.
  const parts = title.split(/\s+(?:\||–|—|·|•)\s+/).map((p) => p.trim())
  const place = parts.length === 3 ? parts.slice(1).find((part) => isPlacePart(part)) : undefined
  return place === undefined ? found : { ...found, location: place }
}

const splitTitleParts = (title: string): Header => {
  const hiring = /^(.{2,60}?) (?:is )?hiring (.{3,150}?)(?: in (.{2,80}?))?(?:\s+\|\s+.*)?$/i.exec(title.trim())
  if (hiring !== null) return { company: hiring[1], title: hiring[2], location: hiring[3] }
  const parts = title.split(/\s+(?:\||–|—|-|·|•|::)\s+/).map((p) => p.trim()).filter((p) => p !== "")
  if (parts.length < 2) return { title: title.trim() }
  const named = parts.map((part) => companyOfHeading(part))
  const at = named.findIndex((c) => c !== undefined)
  if (at >= 0) {
    const rest = parts.filter((_, i) => i !== at && !BOARDS.test(parts[i] ?? ""))
    return { company: named[at], title: rest.join(" - ") || undefined }
  }
  // "Lumen Outdoor Co. - Careers": a site's own page, the other part is the employer.
  const specific = parts.filter((part) => !GENERIC_HEADING.test(part) && !BOARDS.test(part))
  if (specific.length === 1 && parts.length === 2) return { company: specific[0] }
  return {}
}
