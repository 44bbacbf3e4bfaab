import { Profile } from "@jobfit/core"
import { Option } from "effect"
import type { Form } from "./Form.js"

/** Problems by field name, shown next to the field. */
export type FieldErrors = Record<string, string>

type Resume = Profile.Resume
type Preferences = Profile.Preferences
type Entry = Record<string, unknown>

export const workFields = ["name", "position", "startDate", "endDate", "summary"] as const
export const educationFields = ["institution", "area", "studyType", "startDate", "endDate"] as const
export const remoteChoices = ["any", "remote", "hybrid", "onsite"] as const
export const seniorities = ["intern", "junior", "mid", "senior", "lead", "principal"] as const

/** The form's name for a profile path: `resume.basics.location.countryCode` is `basics.countryCode`. */
const fieldOf = (path: string) => path.replace(/^resume\./, "").replace(/^basics\.location\./, "basics.")

const lines = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "")

/** Sets a key to the value, or removes it when the value is empty: a cleared field leaves nothing behind. */
const put = (target: Entry, key: string, value: string | ReadonlyArray<unknown> | number | boolean | undefined) => {
  if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) delete target[key]
  else target[key] = value
}

/** `TypeScript` or `Backend: Node.js, PostgreSQL` (a skill and its keywords), one a line. */
export const skillsText = (resume: Resume): string =>
  (resume.skills ?? []).map((s) => (s.keywords?.length ? `${s.name}: ${s.keywords.join(", ")}` : s.name)).join("\n")

const parseSkills = (text: string, existing: Resume["skills"]) =>
  lines(text).map((line) => {
    const colon = line.indexOf(":")
    const name = (colon === -1 ? line : line.slice(0, colon)).trim()
    const keywords = colon === -1 ? [] : line.slice(colon + 1).split(",").map((k) => k.trim()).filter(Boolean)
    // Fields the form does not show (such as level) stay as they were.
    const before = existing?.find((s) => s.name.toLowerCase() === name.toLowerCase())
    const skill: Entry = { ...before, name }
    put(skill, "keywords", keywords)
    return skill
  })

const indices = (form: Form, prefix: string): ReadonlyArray<number> => {
  const count = Number(form.get(`${prefix}_count`) ?? "0")
  return Array.from({ length: Number.isSafeInteger(count) && count >= 0 && count <= 100 ? count : 0 }, (_, i) => i)
}

/**
 * The resume and preferences the form describes, merged over the stored profile so that what the form does not
 * show (projects, certificates, a skill's level, keys of one's own) is kept; or the problems, by field.
 */
export const read = (
  form: Form,
  stored: Option.Option<Profile.Profile>
): { readonly _tag: "Ok"; readonly profile: { resume: Entry; preferences: Entry } } | {
  readonly _tag: "Invalid"
  readonly errors: FieldErrors
} => {
  const errors: FieldErrors = {}
  const get = (name: string) => (form.get(name) ?? "").trim()
  const before = Option.match(stored, { onNone: (): Resume => ({}), onSome: (p) => p.resume })

  const basics: Entry = { ...before.basics }
  for (const key of ["name", "label", "email", "phone", "url", "summary"] as const) {
    put(basics, key, get(`basics.${key}`))
  }
  const location: Entry = { ...before.basics?.location }
  put(location, "city", get("basics.city"))
  put(location, "countryCode", get("basics.countryCode").toUpperCase())
  if (Object.keys(location).length > 0) basics.location = location
  else delete basics.location

  const entries = (
    prefix: "work" | "education",
    fields: ReadonlyArray<string>,
    required: string,
    requiredMessage: string
  ) =>
    indices(form, prefix).flatMap((i) => {
      const values = Object.fromEntries(fields.map((f) => [f, get(`${prefix}.${i}.${f}`)]))
      const highlights = prefix === "work" ? lines(form.get(`${prefix}.${i}.highlights`) ?? "") : []
      if (Object.values(values).every((v) => v === "") && highlights.length === 0) return []
      const entry: Entry = { ...(before[prefix]?.[i] ?? {}) }
      for (const f of fields) put(entry, f, values[f])
      if (prefix === "work") put(entry, "highlights", highlights)
      if (values[required] === "" && (prefix !== "work" || values["position"] === "")) {
        errors[`${prefix}.${i}.${required}`] = requiredMessage
      }
      return [entry]
    })

  const resume: Entry = { ...before }
  if (Object.keys(basics).length > 0) resume.basics = basics
  else delete resume.basics
  put(resume, "skills", parseSkills(form.get("skills") ?? "", before.skills))
  put(resume, "work", entries("work", workFields, "name", "Give the employer or the position"))
  put(resume, "education", entries("education", educationFields, "institution", "Give the school or university"))

  const preferences: Entry = {}
  put(preferences, "locations", get("preferences.locations").split(",").map((l) => l.trim()).filter(Boolean))
  put(preferences, "remote", get("preferences.remote"))
  const salary = get("preferences.min_salary").replace(/[\s,_]/g, "")
  if (salary !== "") {
    if (/^\d{1,12}$/.test(salary)) preferences.min_salary = Number(salary)
    else errors["preferences.min_salary"] = "Use a whole number, such as 65000"
  }
  put(preferences, "salary_currency", get("preferences.salary_currency").toUpperCase())
  put(preferences, "seniority", get("preferences.seniority"))
  if (form.get("preferences.needs_visa_sponsorship") === "yes") preferences.needs_visa_sponsorship = true

  // The rest is the profile's own schema, as the API checks it; its paths become the form's field names.
  const profile = { resume, preferences }
  for (const [at, message] of Object.entries(Profile.problems(profile))) {
    errors[fieldOf(at)] ??= message
  }
  return Object.keys(errors).length > 0 ? { _tag: "Invalid", errors } : { _tag: "Ok", profile }
}

/** The form's values for a stored profile, by field name (what the page shows before any edit). */
export const values = (profile: Option.Option<Profile.Profile>): Record<string, string> => {
  const resume: Resume = Option.match(profile, { onNone: () => ({}), onSome: (p) => p.resume })
  const preferences: Preferences = Option.match(profile, { onNone: () => ({}), onSome: (p) => p.preferences })
  const out: Record<string, string> = {}
  const basics = resume.basics ?? {}
  for (const key of ["name", "label", "email", "phone", "url", "summary"] as const) {
    out[`basics.${key}`] = basics[key] ?? ""
  }
  out["basics.city"] = basics.location?.city ?? ""
  out["basics.countryCode"] = basics.location?.countryCode ?? ""
  out["skills"] = skillsText(resume)
  ;(resume.work ?? []).forEach((w, i) => {
    for (const f of workFields) out[`work.${i}.${f}`] = w[f] ?? ""
    out[`work.${i}.highlights`] = (w.highlights ?? []).join("\n")
  })
  ;(resume.education ?? []).forEach((e, i) => {
    for (const f of educationFields) out[`education.${i}.${f}`] = e[f] ?? ""
  })
  out["preferences.locations"] = (preferences.locations ?? []).join(", ")
  out["preferences.remote"] = preferences.remote ?? ""
  out["preferences.min_salary"] = preferences.min_salary === undefined ? "" : String(preferences.min_salary)
  out["preferences.salary_currency"] = preferences.salary_currency ?? ""
  out["preferences.seniority"] = preferences.seniority ?? ""
  out["preferences.needs_visa_sponsorship"] = preferences.needs_visa_sponsorship ? "yes" : ""
  return out
}

/** What a submitted form said, by field name, to show it again beside its problems. */
export const echo = (form: Form, names: ReadonlyArray<string>): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, form.get(name) ?? ""]))
