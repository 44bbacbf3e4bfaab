/** Markup that is safe to insert as it is: built by `html` or marked by `raw`. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
}

/** What a template may interpolate: text is escaped, markup is kept, lists are joined, nothing shows nothing. */
export type Part = Html | string | number | boolean | null | undefined | ReadonlyArray<Part>

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }

export const escape = (text: string): string => text.replace(/[&<>"']/g, (ch) => entities[ch]!)

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false || part === true) return ""
  if (part instanceof Html) return part.text
  if (typeof part === "string") return escape(part)
  if (typeof part === "number") return String(part)
  return part.map(render).join("")
}

/** An HTML template: every interpolated value is escaped unless it is Html already. */
export const html = (strings: TemplateStringsArray, ...parts: ReadonlyArray<Part>): Html =>
  new Html(strings.reduce((out, chunk, i) => out + chunk + (i < parts.length ? render(parts[i]!) : ""), ""))

/** Marks trusted markup (the stylesheet, the copy script) as safe. */
export const raw = (text: string): Html => new Html(text)

/** Joins parts with nothing between them. */
export const join = (parts: ReadonlyArray<Part>): Html => new Html(render(parts))
