import { Either, Schema } from "effect"
import { fromPlainText, fromRichText } from "./Blocks.js"
import type { Draft } from "./Draft.js"
import { normaliseEmploymentType } from "./EmploymentType.js"
import { list, loose, many, nonEmpty, Num, Text } from "./Loose.js"
import { periodOf } from "./SalaryText.js"
import { titleCase } from "./TextHints.js"

const Component = Schema.Struct({
  compensationType: loose(Text),
  interval: loose(Text),
  currencyCode: loose(Text),
  minValue: loose(Num),
  maxValue: loose(Num)
})

const AshbyJob = Schema.Struct({
  id: loose(Text),
  title: loose(Text),
  location: loose(Text),
  secondaryLocations: many(Schema.Struct({ location: loose(Text) })),
  isRemote: loose(Schema.Boolean),
  workplaceType: loose(Text),
  employmentType: loose(Text),
  descriptionHtml: loose(Text),
  descriptionPlain: loose(Text),
  compensation: loose(Schema.Struct({
    summaryComponents: many(Component),
    compensationTiers: many(Schema.Struct({ components: many(Component) }))
  }))
})

/** api.ashbyhq.com/posting-api/job-board/{org}?includeCompensation=true, leniently. */
export const AshbyBoard = Schema.Struct({ jobs: many(AshbyJob) })

const salaryOf = (job: typeof AshbyJob.Type) => {
  const components = [
    ...list(job.compensation?.summaryComponents),
    ...list(job.compensation?.compensationTiers).flatMap((tier) => list(tier.components))
  ]
  const pay = components.find((c) => /salary/i.test(c.compensationType ?? "")) ?? undefined
  if (pay === undefined || (pay.minValue === undefined && pay.maxValue === undefined)) return undefined
  const currency = nonEmpty(pay.currencyCode)
  const period = periodOf(pay.interval)
  return {
    ...(pay.minValue === undefined ? {} : { min: pay.minValue }),
    ...(pay.maxValue === undefined ? {} : { max: pay.maxValue }),
    ...(currency === undefined ? {} : { currency }),
    ...(period === undefined ? {} : { period })
  }
}

export const toDraft = (json: unknown, organisation: string, jobId: string): Either.Either<Draft, string> => {
  const decoded = Schema.decodeUnknownEither(AshbyBoard)(json)
  if (Either.isLeft(decoded)) return Either.left("The Ashby answer is not a job board")
  const job = list(decoded.right.jobs).find((j) => j.id?.toLowerCase() === jobId.toLowerCase())
  if (job === undefined || job.title === undefined) {
    return Either.left("The posting is no longer on the Ashby job board")
  }
  const workplace = job.workplaceType?.toLowerCase()
  // The header shows the primary location; the others are said in the text, where a reader looks for them.
  const others = [...new Set(list(job.secondaryLocations).map((l) => l.location))].filter((l) =>
    l !== undefined && l !== job.location
  )
  const description = job.descriptionHtml !== undefined
    ? fromRichText(job.descriptionHtml)
    : job.descriptionPlain !== undefined
    ? fromPlainText(job.descriptionPlain)
    : []
  return Either.right({
    source: "ashby",
    title: job.title,
    company: titleCase(organisation),
    location: nonEmpty(job.location) ?? nonEmpty(others[0]),
    remote: job.isRemote ?? (workplace === "remote" ? true : workplace === "onsite" ? false : undefined),
    salary: salaryOf(job),
    employmentType: normaliseEmploymentType(list(job.employmentType)),
    blocks: others.length === 0
      ? description
      : [...description, { kind: "text", text: `Other locations: ${others.join("; ")}` }]
  })
}
