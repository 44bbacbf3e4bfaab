import { type Block, fromDom } from "./Blocks.js"
import { type DomElement, type HtmlDocument, readable } from "./Dom.js"

const noiseSelectors = [
  "nav",
  "footer",
  "aside",
  "dialog",
  "form",
  "[role=navigation]",
  "[role=banner]",
  "[role=contentinfo]",
  "[role=complementary]",
  "[role=dialog]",
  "[aria-modal=true]",
  "[hidden]",
  "[aria-hidden=true]"
].join(",")

const noiseWords = new Set([
  "cookie",
  "cookies",
  "consent",
  "gdpr",
  "newsletter",
  "subscribe",
  "share",
  "sharing",
  "social",
  "breadcrumb",
  "breadcrumbs",
  "similar",
  "related",
  "recommended",
  "recommendations",
  "sidebar",
  "popup",
  "modal",
  "advert",
  "advertisement",
  "ads",
  "promo",
  "navbar",
  "menu",
  "footer",
  "btn",
  "button"
])

const noiseHeading =
  /^(similar|related|other|more|recommended|recent|latest) (jobs|positions|roles|openings|vacancies|listings)|^you (may|might) also like|^jobs you may like|^people also viewed/i

const words = (text: string) =>
  text.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 0)

const isNoise = (element: DomElement) => {
  const tag = element.localName.toLowerCase()
  if (tag === "html" || tag === "body" || tag === "main" || tag === "article") return false
  const names = `${element.getAttribute("id") ?? ""} ${element.getAttribute("class") ?? ""}`
  return words(names).some((word) => noiseWords.has(word))
}

const each = (elements: ArrayLike<DomElement>, f: (element: DomElement) => void) =>
  Array.from({ length: elements.length }, (_, i) => elements[i]).forEach((e) => e !== undefined && f(e))

const size = (element: DomElement | null) => (element?.textContent ?? "").replace(/\s+/g, "").length

/** An element that holds the posting itself (its title, or most of the page's text) is never noise. */
const holdsPosting = (element: DomElement, bodySize: number) =>
  element.querySelector("main, article, h1") !== null || size(element) > 0.5 * bodySize

const containerOf = (heading: DomElement): DomElement => {
  let current = heading
  while (current.parentElement !== null) {
    const parent = current.parentElement
    const tag = parent.localName.toLowerCase()
    if (tag === "body" || tag === "main" || tag === "article") return current
    if (tag === "section" || tag === "aside" || tag === "div" || tag === "ul") return parent
    current = parent
  }
  return current
}

/** Drops navigation, banners, footers, cookie notices and "similar jobs" lists, in place. */
export const removeNoise = (document: HtmlDocument): void => {
  const bodySize = size(document.body)
  each(document.querySelectorAll(noiseSelectors), (element) => {
    if (!holdsPosting(element, bodySize)) element.remove()
  })
  each(document.querySelectorAll("[id],[class]"), (element) => {
    if (isNoise(element) && !holdsPosting(element, bodySize)) element.remove()
  })
  each(document.querySelectorAll("h1,h2,h3,h4,h5,h6,strong"), (heading) => {
    if (!noiseHeading.test((heading.textContent ?? "").trim())) return
    const container = containerOf(heading)
    if (!holdsPosting(container, bodySize)) container.remove()
    else heading.remove()
  })
  // A top-level page <header> holds logo and menu; an article's own <header> (with the job title) stays.
  each(document.querySelectorAll("body > header"), (element) => {
    if (!holdsPosting(element, bodySize)) element.remove()
  })
}

const textLength = (blocks: ReadonlyArray<Block>) => blocks.reduce((n, block) => n + block.text.length, 0)

/** The page's own main element when it marks one that holds text, else the body. */
const mainElement = (document: HtmlDocument): DomElement | null => {
  const main = document.querySelector("main, [role=main]") ?? document.querySelector("article")
  return main !== null && size(main) >= 200 ? main : document.body
}

/** The main content's blocks: Readability's pick when it kept most of the text, else the cleaned main element. */
export const mainContent = (document: HtmlDocument): Array<Block> => {
  removeNoise(document)
  const main = mainElement(document)
  const fallback = main === null ? [] : fromDom(main)
  const article = readable(document)
  const picked = article === null ? [] : fromDom(article)
  // A pick that keeps none of the page's lists has left out the posting's duties and requirements.
  const keepsLists = itemsIn(picked) > 0 || itemsIn(fallback) < 3
  return textLength(picked) >= 0.3 * textLength(fallback) && textLength(picked) >= 100 && keepsLists
    ? picked
    : fallback
}

const itemsIn = (blocks: ReadonlyArray<Block>) => blocks.filter((block) => block.kind === "item").length
