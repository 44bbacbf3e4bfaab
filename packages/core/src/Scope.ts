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

/** The scopes a user may give their own keys (and a dashboard session holds): all but the operator's `admin`. */
export const ofUsers: ReadonlyArray<Exclude<Scope, "admin">> = all.filter((s): s is Exclude<Scope, "admin"> =>
  s !== "admin"
)
