import { Either, Schema } from "effect"
import { fromRichText } from "./Blocks.js"
import type { Draft } from "./Draft.js"
import { normaliseEmploymentType } from "./EmploymentType.js"
import { list, loose, many, nonEmpty, Num, Text } from "./Loose.js"
import { periodOf } from "./SalaryText.js"
import { titleCase } from "./TextHints.js"

const Named = Schema.Struct({ name: loose(Text) })

/** boards-api.greenhouse.io/v1/boards/{board}/jobs/{id}?pay_transparency=true, leniently. */
export const GreenhouseJob = Schema.Struct({
  title: loose(Text),
  content: loose(Text),
  company_name: loose(Text),
  location: loose(Named),
  offices: many(Schema.Struct({ name: loose(Text), location: loose(Text) })),
  metadata: many(Schema.Struct({ name: loose(Text), value: loose(Schema.Union(Text, Schema.Array(Text))) })),
  pay_input_ranges: many(Schema.Struct({
    min_cents: loose(Num),
    max_cents: loose(Num),
    currency_type: loose(Text),
    title: loose(Text)
  }))
})

const metadataValue = (job: typeof GreenhouseJob.Type, name: RegExp): Array<string> =>
  list(job.metadata).flatMap((entry) =>
    entry.name !== undefined && name.test(entry.name) && entry.value !== undefined
      ? (typeof entry.value === "string" ? [entry.value] : [...entry.value])
      : []
  )

export const toDraft = (json: unknown, board: string): Either.Either<Draft, string> => {
  const decoded = Schema.decodeUnknownEither(GreenhouseJob)(json)
  if (Either.isLeft(decoded) || decoded.right.title === undefined) {
    return Either.left("The Greenhouse answer is not a job posting")
  }
  const job = decoded.right
  const location = nonEmpty(job.location?.name) ?? nonEmpty(list(job.offices).map((o) => o.name).join("; "))
  const pay = list(job.pay_input_ranges)[0]
  const min = pay?.min_cents === undefined ? undefined : pay.min_cents / 100
  const max = pay?.max_cents === undefined ? undefined : pay.max_cents / 100
  const currency = nonEmpty(pay?.currency_type)
  const period = periodOf(pay?.title) ?? (pay === undefined ? undefined : "year")
  return Either.right({
    source: "greenhouse",
    title: job.title,
    company: nonEmpty(job.company_name) ?? titleCase(board),
    location,
    remote: location !== undefined && /\bremote\b/i.test(location) ? true : undefined,
    salary: min === undefined && max === undefined ? undefined : {
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
      ...(currency === undefined ? {} : { currency }),
      ...(period === undefined ? {} : { period })
    },
    employmentType: normaliseEmploymentType(metadataValue(job, /employment|job type|commitment|contract type/i)),
    blocks: job.content === undefined ? [] : fromRichText(job.content)
  })
}
