import type { Posting } from "@jobfit/core"
import { Either, Schema } from "effect"
import { type Block, fromRichText } from "./Blocks.js"
import type { Draft } from "./Draft.js"
import { normaliseEmploymentType } from "./EmploymentType.js"
import { list, loose, many, nonEmpty, Num, Text } from "./Loose.js"
import { isUsState } from "./Place.js"
import { periodOf } from "./SalaryText.js"

const Named = Schema.Struct({ name: loose(Text) })
const NameOrText = Schema.Union(Text, Named)

const PostalAddress = Schema.Struct({
  addressLocality: loose(Text),
  addressRegion: loose(Text),
  addressCountry: loose(NameOrText)
})

const Place = Schema.Struct({ name: loose(Text), address: many(Schema.Union(Text, PostalAddress)) })

const QuantitativeValue = Schema.Struct({
  value: loose(Num),
  minValue: loose(Num),
  maxValue: loose(Num),
  unitText: loose(Text)
})

const MonetaryAmount = Schema.Struct({
  currency: loose(Text),
  value: loose(Schema.Union(Num, QuantitativeValue)),
  minValue: loose(Num),
  maxValue: loose(Num),
  unitText: loose(Text)
})

/** schema.org JobPosting, leniently: any field of an unexpected shape is ignored rather than failing the rest. */
export const JobPostingLd = Schema.Struct({
  title: loose(Text),
  name: loose(Text),
  description: loose(Text),
  hiringOrganization: many(NameOrText),
  jobLocation: many(Schema.Union(Text, Place)),
  jobLocationType: many(Text),
  applicantLocationRequirements: many(NameOrText),
  baseSalary: many(MonetaryAmount),
  estimatedSalary: many(MonetaryAmount),
  employmentType: many(Text),
  responsibilities: many(Text),
  qualifications: many(NameOrText),
  experienceRequirements: many(NameOrText),
  skills: many(NameOrText),
  educationRequirements: many(NameOrText)
})
export type JobPostingLd = typeof JobPostingLd.Type

const textOf = (value: string | undefined) =>
  value === undefined ? undefined : nonEmpty(fromRichText(value).map((b) => b.text).join(" "))

const nameOf = (value: string | typeof Named.Type): string | undefined =>
  textOf(typeof value === "string" ? value : value.name)

const US = /^\s*(?:us|usa|u\.s\.a?\.?|united states(?: of america)?)\s*$/i

const addressText = (address: string | typeof PostalAddress.Type) => {
  if (typeof address === "string") return textOf(address)
  const named = address.addressCountry === undefined ? undefined : nameOf(address.addressCountry)
  // "Austin, TX", as the page shows it and people write it: a US state says the country.
  const country = named !== undefined && US.test(named) && address.addressRegion !== undefined &&
      isUsState(address.addressRegion)
    ? undefined
    : named
  const parts = [address.addressLocality, address.addressRegion, country].map(textOf)
  return nonEmpty([...new Set(parts.filter((part) => part !== undefined))].join(", "))
}

const placeText = (place: string | typeof Place.Type) =>
  typeof place === "string"
    ? textOf(place)
    : nonEmpty(list(place.address).map(addressText).filter((a) => a !== undefined).join("; ")) ?? nonEmpty(place.name)

const joinUnique = (values: ReadonlyArray<string | undefined>) =>
  nonEmpty([...new Set(values.filter((v) => v !== undefined))].join("; "))

const salaryOf = (amounts: ReadonlyArray<typeof MonetaryAmount.Type>): Posting.Salary | undefined => {
  for (const amount of amounts) {
    const value = amount.value
    const quantity = typeof value === "object" ? value : undefined
    const min = quantity?.minValue ?? amount.minValue ?? quantity?.value ??
      (typeof value === "number" ? value : undefined)
    const max = quantity?.maxValue ?? amount.maxValue
    if (min === undefined && max === undefined) continue
    const currency = nonEmpty(amount.currency)?.toUpperCase()
    const period = periodOf(quantity?.unitText ?? amount.unitText)
    return {
      ...(min === undefined ? {} : { min }),
      ...(max === undefined || max === min ? {} : { max }),
      ...(currency === undefined ? {} : { currency }),
      ...(period === undefined ? {} : { period })
    }
  }
  return undefined
}

const lines = (values: ReadonlyArray<string | typeof Named.Type>): Array<string> =>
  values.flatMap((value) => typeof value === "string" ? fromRichText(value).map((b) => b.text) : [value.name ?? ""])
    .filter((line) => line.trim().length > 0)

const textLength = (blocks: ReadonlyArray<Block>) => blocks.reduce((n, block) => n + block.text.length, 0)

/** The JSON-LD description, unless it is a short teaser and the page itself says more. */
const pickDescription = (description: Array<Block>, page: ReadonlyArray<Block>): ReadonlyArray<Block> =>
  textLength(description) >= 200 || textLength(description) >= textLength(page) ? description : page

/** A Draft from a JSON-LD JobPosting node; `page` supplies blocks when the node has no description. */
export const fromJobPostingLd = (
  node: unknown,
  page: { readonly blocks: ReadonlyArray<Block>; readonly company?: string | undefined }
): Either.Either<Draft, string> => {
  const decoded = Schema.decodeUnknownEither(JobPostingLd)(node)
  if (Either.isLeft(decoded)) return Either.left("The JobPosting data could not be read")
  const ld = decoded.right
  const remote = list(ld.jobLocationType).some((type) => /telecommute|remote/i.test(type)) || undefined
  const places = joinUnique(list(ld.jobLocation).map(placeText))
  const applicants = joinUnique(list(ld.applicantLocationRequirements).map(nameOf))
  const location = places ?? (applicants === undefined ? undefined : remote ? `Remote (${applicants})` : applicants)
  const description = ld.description === undefined ? [] : fromRichText(ld.description)
  return Either.right({
    source: "json-ld",
    title: textOf(ld.title ?? ld.name),
    company: list(ld.hiringOrganization).map(nameOf).find((name) => name !== undefined) ?? page.company,
    location,
    remote,
    salary: salaryOf([...list(ld.baseSalary), ...list(ld.estimatedSalary)]),
    employmentType: normaliseEmploymentType(list(ld.employmentType)),
    blocks: pickDescription(description, page.blocks),
    sections: {
      requirements: lines([
        ...list(ld.qualifications),
        ...list(ld.experienceRequirements),
        ...list(ld.skills),
        ...list(ld.educationRequirements)
      ]),
      responsibilities: lines(list(ld.responsibilities))
    }
  })
}
