import type { HtmlDocument } from "./Dom.js"
import { isBoard, isGenericHeading } from "./Header.js"
import { isPlaceLine } from "./HeaderLines.js"
import { nonEmpty } from "./Loose.js"

/** What a page says about itself in <head> and its first <h1>. */
export interface PageMeta {
  readonly h1: string | undefined
  /** The first short h2 that is not a generic heading, for pages whose h1 is the site's banner. */
  readonly h2: string | undefined
  readonly ogTitle: string | undefined
  readonly documentTitle: string | undefined
  readonly siteName: string | undefined
}

const meta = (document: HtmlDocument, keys: ReadonlyArray<string>) => {
  for (const key of keys) {
    const element = document.querySelector(`meta[property="${key}"]`) ?? document.querySelector(`meta[name="${key}"]`)
    const content = nonEmpty(element?.getAttribute("content") ?? undefined)
    if (content !== undefined) return content
  }
  return undefined
}

const firstH2 = (document: HtmlDocument): string | undefined => {
  const headings = document.querySelectorAll("h2")
  for (let i = 0; i < headings.length && i < 10; i++) {
    const text = nonEmpty(headings[i]?.textContent?.replace(/\s+/g, " ").trim() ?? undefined)
    if (text !== undefined && text.length <= 150 && !isGenericHeading(text)) return text
  }
  return undefined
}

export const readMeta = (document: HtmlDocument): PageMeta => ({
  h2: firstH2(document),
  h1: nonEmpty(
    (document.querySelector("main h1") ?? document.querySelector("article h1") ?? document.querySelector("h1"))
      ?.textContent ?? undefined
  ),
  ogTitle: meta(document, ["og:title", "twitter:title"]),
  documentTitle: nonEmpty(document.title),
  siteName: meta(document, ["og:site_name", "application-name", "author"])
})

const separators = /\s+(?:\||–|—|-|·|•|::)\s+/

const sameName = (a: string, b: string) =>
  a.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "") === b.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "")

/**
 * A title without its site suffix: "Backend Engineer | Acme" -> "Backend Engineer"; "Backend Engineer at Acme"
 * loses " at Acme" only when Acme is the known company.
 */
export const stripSiteSuffix = (title: string, company: string | undefined): string => {
  const parts = title.split(separators).map((part) => part.trim()).filter((part) => part.length > 0)
  let result = title.trim()
  if (parts.length > 1) {
    const rest = company === undefined ? parts.slice(0, -1) : parts.filter((part) => !sameName(part, company))
    const kept = rest.length > 0 ? rest : parts.slice(0, 1)
    result = company === undefined ? kept[0]! : kept.join(" - ")
  }
  if (company !== undefined) {
    const at = new RegExp(`\\s+(?:at|@)\\s+${company.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`, "i")
    result = result.replace(at, "")
  }
  return result.length > 0 ? result : title.trim()
}

/**
 * A company named in a title's suffix: "Backend Engineer at Acme" or "Backend Engineer | Acme". When the job's own
 * title is known and the page title holds it, the employer is the other part, in front or behind ("Acme - Backend
 * Engineer", as Lever's boards title their pages).
 */
export const companyFromTitle = (title: string | undefined, jobTitle?: string): string | undefined => {
  if (title === undefined) return undefined
  const parts = title.split(separators).map((part) => part.trim())
  // Among a title's parts, those that are neither a place nor the board.
  const employers = (among: ReadonlyArray<string>) => among.filter((part) => !isPlaceLine(part) && !isBoard(part))
  if (jobTitle !== undefined) {
    // The job's own title, which may hold a separator itself ("Accountant II - General Ledger"), is no company.
    const whole = title.trim()
    const job = jobTitle.trim()
    const lowerJob = job.toLowerCase()
    const lowerWhole = whole.toLowerCase()
    if (lowerWhole === lowerJob) return undefined
    if (job.length > 0 && lowerWhole.startsWith(lowerJob)) {
      // "Backend Engineer at Quayside Labs • Berlin".
      const rest = whole.slice(job.length).replace(/^\s*(?:at|@)\s+/i, " - ").split(separators)
        .map((part) => part.trim()).filter((part) => part !== "")
      const named = employers(rest)
      if (named.length === 1) return nonEmpty(named[0])
    }
    const at = parts.findIndex((part) => part.toLowerCase() === lowerJob)
    // The other part, or among more the one that is neither a place nor the board ("Senior Backend Developer -
    // Nordlicht GmbH - Hamburg - StepStone").
    const others = parts.filter((_, i) => i !== at)
    const named = others.length >= 2 ? employers(others) : others
    if (at >= 0 && named.length === 1) return nonEmpty(named[0])
  }
  // "Backend Engineer at Quayside Labs • Berlin • Wellfound": the employer ends where the next part begins.
  const at = /\s(?:at|@)\s+([^|–—•·-]{2,40}?)(?:\s+[|–—•·-]\s+.*)?$/.exec(title)
  if (at) return nonEmpty(at[1]?.trim())
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined
  return last === undefined || isBoard(last) ? undefined : nonEmpty(last)
}
