import { type DomElement, type DomNode, isElement, isText, parseHtml } from "./Dom.js"

/** A line of posting text: a heading, a list item, or a paragraph. */
export interface Block {
  readonly kind: "heading" | "item" | "text"
  readonly text: string
}

const skipped = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "iframe",
  "head",
  "button",
  "select",
  "input",
  "textarea",
  "form",
  "img",
  "picture",
  "video",
  "audio",
  "canvas",
  "object",
  "embed",
  "map"
])

const blockTags = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "center",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "header",
  "hr",
  "html",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "ul"
])

const headingTags = new Set(["h1", "h2", "h3", "h4", "h5", "h6"])
const boldTags = new Set(["strong", "b"])

const MAX_HEADING = 80

interface Walk {
  readonly blocks: Array<Block>
  text: string
  boldChars: number
}

const flush = (walk: Walk, kind: Block["kind"]) => {
  const text = walk.text.replace(/\s+/g, " ").trim()
  const plainChars = walk.text.replace(/\s+/g, "").length
  if (text.length > 0) {
    const allBold = walk.boldChars >= plainChars && text.length <= MAX_HEADING
    walk.blocks.push({ kind: kind === "text" && allBold ? "heading" : kind, text })
  }
  walk.text = ""
  walk.boldChars = 0
}

const visit = (walk: Walk, node: DomNode, kind: Block["kind"], bold: boolean): void => {
  if (isText(node)) {
    const text = node.textContent ?? ""
    walk.text += text
    if (bold) walk.boldChars += text.replace(/\s+/g, "").length
    return
  }
  if (!isElement(node)) return
  const tag = node.localName.toLowerCase()
  if (skipped.has(tag) || node.getAttribute("hidden") !== null || node.getAttribute("aria-hidden") === "true") return
  if (tag === "br") return flush(walk, kind)
  if (tag === "td" || tag === "th") walk.text += " "
  const inner: Block["kind"] = tag === "li" ? "item" : headingTags.has(tag) ? "heading" : kind
  const isBlock = inner !== kind || tag === "li" || headingTags.has(tag) || blockTags.has(tag)
  if (isBlock) flush(walk, kind)
  if (tag === "pre") {
    for (const line of (node.textContent ?? "").split("\n")) {
      walk.text = line
      flush(walk, inner)
    }
    return
  }
  const children = node.childNodes
  for (let i = 0; i < children.length; i++) {
    const child = children[i]
    if (child !== undefined) visit(walk, child, inner, bold || boldTags.has(tag))
  }
  if (isBlock) flush(walk, inner)
}

/** The blocks of a DOM subtree: headings (h1-h6, or a short paragraph all in bold), list items, paragraphs. */
export const fromDom = (root: DomNode): Array<Block> => {
  const walk: Walk = { blocks: [], text: "", boldChars: 0 }
  visit(walk, root, "text", false)
  flush(walk, "text")
  return walk.blocks
}

const bullet = /^(?:[-*•·–—▪◦●○■□✓✔➤►→]|\d{1,2}[.)])\s+(.*)$/u
const markdownHeading = /^(?:#{1,6}\s+(.+?)|\*\*(.+?)\*\*:?)$/

/** The blocks of plain text: a bullet line is an item, a short line ending in a colon or a Markdown heading a heading. */
export const fromPlainText = (text: string): Array<Block> =>
  text.split(/\r?\n/).flatMap((raw): Array<Block> => {
    const line = raw.replace(/\s+/g, " ").trim()
    if (line.length === 0) return []
    const item = bullet.exec(line)
    if (item) return item[1]!.length > 0 ? [{ kind: "item", text: item[1]! }] : []
    const heading = markdownHeading.exec(line)
    if (heading) return [{ kind: "heading", text: heading[1] ?? heading[2] ?? line }]
    if (line.endsWith(":") && line.length <= MAX_HEADING) return [{ kind: "heading", text: line }]
    return [{ kind: "text", text: line }]
  })

const tag = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i
const entity = /&(?:[a-z]+\d*|#\d+|#x[\da-f]+);/i

const fragment = (html: string): DomElement | null => parseHtml(`<!doctype html><html><body>${html}</body></html>`).body

/** Text that may be HTML, HTML escaped once or twice (as JSON-LD descriptions often are), or plain text. */
export const fromRichText = (text: string): Array<Block> => {
  let current = text
  for (let pass = 0; pass < 2 && !tag.test(current) && entity.test(current); pass++) {
    current = fragment(current)?.textContent ?? current
  }
  if (!tag.test(current)) return fromPlainText(current)
  const body = fragment(current)
  return body === null ? fromPlainText(current) : fromDom(body)
}

/** Text for people: headings on their own line after a blank one, items as "- " lines. */
export const render = (blocks: ReadonlyArray<Block>): string =>
  blocks
    .map((block, i) =>
      block.kind === "heading"
        ? `${i === 0 ? "" : "\n"}${block.text}`
        : block.kind === "item"
        ? `- ${block.text}`
        : block.text
    )
    .join("\n")
