import { Schema } from "effect"

export const Salary = Schema.Struct({
  min: Schema.optional(Schema.Number),
  max: Schema.optional(Schema.Number),
  currency: Schema.optional(Schema.String),
  period: Schema.optional(Schema.Literal("hour", "day", "week", "month", "year"))
})
export type Salary = typeof Salary.Type

/** A job posting as extracted from its page, before any analysis. */
export const Posting = Schema.Struct({
  url: Schema.String,
  title: Schema.String,
  company: Schema.String,
  location: Schema.String,
  remote: Schema.optional(Schema.Boolean),
  salary: Schema.optional(Salary),
  employment_type: Schema.optional(Schema.String),
  description: Schema.String,
  sections: Schema.optional(Schema.Struct({
    requirements: Schema.Array(Schema.String),
    nice_to_have: Schema.Array(Schema.String),
    responsibilities: Schema.Array(Schema.String)
  })),
  source: Schema.optional(Schema.String)
})
export type Posting = typeof Posting.Type
