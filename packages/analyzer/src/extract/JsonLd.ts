import { Json } from "@jobfit/core"
import type { HtmlDocument } from "./Dom.js"

const isRecord = Json.isRecord

const jobPostingType = /(^|[/:#])JobPosting$/

const isJobPosting = (node: Record<string, unknown>) => {
  const type = node["@type"]
  const types = Array.isArray(type) ? type : [type]
  return types.some((t) => typeof t === "string" && jobPostingType.test(t.trim()))
}

const MAX_DEPTH = 6

/** Every schema.org JobPosting in a JSON value: top level, in arrays, in `@graph`, or nested (`mainEntity`). */
export const findJobPostings = (value: unknown): Array<Record<string, unknown>> => {
  const found: Array<Record<string, unknown>> = []
  const walk = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) return
    if (Array.isArray(node)) return node.forEach((item) => walk(item, depth + 1))
    if (!isRecord(node)) return
    if (isJobPosting(node)) {
      found.push(node)
      return
    }
    for (const child of Object.values(node)) {
      if (typeof child === "object" && child !== null) walk(child, depth + 1)
    }
  }
  walk(value, 0)
  return found
}

/** JSON.parse that tolerates what pages put in ld+json scripts: comment or CDATA wrappers, raw newlines in strings. */
export const parseLenient = (text: string): unknown => {
  const unwrapped = text.trim().replace(/^(<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, "").replace(
    /(-->|\/\/\s*\]\]>|\]\]>)$/,
    ""
  )
  for (const candidate of [unwrapped, unwrapped.replace(/\p{Cc}+/gu, " ")]) {
    try {
      return JSON.parse(candidate)
    } catch {
      continue
    }
  }
  return undefined
}

/** The JobPostings in a page's `<script type="application/ld+json">` elements, in document order. */
export const jobPostingsInPage = (document: HtmlDocument): Array<Record<string, unknown>> => {
  const scripts = document.querySelectorAll("script")
  const found: Array<Record<string, unknown>> = []
  for (let i = 0; i < scripts.length; i++) {
    const script = scripts[i]
    const type = script?.getAttribute("type")?.toLowerCase().split(";")[0]?.trim()
    if (script === undefined || type !== "application/ld+json") continue
    found.push(...findJobPostings(parseLenient(script.textContent ?? "")))
  }
  return found
}
