import type { Posting } from "@jobfit/core"
import { Either } from "effect"
import { fromPlainText } from "./Blocks.js"
import type { Board } from "./Boards.js"
import { type HtmlDocument, parseHtml } from "./Dom.js"
import { type Draft, finish, hostOf, notAPosting } from "./Draft.js"
import { chatHeader, fromJobBlock, withoutFurniture } from "./Furniture.js"
import {
  companyOfHeading,
  employerSiteName,
  headerOf,
  headerSalary,
  isGenericHeading,
  linesUnderHeadings,
  splitPageTitle,
  underTitle
} from "./Header.js"
import { isOrganisationName, withoutAside, WORK_MODE } from "./HeaderLines.js"
import { fromJobPostingLd } from "./JobPostingLd.js"
import { findJobPostings, jobPostingsInPage, parseLenient } from "./JsonLd.js"
import { mainContent } from "./MainContent.js"
import { companyFromTitle, readMeta, stripSiteSuffix } from "./PageMeta.js"
import { salaryInText } from "./SalaryText.js"
import { companyFirst, isNoiseLine, placeInTitle, textHeader, titleLine } from "./TextHeader.js"
import { companyInText } from "./TextHints.js"
import { wallMessage, wallOf, wallSigns } from "./Walls.js"

const jsonTypes = new Set(["application/json", "application/ld+json"])

const sniff = (body: string) => {
  const start = body.trimStart().slice(0, 1)
  return start === "{" || start === "[" ? "application/json" : start === "<" ? "text/html" : "text/plain"
}

const firstDraft = (
  nodes: ReadonlyArray<unknown>,
  page: Parameters<typeof fromJobPostingLd>[1]
): Draft | undefined => {
  for (const node of nodes) {
    const draft = fromJobPostingLd(node, page)
    if (Either.isRight(draft) && draft.right.title !== undefined) return draft.right
  }
  return undefined
}

const fromJson = (url: string, body: string): Either.Either<Posting.Posting, string> => {
  const draft = firstDraft(findJobPostings(parseLenient(body)), { blocks: [] })
  return draft === undefined ? Either.left(notAPosting(url)) : finish(url, draft)
}

const jobWords =
  /\b(responsibilit|requir|qualification|experience|skill|apply|salary|benefit|role|position|job|hiring|candidate|full[- ]time|part[- ]time|remote|hybrid|team|years? of|\d\+ years?|nice to have|what you|you(?:'ll| will)|who you are|your (?:profile|tasks)|per hour|a year)|([$€£]\s?\d)/gi

/** Without structured data, a page is taken for a posting only if it talks like one. */
const talksLikeAPosting = (blocks: ReadonlyArray<{ readonly text: string }>) => {
  const found = new Set<string>()
  for (const block of blocks) {
    for (const match of block.text.matchAll(jobWords)) found.add((match[1] ?? "pay").toLowerCase())
    if (found.size >= 3) return true
  }
  return false
}

const fromHtml = (url: string, body: string, given: boolean): Either.Either<Posting.Posting, string> => {
  const document = parseHtml(body)
  const signs = wallSigns(document)
  const read = readHtml(url, document, given)
  const wall = wallOf(signs, Either.isRight(read))
  return wall === undefined ? read : Either.left(wallMessage(hostOf(url), wall))
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

const inTitle = (title: string | undefined, heading: string) =>
  title !== undefined && title.toLowerCase().includes(heading.trim().toLowerCase())

/** The first h2 or h3 of a page, of two words or more, that the page's title repeats. */
const titledHeading = (document: HtmlDocument, title: string | undefined): string | undefined => {
  if (title === undefined) return undefined
  const headings = document.querySelectorAll("h2, h3")
  for (let i = 0; i < headings.length && i < 15; i++) {
    const heading = headings[i]!.textContent?.replace(/\s+/g, " ").trim() ?? ""
    if (heading.split(" ").length >= 2 && !isGenericHeading(heading) && inTitle(title, heading)) return heading
  }
  return undefined
}

const readHtml = (url: string, document: HtmlDocument, given: boolean): Either.Either<Posting.Posting, string> => {
  const meta = readMeta(document)
  const h1 = meta.h1 !== undefined && meta.h1.length <= 150 ? meta.h1 : undefined
  // A generic h1 ("Acme Careers") sits above the job's own heading: take the first specific h2 then.
  // No h1 at all (a board that uses h2 for the job): the first specific h2.
  // An h1 that is the site's own name ("Meridian Dental Partners", the page's whole <title>) is a banner over the job's
  // h2, and names the employer.
  const banner = h1 !== undefined && meta.h2 !== undefined &&
      ((meta.siteName !== undefined && sameText(meta.siteName, h1)) ||
        (meta.documentTitle !== undefined && sameText(meta.documentTitle, h1) && isOrganisationName(h1)))
    ? h1
    : undefined
  // "Come for the shift. Stay for the people." over the job's h2: a slogan the page's title does not repeat, where it
  // repeats a heading under it (read before the main content is cut out of the page).
  const slogan = h1 !== undefined && banner === undefined && !inTitle(meta.documentTitle, h1)
    ? titledHeading(document, meta.documentTitle)
    : undefined
  const header = headerOf(document)
  // Read before the main content is cut out of the page, which drops the header around it.
  const salary = headerSalary(document)
  const underHeadings = linesUnderHeadings(document)
  const ld = jobPostingsInPage(document)
  const blocks = mainContent(document)
  const pageTitle = meta.ogTitle ?? meta.documentTitle
  const titles = [meta.ogTitle, meta.documentTitle].filter((t) => t !== undefined).map(splitPageTitle)
  const split = {
    title: titles.find((t) => t.title !== undefined)?.title,
    company: titles.find((t) => t.company !== undefined)?.company,
    location: titles.find((t) => t.location !== undefined)?.location
  }
  const heading = slogan ?? (h1 !== undefined && !isGenericHeading(h1) && banner === undefined ? h1 : meta.h2)
  const company = header.company ?? employerSiteName(meta.siteName) ?? banner ??
    (h1 === undefined ? undefined : companyOfHeading(h1)) ?? split.company ??
    employerSiteName(
      companyFromTitle(pageTitle, header.title ?? heading) ??
        companyFromTitle(meta.documentTitle, header.title ?? heading)
    )
  const fromLd = firstDraft(ld, { blocks, company })
  if (fromLd !== undefined) return finish(url, { ...fromLd, location: fromLd.location ?? header.location })
  if (!given && header.title === undefined && !talksLikeAPosting(blocks)) return Either.left(notAPosting(url))
  const title = (slogan !== undefined && (header.title === undefined || header.title === h1) ? slogan : header.title) ??
    heading ?? split.title ??
    (pageTitle === undefined || isGenericHeading(pageTitle) ? undefined : stripSiteSuffix(pageTitle, company))
  const under = title === undefined || (header.location !== undefined && company !== undefined)
    ? {}
    : underTitle(underHeadings, title)
  return finish(url, {
    source: "html",
    title,
    company: company ?? under.company,
    location: header.location ?? under.location ?? split.location,
    salary,
    blocks: blocks[0]?.kind === "heading" && (blocks[0].text === title || blocks[0].text === h1)
      ? blocks.slice(1)
      : blocks
  })
}

const GREETING = /^(?:hi|hello|hey|dear|good (?:morning|afternoon))\b[^.!?\n]{0,40}[,!]?$/i
const LOOKING_FOR =
  /\b(?:looking for|hiring(?: for)?|seeking|recruiting(?: for)?)\s+(?:a|an)\s+((?:[\p{Lu}][\p{L}\d()/&+.-]*)(?:\s+(?:[\p{Lu}(][\p{L}\d()/&+.-]*|of|and|&)){0,6})/u

const ANNOUNCEMENT = /^(?:[\p{Lu}][\p{L}\d&'.-]*)(?:\s+[\p{Lu}&][\p{L}\d&'.-]*){0,5}\s+(?:is|are)\s+hiring[!.]?$/u

// "Subject: Paid Search Manager – on-site in Salt Lake City", "Lifecycle Marketing Manager (remote, US) - Brightmoor
// Pet Co.": the role, and an employer named after a dash.
const subjectHeader = (line: string): { readonly title?: string; readonly company?: string } => {
  const header = titleLine(line)
  const dashed = /^(.{3,100}?)\s+[-–—]\s+(.{2,60})$/.exec(header.title ?? "")
  if (header.company === undefined && dashed !== null && isOrganisationName(dashed[2]!)) {
    return { title: withoutAside(dashed[1]!), company: dashed[2]! }
  }
  return header.title === undefined
    ? {}
    : { title: header.title, ...(header.company === undefined ? {} : { company: header.company }) }
}

const fromText = (url: string, body: string, given: boolean): Either.Either<Posting.Posting, string> => {
  // A board's furniture above the header ("4.1 ★" between the employer and the title on Glassdoor) is no header line.
  const bare = withoutFurniture(fromJobBlock(body))
  const pasted = fromPlainText(bare.text)
  // "Lifecycle Marketing Manager (remote, US) - Brightmoor Pet Co." over "Hi Lena,": a message's subject, then its
  // greeting. The subject names the role, and often the employer after a dash.
  const subject = pasted.length > 2 && GREETING.test(pasted[1]!.text) && pasted[0]!.text.length <= 150
    ? subjectHeader(pasted[0]!.text)
    : undefined
  const all = subject === undefined ? pasted : pasted.slice(1)
  // A letter's greeting ("Hi Lena,"), a document's own heading ("JOB DESCRIPTION") and an announcement ("Quillstone
  // Learning is hiring!") are no title lines.
  const opening = all.findIndex((block, i) =>
    i >= 3 || !(GREETING.test(block.text) || isGenericHeading(block.text) || ANNOUNCEMENT.test(block.text))
  )
  const greeted = opening > 0 && GREETING.test(all[0]?.text ?? "")
  // The announcement names the employer, as the first lines of a posting's text do (companyInText).
  const announcer = opening > 0 && ANNOUNCEMENT.test(all[0]?.text ?? "") ? companyInText(all[0]!.text) : undefined
  const blocks = all.slice(Math.max(0, opening)).filter((block, i) => i >= 6 || !isNoiseLine(block.text))
  if (!given && !talksLikeAPosting(blocks)) return Either.left(notAPosting(url))
  if (greeted) {
    // A recruiter's message: the role is named in a sentence ("They're looking for a Senior Backend Engineer (Go)").
    const text = blocks.map((b) => b.text).join("\n")
    return finish(url, { source: "text", title: LOOKING_FOR.exec(text)?.[1]?.trim(), ...subject, blocks })
  }
  const chat = chatHeader(blocks.slice(0, 12).map((b) => b.text))
  if (chat !== undefined) {
    const { lines, ...header } = chat
    return finish(url, { source: "text", ...header, blocks: blocks.slice(lines) })
  }
  // "Keystone Ledger Staffing is recruiting a Staff Accountant (Contract-to-Hire) for a client …": a posting that
  // opens with a sentence, not a title line, names the role in it (and the employer, which finish reads there).
  const sentence = blocks[0]?.text ?? ""
  const role = sentence.length > 100 && /[.!]$/.test(sentence) ? LOOKING_FOR.exec(sentence) : null
  if (role !== null) return finish(url, { source: "text", title: role[1]!.trim(), blocks })
  // A company line above the title ("Brightwater Dental Group" then "Dental Hygienist"): the title is the second.
  // The employer a logo named, on the first line, is above the title whatever its name looks like.
  const lead = bare.employer !== undefined && blocks[0]?.text === bare.employer && blocks.length > 1
    ? 1
    : companyFirst(blocks.slice(0, 3).map((b) => b.text))
  const first = blocks[lead]
  const header = textHeader(blocks.slice(lead + 1, lead + 12).map((b) => b.text))
  const read = titleLine(first?.text.slice(0, 150) ?? "")
  // "Senior Platform Engineer | Remote | Australia" over the employer's and the place's own lines: the title as the
  // page writes it, whole, as a fetch of the page reads it.
  const line = read.location !== undefined && read.company === undefined && header.location !== undefined &&
      header.company !== undefined && first !== undefined
    ? { title: first.text.trim() }
    : read
  const location = line.location ?? header.location ?? (line.title === undefined ? undefined : placeInTitle(line.title))
  // "Hollis & Bloom (London, hybrid — 2 days a week)", "Senior Accountant | Chicago, IL | Hybrid": the way of working
  // a header line states stays in the text when the place read from it leaves it out.
  const headerLines = blocks.slice(line.title === first?.text.trim() ? lead + 1 : lead, lead + 1 + header.lines)
  const ways = WORK_MODE.test(location ?? "") ? [] : headerLines.filter((block) => WORK_MODE.test(block.text))
  return finish(url, {
    source: "text",
    title: line.title,
    company: line.company ?? header.company ?? (lead === 1 ? blocks[0]?.text : undefined) ?? announcer,
    location,
    // "Halloran Grain & Milling · Chicago, IL (hybrid) · $76,000–$88,000": the pay a header line states.
    salary: salaryInText(headerLines.map((block) => block.text).join("\n")),
    blocks: [...ways, ...blocks.slice(lead + 1 + header.lines)]
  })
}

/**
 * The posting in a fetched document: schema.org JobPosting JSON-LD when the page has it, else the page's main
 * content. Pure: no network, so it can be tested and benchmarked on stored pages. Left says why it is no posting.
 */
export const extract = (url: string, mediaType: string, body: string): Either.Either<Posting.Posting, string> => {
  const type = mediaType === "" ? sniff(body) : mediaType
  try {
    if (jsonTypes.has(type)) return fromJson(url, body)
    if (type === "text/plain") return fromText(url, body, false)
    return fromHtml(url, body, false)
  } catch {
    // A page that trips the HTML parser or Readability is unreadable, not a server fault.
    return Either.left(notAPosting(url))
  }
}

const looksLikeHtml = /<(?:html|body|div|p|h[1-6]|ul|li|br|section|article|main|span|table)\b[^>]*>/i

/**
 * The posting in text a person gave (`posting_text`): HTML or plain text, read as a posting because the person
 * says it is one, so only an empty or title-less text is refused.
 */
export const extractGiven = (url: string, text: string): Either.Either<Posting.Posting, string> => {
  try {
    const read = looksLikeHtml.test(text.slice(0, 20_000)) ? fromHtml(url, text, true) : fromText(url, text, true)
    return Either.mapLeft(
      read,
      (why) =>
        why === notAPosting(url)
          ? "The posting_text given has too little text to be a job posting (at least a title line and a few sentences)"
          : why
    )
  } catch {
    return Either.left("The posting_text given could not be read")
  }
}

/** The posting in a job board's API answer. */
export const extractBoard = (board: Board, url: string, body: string): Either.Either<Posting.Posting, string> =>
  Either.flatMap(board.read(body), (draft) => finish(url, draft))
