import type { Profile } from "@jobfit/core"

/** One entry of a CV section: a job, a degree, a project. Every string comes from the resume as written. */
export interface CvItem {
  readonly heading: string
  readonly subheading: string | undefined
  readonly dates: string | undefined
  readonly text: string | undefined
  readonly bullets: ReadonlyArray<string>
}

export interface CvSection {
  readonly title: string
  readonly items: ReadonlyArray<CvItem>
}

/** A resume laid out for reading, shared by the Markdown and HTML renderers. */
export interface CvDocument {
  readonly name: string
  readonly label: string | undefined
  readonly contact: ReadonlyArray<{ readonly text: string; readonly href: string | undefined }>
  readonly summary: string | undefined
  readonly sections: ReadonlyArray<CvSection>
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== ""

/** "2019-09 – Present": the resume's own dates; a missing end date of a started entry reads "Present". */
const dates = (start: string | undefined, end: string | undefined): string | undefined => {
  if (!present(start) && !present(end)) return undefined
  if (!present(start)) return end
  return `${start} – ${present(end) ? end : "Present"}`
}

// Links only for plain web and mail addresses; anything else (javascript:, quotes, spaces) stays text.
const SAFE_HREF = /^(?:https?:\/\/[^\s"'<>`]+|mailto:[^\s"'<>`@]+@[^\s"'<>`]+)$/i

const safeHref = (url: string | undefined, prefix = ""): string | undefined =>
  present(url) && SAFE_HREF.test(`${prefix}${url}`) ? `${prefix}${url}` : undefined

const item = (
  heading: string | undefined,
  subheading: string | undefined,
  when: string | undefined,
  text: string | undefined,
  bullets: ReadonlyArray<string> | undefined
): CvItem | undefined =>
  present(heading) || present(subheading)
    ? {
      heading: present(heading) ? heading : (subheading ?? ""),
      subheading: present(heading) && present(subheading) ? subheading : undefined,
      dates: when,
      text: present(text) ? text : undefined,
      bullets: (bullets ?? []).filter(present)
    }
    : undefined

const section = (title: string, items: ReadonlyArray<CvItem | undefined>): ReadonlyArray<CvSection> => {
  const kept = items.filter((i) => i !== undefined)
  return kept.length > 0 ? [{ title, items: kept }] : []
}

export const cvDocument = (resume: Profile.Resume): CvDocument => {
  const basics = resume.basics
  const place = [basics?.location?.city, basics?.location?.region, basics?.location?.countryCode].filter(present)
  const contact = [
    present(basics?.email) ? { text: basics.email, href: safeHref(basics.email, "mailto:") } : undefined,
    present(basics?.phone) ? { text: basics.phone, href: undefined } : undefined,
    present(basics?.url) ? { text: basics.url, href: safeHref(basics.url) } : undefined,
    ...(basics?.profiles ?? []).map((p) =>
      present(p.url)
        ? { text: p.network === undefined ? p.url : `${p.network}: ${p.url}`, href: safeHref(p.url) }
        : undefined
    ),
    place.length > 0 ? { text: place.join(", "), href: undefined } : undefined
  ].filter((c) => c !== undefined)
  const skills = (resume.skills ?? []).map((s) => item(s.name, undefined, undefined, (s.keywords ?? []).join(", "), []))
  return {
    name: present(basics?.name) ? basics.name : "Curriculum Vitae",
    label: present(basics?.label) ? basics.label : undefined,
    contact,
    summary: present(basics?.summary) ? basics.summary : undefined,
    sections: [
      ...section("Skills", skills),
      ...section(
        "Experience",
        (resume.work ?? []).map((w) => item(w.position, w.name, dates(w.startDate, w.endDate), w.summary, w.highlights))
      ),
      ...section(
        "Projects",
        (resume.projects ?? []).map((p) =>
          item(p.name, undefined, dates(p.startDate, p.endDate), p.description, [
            ...(p.highlights ?? []),
            ...((p.keywords ?? []).length > 0 ? [(p.keywords ?? []).join(", ")] : [])
          ])
        )
      ),
      ...section(
        "Education",
        (resume.education ?? []).map((e) =>
          item(
            [e.studyType, e.area].filter(present).join(", "),
            e.institution,
            dates(e.startDate, e.endDate),
            undefined,
            e.courses
          )
        )
      ),
      ...section(
        "Certificates",
        (resume.certificates ?? []).map((c) => item(c.name, c.issuer, c.date, undefined, []))
      ),
      ...section(
        "Languages",
        (resume.languages ?? []).map((l) => item(l.language, l.fluency, undefined, undefined, []))
      )
    ]
  }
}
