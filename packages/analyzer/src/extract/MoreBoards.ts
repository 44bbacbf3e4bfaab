import { Either, Schema } from "effect"
import { parseHTML } from "linkedom"
import { type Block, fromRichText } from "./Blocks.js"
import type { Draft } from "./Draft.js"
import { normaliseEmploymentType } from "./EmploymentType.js"
import { list, loose, many, nonEmpty, Num, Text } from "./Loose.js"
import { salaryOf } from "./SalaryText.js"
import { titleCase } from "./TextHints.js"

const rich = (html: string | undefined): Array<Block> => html === undefined ? [] : fromRichText(html)
const section = (title: string | undefined, html: string | undefined): Array<Block> => {
  const blocks = rich(html)
  return blocks.length === 0 || title === undefined ? blocks : [{ kind: "heading", text: title }, ...blocks]
}
const remoteOf = (mode: string | undefined): boolean | undefined => {
  const m = mode?.toLowerCase().replace(/[\s_-]/g, "")
  return m === undefined ? undefined : m === "remote" || m === "fullyremote" ? true : m === "onsite" ? false : undefined
}

/** {tenant}.wd{N}.myworkdayjobs.com/wday/cxs/{tenant}/{site}/job/{path}, the job page's own JSON. */
const WorkdayJob = Schema.Struct({
  jobPostingInfo: loose(Schema.Struct({
    title: loose(Text),
    jobDescription: loose(Text),
    location: loose(Text),
    additionalLocations: many(Text),
    timeType: loose(Text),
    remoteType: loose(Text),
    country: loose(Schema.Struct({ descriptor: loose(Text) }))
  })),
  hiringOrganization: loose(Schema.Struct({ name: loose(Text) }))
})

export const workday = (json: unknown, tenant: string): Either.Either<Draft, string> => {
  const decoded = Schema.decodeUnknownEither(WorkdayJob)(json)
  const job = Either.isRight(decoded) ? decoded.right.jobPostingInfo : undefined
  if (job?.title === undefined) return Either.left("The Workday answer is not a job posting")
  const others = list(job.additionalLocations)
  const blocks = rich(job.jobDescription)
  return Either.right({
    source: "workday",
    title: job.title,
    company: nonEmpty(Either.isRight(decoded) ? decoded.right.hiringOrganization?.name : undefined) ??
      titleCase(tenant),
    location: nonEmpty(job.location),
    remote: remoteOf(job.remoteType),
    employmentType: normaliseEmploymentType(list(job.timeType)),
    blocks: others.length === 0 ? blocks : [...blocks, { kind: "text", text: `Other locations: ${others.join("; ")}` }]
  })
}

const SrSection = loose(Schema.Struct({ title: loose(Text), text: loose(Text) }))

/** api.smartrecruiters.com/v1/companies/{company}/postings/{id}. */
const SmartRecruitersPosting = Schema.Struct({
  name: loose(Text),
  company: loose(Schema.Struct({ name: loose(Text) })),
  location: loose(Schema.Struct({
    city: loose(Text),
    region: loose(Text),
    country: loose(Text),
    remote: loose(Schema.Boolean),
    fullLocation: loose(Text)
  })),
  typeOfEmployment: loose(Schema.Struct({ label: loose(Text) })),
  jobAd: loose(Schema.Struct({
    sections: loose(Schema.Struct({
      companyDescription: SrSection,
      jobDescription: SrSection,
      qualifications: SrSection,
      additionalInformation: SrSection
    }))
  }))
})

export const smartRecruiters = (json: unknown, company: string): Either.Either<Draft, string> => {
  const decoded = Schema.decodeUnknownEither(SmartRecruitersPosting)(json)
  if (Either.isLeft(decoded) || decoded.right.name === undefined) {
    return Either.left("The SmartRecruiters answer is not a job posting")
  }
  const job = decoded.right
  const place = job.location
  const location = nonEmpty(place?.fullLocation) ??
    nonEmpty([place?.city, place?.region, place?.country?.toUpperCase()].filter((p) => p !== undefined).join(", "))
  const sections = job.jobAd?.sections
  return Either.right({
    source: "smartrecruiters",
    title: job.name,
    company: nonEmpty(job.company?.name) ?? titleCase(company),
    location,
    remote: place?.remote,
    employmentType: normaliseEmploymentType(list(job.typeOfEmployment?.label)),
    blocks: [
      ...section(sections?.companyDescription?.title, sections?.companyDescription?.text),
      ...section(sections?.jobDescription?.title, sections?.jobDescription?.text),
      ...section(sections?.qualifications?.title, sections?.qualifications?.text),
      ...section(sections?.additionalInformation?.title, sections?.additionalInformation?.text)
    ]
  })
}

/** apply.workable.com/api/v2/accounts/{account}/jobs/{shortcode}: one job with its description fields. */
const WorkableJob = Schema.Struct({
  title: loose(Text),
  remote: loose(Schema.Boolean),
  workplace: loose(Text),
  type: loose(Text),
  location: loose(Schema.Struct({ city: loose(Text), region: loose(Text), country: loose(Text) })),
  description: loose(Text),
  requirements: loose(Text),
  benefits: loose(Text)
})

export const workable = (json: unknown, account: string): Either.Either<Draft, string> => {
  const decoded = Schema.decodeUnknownEither(WorkableJob)(json)
  if (Either.isLeft(decoded) || decoded.right.title === undefined) {
    return Either.left("The Workable answer is not a job posting")
  }
  const job = decoded.right
  const place = job.location
  return Either.right({
    source: "workable",
    title: job.title,
    company: titleCase(account),
    location: nonEmpty([place?.city, place?.region, place?.country].filter((p) => p !== undefined).join(", ")),
    remote: job.remote === true ? true : remoteOf(job.workplace),
    employmentType: normaliseEmploymentType(list(job.type)),
    blocks: [
      ...rich(job.description),
      ...section("Requirements", job.requirements),
      ...section("Benefits", job.benefits)
    ]
  })
}

/** {company}.recruitee.com/api/offers/{slug}: `{offer: …}`. */
const RecruiteeOffer = Schema.Struct({
  offer: loose(Schema.Struct({
    title: loose(Text),
    company_name: loose(Text),
    location: loose(Text),
    city: loose(Text),
    country: loose(Text),
    remote: loose(Schema.Boolean),
    employment_type_code: loose(Text),
    description: loose(Text),
    requirements: loose(Text),
    salary: loose(Schema.Struct({ min: loose(Num), max: loose(Num), currency: loose(Text), period: loose(Text) }))
  }))
})

export const recruitee = (json: unknown, company: string): Either.Either<Draft, string> => {
  const decoded = Schema.decodeUnknownEither(RecruiteeOffer)(json)
  const offer = Either.isRight(decoded) ? decoded.right.offer : undefined
  if (offer?.title === undefined) return Either.left("The Recruitee answer is not a job posting")
  return Either.right({
    source: "recruitee",
    title: offer.title,
    company: nonEmpty(offer.company_name) ?? titleCase(company),
    location: nonEmpty(offer.location) ??
      nonEmpty([offer.city, offer.country].filter((p) => p !== undefined).join(", ")),
    remote: offer.remote,
    salary: salaryOf(offer.salary),
    employmentType: normaliseEmploymentType(list(offer.employment_type_code)),
    blocks: [...rich(offer.description), ...section("Requirements", offer.requirements)]
  })
}

interface XmlElement {
  readonly textContent: string | null
  querySelector(selectors: string): XmlElement | null
  querySelectorAll(selectors: string): ArrayLike<XmlElement>
}

/** {company}.jobs.personio.de/xml: every open position; the one whose `<id>` is the posting's. */
export const personio = (xml: string, company: string, id: string): Either.Either<Draft, string> => {
  let positions: ArrayLike<XmlElement>
  try {
    const { DOMParser } = parseHTML("<html></html>")
    const document = new DOMParser().parseFromString(xml, "text/xml") as unknown as XmlElement
    positions = document.querySelectorAll("position")
  } catch {
    return Either.left("The Personio answer is not a job feed")
  }
  const text = (element: XmlElement | null) => nonEmpty(element?.textContent?.trim() ?? undefined)
  for (let i = 0; i < positions.length; i++) {
    const position = positions[i]!
    if (text(position.querySelector("id")) !== id) continue
    const title = text(position.querySelector("name"))
    if (title === undefined) break
    const descriptions = position.querySelectorAll("jobDescriptions > jobDescription")
    const blocks: Array<Block> = []
    for (let k = 0; k < descriptions.length; k++) {
      const description = descriptions[k]!
      blocks.push(...section(text(description.querySelector("name")), text(description.querySelector("value"))))
    }
    const schedule = [text(position.querySelector("schedule")), text(position.querySelector("employmentType"))]
    return Either.right({
      source: "personio",
      title,
      company: text(position.querySelector("subcompany")) ?? titleCase(company),
      location: text(position.querySelector("office")),
      employmentType: normaliseEmploymentType(schedule.filter((s) => s !== undefined)),
      blocks
    })
  }
  return Either.left("The posting is no longer in the Personio job feed")
}
