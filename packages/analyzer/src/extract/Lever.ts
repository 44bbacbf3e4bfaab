import { Either, Schema } from "effect"
import { type Block, fromPlainText, fromRichText } from "./Blocks.js"
import type { Draft } from "./Draft.js"
import { normaliseEmploymentType } from "./EmploymentType.js"
import { list, loose, many, nonEmpty, Num, Text } from "./Loose.js"
import { salaryOf } from "./SalaryText.js"
import { titleCase } from "./TextHints.js"

/** api.lever.co/v0/postings/{company}/{id}, leniently. */
export const LeverPosting = Schema.Struct({
  text: loose(Text),
  categories: loose(Schema.Struct({
    commitment: loose(Text),
    location: loose(Text),
    allLocations: many(Text)
  })),
  workplaceType: loose(Text),
  description: loose(Text),
  descriptionPlain: loose(Text),
  lists: many(Schema.Struct({ text: loose(Text), content: loose(Text) })),
  additional: loose(Text),
  additionalPlain: loose(Text),
  salaryRange: loose(Schema.Struct({ currency: loose(Text), interval: loose(Text), min: loose(Num), max: loose(Num) }))
})

const rich = (html: string | undefined, plain: string | undefined): Array<Block> =>
  html !== undefined ? fromRichText(html) : plain !== undefined ? fromPlainText(plain) : []

export const toDraft = (json: unknown, company: string): Either.Either<Draft, string> => {
  const decoded = Schema.decodeUnknownEither(LeverPosting)(json)
  if (Either.isLeft(decoded) || decoded.right.text === undefined) {
    return Either.left("The Lever answer is not a job posting")
  }
  const job = decoded.right
  const workplace = job.workplaceType?.toLowerCase()
  const locations = list(job.categories?.allLocations)
  const location = nonEmpty(job.categories?.location) ?? nonEmpty(locations.join("; "))
  const blocks: Array<Block> = [
    ...rich(job.description, job.descriptionPlain),
    ...list(job.lists).flatMap((section): Array<Block> => [
      ...(section.text === undefined ? [] : [{ kind: "heading" as const, text: section.text }]),
      ...rich(section.content, undefined).map((block) =>
        block.kind === "text" ? { ...block, kind: "item" as const } : block
      )
    ]),
    ...rich(job.additional, job.additionalPlain)
  ]
  const pay = job.salaryRange
  return Either.right({
    source: "lever",
    title: job.text,
    company: titleCase(company),
    location,
    remote: workplace === "remote" ? true : workplace === "on-site" || workplace === "onsite" ? false : undefined,
    salary: salaryOf(pay === undefined ? undefined : { ...pay, period: pay.interval }),
    employmentType: normaliseEmploymentType(list(job.categories?.commitment)),
    blocks
  })
}
