import { Schema } from "effect"

/** What an API key may do; each tool names the one scope it needs. */
export const Scope = Schema.Literal(
  "jobs_read",
  "jobs_write",
  "jobs_analyze",
  "cv_generate",
  "credits_read",
  "profile_read",
  "profile_write",
  "admin"
)
export type Scope = typeof Scope.Type

export const all: ReadonlyArray<Scope> = Scope.literals

export const isScope = Schema.is(Scope)
