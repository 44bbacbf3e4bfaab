import type { Profile } from "@jobfit/core"
import { type Html, html } from "./Html.js"

type Resume = Profile.Resume

const when = (start: string | undefined, end: string | undefined) =>
  start === undefined && end === undefined ? "" : `${start ?? ""} – ${end ?? "present"}`

const join = (parts: ReadonlyArray<string | undefined>, separator = " · ") =>
  parts.filter((part): part is string => part !== undefined && part !== "").join(separator)

const section = (title: string, body: Html | ReadonlyArray<Html>): Html =>
  html`<section class="cv-section"><h2>${title}</h2>${body}</section>`

/**
 * A generated CV as a page: built from the tailored JSON Resume with the dashboard's escaping templates, so nothing
 * a CV writer returns is ever run as markup; printing it (Save as PDF) leaves out the dashboard around it.
 */
export const render = (resume: Resume): Html => {
  const basics = resume.basics ?? {}
  const place = join([basics.location?.city, basics.location?.region, basics.location?.countryCode], ", ")
  const contact = join([basics.email, basics.phone, basics.url, place])
  const parts: Array<Html> = [
    html`<header class="cv-head"><p class="cv-name">${basics.name ?? "Your name"}</p>${
      basics.label === undefined ? "" : html`<p class="cv-label">${basics.label}</p>`
    }${contact === "" ? "" : html`<p class="muted">${contact}</p>`}</header>`
  ]
  if (basics.summary !== undefined) parts.push(section("Summary", html`<p>${basics.summary}</p>`))
  if (resume.work !== undefined && resume.work.length > 0) {
    parts.push(section(
      "Experience",
      resume.work.map((w) =>
        html`<article class="cv-entry"><h3>${join([w.position, w.name], " — ")}</h3><p class="muted">${
          when(w.startDate, w.endDate)
        }</p>${w.summary === undefined ? "" : html`<p>${w.summary}</p>`}${
          w.highlights === undefined || w.highlights.length === 0
            ? ""
            : html`<ul>${w.highlights.map((h) => html`<li>${h}</li>`)}</ul>`
        }</article>`
      )
    ))
  }
  if (resume.education !== undefined && resume.education.length > 0) {
    parts.push(section(
      "Education",
      resume.education.map((e) =>
        html`<article class="cv-entry"><h3>${
          join([e.studyType, e.area], ", ") || (e.institution ?? "")
        }</h3><p class="muted">${join([e.institution, when(e.startDate, e.endDate)])}</p></article>`
      )
    ))
  }
  if (resume.skills !== undefined && resume.skills.length > 0) {
    parts.push(section(
      "Skills",
      html`<ul class="skills">${
        resume.skills.map((s) =>
          html`<li>${s.name}${
            s.keywords === undefined || s.keywords.length === 0 ? "" : `: ${s.keywords.join(", ")}`
          }</li>`
        )
      }</ul>`
    ))
  }
  if (resume.projects !== undefined && resume.projects.length > 0) {
    parts.push(section(
      "Projects",
      resume.projects.map((p) =>
        html`<article class="cv-entry"><h3>${p.name}</h3>${
          p.description === undefined ? "" : html`<p>${p.description}</p>`
        }</article>`
      )
    ))
  }
  if (resume.certificates !== undefined && resume.certificates.length > 0) {
    parts.push(section(
      "Certificates",
      html`<ul>${resume.certificates.map((c) => html`<li>${join([c.name, c.issuer, c.date])}</li>`)}</ul>`
    ))
  }
  if (resume.languages !== undefined && resume.languages.length > 0) {
    parts.push(section(
      "Languages",
      html`<ul>${resume.languages.map((l) => html`<li>${join([l.language, l.fluency], ": ")}</li>`)}</ul>`
    ))
  }
  return html`<div class="cv" data-testid="cv">${parts}</div>`
}
