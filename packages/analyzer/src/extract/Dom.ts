import { Readability } from "@mozilla/readability"
import { parseHTML } from "linkedom"

/** The part of the DOM that extraction reads; linkedom implements it. */
export interface DomNode {
  readonly nodeType: number
  readonly textContent: string | null
  readonly childNodes: ArrayLike<DomNode>
  readonly parentElement: DomElement | null
}

export interface DomElement extends DomNode {
  readonly localName: string
  getAttribute(name: string): string | null
  querySelector(selectors: string): DomElement | null
  querySelectorAll(selectors: string): ArrayLike<DomElement>
  remove(): void
}

export interface HtmlDocument {
  readonly title: string
  readonly body: DomElement | null
  readonly documentElement: DomElement
  querySelector(selectors: string): DomElement | null
  querySelectorAll(selectors: string): ArrayLike<DomElement>
}

export const isElement = (node: DomNode): node is DomElement => node.nodeType === 1

export const isText = (node: DomNode) => node.nodeType === 3

export const parseHtml = (html: string): HtmlDocument => {
  // linkedom builds no documentElement for text without an <html> element.
  const whole = /<html[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`
  const parsed: unknown = parseHTML(whole).document
  return asDocument(parsed)
}

// Readability's cost grows fast with page size; past this many elements the cleaned body is used as it is.
const MAX_ELEMENTS = 8000

/** Readability's main-content candidate, as a DOM subtree; null when it finds none or the page is too big for it. */
export const readable = (document: HtmlDocument): DomElement | null => {
  // Readability's own maxElemsToParse counts getElementsByTagName("*"), which linkedom leaves empty.
  if (document.querySelectorAll("*").length > MAX_ELEMENTS) return null
  try {
    return new Readability(document, { serializer: (node) => node, charThreshold: 200 }).parse()?.content ?? null
  } catch {
    return null
  }
}

// The one boundary: linkedom and Readability are typed against the DOM lib, which this Node package does not load.
function asDocument(value: unknown): HtmlDocument {
  return value as HtmlDocument
}
