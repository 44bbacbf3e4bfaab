import { Option, ParseResult, Schema, SchemaAST as AST } from "effect"

// JSON Resume allows keys of its own beyond the standard ones; keep them rather than drop or refuse them.
const open = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields, Schema.Record({ key: Schema.String, value: Schema.Unknown }))

/**
 * An optional key holding "" is read as absent: resume templates and tools write `"endDate": ""` for the current
 * job and `"url": ""` for none, and the date and address checks would refuse the empty string. Described to
 * callers (JSON Schema) as the check or "".
 */
const blankAsAbsent = (from: Schema.Schema<string>, to: Schema.Schema<string>) =>
  Schema.optionalToOptional(from, Schema.typeSchema(to), {
    decode: Option.filter((value) => value !== ""),
    encode: (value) => value
  })
// A wrong value is told the check's own message, not the union's "Expected \"\"".
const checkedOrBlank = (check: Schema.Schema<string>) => {
  const message = check.ast.annotations[AST.MessageAnnotationId]
  const either = Schema.Union(Schema.Literal(""), check)
  return blankAsAbsent(
    message === undefined ? either : either.annotations({
      message: (issue) => {
        const own = (message as (issue: ParseResult.ParseIssue) => string | { message: string })(issue)
        return { message: typeof own === "string" ? own : own.message, override: true }
      }
    }),
    check
  )
}

const text = blankAsAbsent(Schema.String, Schema.String)
const texts = Schema.optional(Schema.Array(Schema.String))

/** The strings a profile's checked fields hold: any string when read back, a checked one when written. */
interface Kinds {
  readonly date: Schema.Schema<string>
  readonly email: Schema.Schema<string>
  readonly webAddress: Schema.Schema<string>
  readonly country: Schema.Schema<string>
}

const checks: Kinds = {
  // JSON Resume's own date form.
  date: Schema.String.pipe(Schema.pattern(/^\d{4}(-\d{2}(-\d{2})?)?$/, {
    message: () => "Use YYYY, YYYY-MM or YYYY-MM-DD"
  })),
  email: Schema.String.pipe(Schema.pattern(/^[^\s@]+@[^\s@]+$/, { message: () => "Enter an email address" })),
  // A scheme of http or https, a host, then anything without spaces.
  webAddress: Schema.String.pipe(
    Schema.pattern(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, {
      message: () => "Enter a web address starting with https://"
    })
  ),
  country: Schema.String.pipe(
    Schema.pattern(/^[A-Z]{2}$/, { message: () => "Use a two-letter country code such as DE or US" })
  )
}
const unchecked: Kinds = {
  date: Schema.String,
  email: Schema.String,
  webAddress: Schema.String,
  country: Schema.String
}

const resumeOf = (kinds: Kinds) => {
  const date = checkedOrBlank(kinds.date)
  const Location = open({
    address: text,
    postalCode: text,
    city: text,
    countryCode: checkedOrBlank(kinds.country),
    region: text
  })
  const Basics = open({
    name: text,
    label: text,
    image: text,
    email: checkedOrBlank(kinds.email),
    phone: text,
    url: checkedOrBlank(kinds.webAddress),
    summary: text,
    location: Schema.optional(Location),
    profiles: Schema.optional(Schema.Array(open({ network: text, username: text, url: text })))
  })
  const Work = open({
    name: text,
    position: text,
    url: text,
    location: text,
    startDate: date,
    endDate: date,
    summary: text,
    highlights: texts
  })
  const Education = open({
    institution: text,
    url: text,
    area: text,
    studyType: text,
    startDate: date,
    endDate: date,
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
  return open({
    $schema: text,
    basics: Schema.optional(Basics),
    work: Schema.optional(Schema.Array(Work)),
    education: Schema.optional(Schema.Array(Education)),
    skills: Schema.optional(Schema.Array(Skill)),
    certificates: Schema.optional(Schema.Array(Certificate)),
    languages: Schema.optional(Schema.Array(Language)),
    projects: Schema.optional(Schema.Array(Project))
  })
}

/**
 * A JSON Resume document (jsonresume.org schema) as it is written: dates in JSON Resume's form, an email address,
 * an http(s) web address and a two-letter country code where the standard keys hold them. Unknown keys are kept.
 * The API, the CLI and the dashboard's form all check a resume with this one schema.
 */
export const Resume = resumeOf(checks)
export type Resume = typeof Resume.Type

/** The same document as read back: a profile saved before a check existed is still read and returned. */
export const StoredResume: Schema.Schema<Resume> = resumeOf(unchecked)

export const Seniority = Schema.Literal("intern", "junior", "mid", "senior", "lead", "principal")

/** What the user wants from a job, used for location, remote, salary and seniority fit. */
// Override: a literal's own "Expected ..." would otherwise name only the first choice.
const choice = { message: () => ({ message: "Choose one of the options", override: true }) }
export const Preferences = Schema.Struct({
  locations: Schema.optional(Schema.Array(Schema.String)),
  remote: Schema.optional(Schema.Literal("remote", "hybrid", "onsite", "any").annotations(choice)),
  min_salary: Schema.optional(
    Schema.Int.pipe(Schema.nonNegative()).annotations({ message: () => "Use a whole number, such as 65000" })
  ),
  salary_currency: Schema.optional(
    Schema.String.pipe(
      Schema.pattern(/^[A-Z]{3}$/, { message: () => "Use a three-letter currency code such as EUR or USD" })
    )
  ),
  seniority: Schema.optional(Seniority.annotations(choice)),
  needs_visa_sponsorship: Schema.optional(Schema.Boolean)
})
export type Preferences = typeof Preferences.Type

/** A user's profile: the resume analyses compare against, and preferences; checked as written. */
export const Profile = Schema.Struct({
  resume: Resume,
  preferences: Schema.optionalWith(Preferences, { default: () => ({}) })
})
export type Profile = typeof Profile.Type

/** A profile as a store reads it back and get_profile returns it (see StoredResume). */
export const StoredProfile: Schema.Schema<Profile, Schema.Schema.Encoded<typeof Profile>> = Schema.Struct({
  resume: StoredResume,
  preferences: Schema.optionalWith(Preferences, { default: () => ({}) })
})

const decodeAll = Schema.decodeUnknownEither(Profile, { errors: "all", onExcessProperty: "ignore" })

/**
 * What is wrong with a profile as written, by dotted path (`resume.work.0.startDate`), in words a person reads
 * beside the field; empty when it is fine.
 */
export const problems = (input: unknown): Record<string, string> => {
  const decoded = decodeAll(input)
  if (decoded._tag === "Right") return {}
  // A field's own issue comes first; "expected undefined" follows for it and for each optional parent of it.
  const issues = ParseResult.ArrayFormatter.formatErrorSync(decoded.left).map((issue) => ({
    path: issue.path.join("."),
    message: issue.message
  }))
  const out: Record<string, string> = {}
  for (const { message, path } of issues) {
    if (!issues.some((other) => other.path.startsWith(`${path}.`))) out[path] ??= message
  }
  return out
}
