import { Schema } from "effect"

// JSON Resume allows keys of its own beyond the standard ones; keep them rather than drop or refuse them.
const open = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields, Schema.Record({ key: Schema.String, value: Schema.Unknown }))

const text = Schema.optional(Schema.String)
const texts = Schema.optional(Schema.Array(Schema.String))

const Location = open({ address: text, postalCode: text, city: text, countryCode: text, region: text })

const Basics = open({
  name: text,
  label: text,
  image: text,
  email: text,
  phone: text,
  url: text,
  summary: text,
  location: Schema.optional(Location),
  profiles: Schema.optional(Schema.Array(open({ network: text, username: text, url: text })))
})

const Work = open({
  name: text,
  position: text,
  url: text,
  location: text,
  startDate: text,
  endDate: text,
  summary: text,
  highlights: texts
})

const Education = open({
  institution: text,
  url: text,
  area: text,
  studyType: text,
  startDate: text,
  endDate: text,
  score: text,
  courses: texts
})

const Skill = open({ name: Schema.String, level: text, keywords: texts })
const Certificate = open({ name: Schema.String, date: text, issuer: text, url: text })
const Language = open({ language: Schema.String, fluency: text })
const Project = open({
  name: Schema.String,
  description: text,
  highlights: texts,
  keywords: texts,
  startDate: text,
  endDate: text,
  url: text
})

/** A JSON Resume document (jsonresume.org schema); unknown keys are kept as they are. */
export const Resume = open({
  $schema: text,
  basics: Schema.optional(Basics),
  work: Schema.optional(Schema.Array(Work)),
  education: Schema.optional(Schema.Array(Education)),
  skills: Schema.optional(Schema.Array(Skill)),
  certificates: Schema.optional(Schema.Array(Certificate)),
  languages: Schema.optional(Schema.Array(Language)),
  projects: Schema.optional(Schema.Array(Project))
})
export type Resume = typeof Resume.Type

export const Seniority = Schema.Literal("intern", "junior", "mid", "senior", "lead", "principal")

/** What the user wants from a job, used for location, remote, salary and seniority fit. */
export const Preferences = Schema.Struct({
  locations: Schema.optional(Schema.Array(Schema.String)),
  remote: Schema.optional(Schema.Literal("remote", "hybrid", "onsite", "any")),
  min_salary: Schema.optional(Schema.Int.pipe(Schema.nonNegative())),
  salary_currency: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/))),
  seniority: Schema.optional(Seniority),
  needs_visa_sponsorship: Schema.optional(Schema.Boolean)
})
export type Preferences = typeof Preferences.Type

/** A user's profile: the resume analyses compare against, and preferences. */
export const Profile = Schema.Struct({
  resume: Resume,
  preferences: Schema.optionalWith(Preferences, { default: () => ({}) })
})
export type Profile = typeof Profile.Type
