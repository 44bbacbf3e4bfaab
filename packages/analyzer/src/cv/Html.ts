import type { CvDocument } from "./CvDocument.js"

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "\"": "&quot;",
  "'": "&#39;"
}

/** Text or attribute value, escaped: nothing from a profile can open a tag or leave an attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

const STYLE = `
body{font:11pt/1.45 Georgia,"Times New Roman",serif;color:#111;max-width:46rem;margin:2rem auto;padding:0 1.25rem}
h1{font-size:1.9rem;margin:0}h2{font-size:1.05rem;text-transform:uppercase;letter-spacing:.06em;border-bottom:1px solid #999;
margin:1.4rem 0 .5rem;padding-bottom:.15rem}h3{font-size:1rem;margin:.8rem 0 .1rem}.label{font-size:1.1rem;margin:.2rem 0}
.contact{color:#444;margin:.3rem 0 1rem}.contact a{color:inherit}.dates{color:#555;font-style:italic;margin:0}
.sub{font-weight:normal}ul{margin:.3rem 0 .6rem;padding-left:1.2rem}p{margin:.3rem 0}
@media print{body{margin:0;max-width:none;font-size:10pt}h2,h3{break-after:avoid}li,.item{break-inside:avoid}a{text-decoration:none}}
`

/** A self-contained, printable HTML page: inline styles only, no scripts, every profile string escaped. */
export const renderHtml = (cv: CvDocument): string => {
  const e = escapeHtml
  const out: Array<string> = [
    "<!DOCTYPE html>",
    "<html lang=\"en\">",
    "<head>",
    "<meta charset=\"utf-8\">",
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
    `<title>${e(cv.name)} - CV</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    "<header>",
    `<h1>${e(cv.name)}</h1>`
  ]
  if (cv.label !== undefined) out.push(`<p class="label">${e(cv.label)}</p>`)
  if (cv.contact.length > 0) {
    const parts = cv.contact.map((c) => (c.href === undefined ? e(c.text) : `<a href="${e(c.href)}">${e(c.text)}</a>`))
    out.push(`<p class="contact">${parts.join(" · ")}</p>`)
  }
  out.push("</header>")
  if (cv.summary !== undefined) out.push(`<section><p>${e(cv.summary)}</p></section>`)
  for (const section of cv.sections) {
    out.push(`<section><h2>${e(section.title)}</h2>`)
    if (section.title === "Skills") {
      const items = section.items.map((i) =>
        `<li><strong>${e(i.heading)}</strong>${i.text === undefined ? "" : `: ${e(i.text)}`}</li>`
      )
      out.push(`<ul>${items.join("")}</ul></section>`)
      continue
    }
    for (const item of section.items) {
      const sub = item.subheading === undefined ? "" : ` <span class="sub">— ${e(item.subheading)}</span>`
      out.push(`<div class="item"><h3>${e(item.heading)}${sub}</h3>`)
      if (item.dates !== undefined) out.push(`<p class="dates">${e(item.dates)}</p>`)
      if (item.text !== undefined) out.push(`<p>${e(item.text)}</p>`)
      if (item.bullets.length > 0) out.push(`<ul>${item.bullets.map((b) => `<li>${e(b)}</li>`).join("")}</ul>`)
      out.push("</div>")
    }
    out.push("</section>")
  }
  out.push("</body>", "</html>")
  return `${out.join("\n")}\n`
}
