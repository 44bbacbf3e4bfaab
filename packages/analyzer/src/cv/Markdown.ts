import type { CvDocument } from "./CvDocument.js"

/**
 * Profile text as literal Markdown: characters that could start emphasis, links, code, tables or raw HTML are
 * backslash-escaped (CommonMark), so a renderer shows "<script>" as text rather than running it.
 */
export const escapeMarkdown = (text: string): string =>
  text.replace(/\s+/g, " ").trim().replace(/[\\`*_[\]<>#|~]/g, "\\$&").replace(/^([-+=]|\d+\.)/, "\\$1")

export const renderMarkdown = (cv: CvDocument): string => {
  const md = escapeMarkdown
  const lines: Array<string> = [`# ${md(cv.name)}`, ""]
  if (cv.label !== undefined) lines.push(`**${md(cv.label)}**`, "")
  if (cv.contact.length > 0) lines.push(cv.contact.map((c) => md(c.text)).join(" · "), "")
  if (cv.summary !== undefined) lines.push(md(cv.summary), "")
  for (const section of cv.sections) {
    lines.push(`## ${md(section.title)}`, "")
    for (const item of section.items) {
      if (section.title === "Skills") {
        lines.push(`- **${md(item.heading)}**${item.text === undefined ? "" : `: ${md(item.text)}`}`)
        continue
      }
      const sub = item.subheading === undefined ? "" : ` — ${md(item.subheading)}`
      lines.push(`### ${md(item.heading)}${sub}`)
      if (item.dates !== undefined) lines.push(`*${md(item.dates)}*`)
      if (item.text !== undefined) lines.push("", md(item.text))
      if (item.bullets.length > 0) lines.push("", ...item.bullets.map((b) => `- ${md(b)}`))
      lines.push("")
    }
    if (section.title === "Skills") lines.push("")
  }
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trim()}\n`
}
