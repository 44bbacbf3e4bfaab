import type { Vitest } from "@effect/vitest"
import { type Account, AccountStore, type Analysis, type JobStore, type Ledger, type Transactor } from "@jobfit/core"
import { DateTime, Duration, Effect } from "effect"
import { randomUUID } from "node:crypto"

/** What a store implementation provides; the contract runs against exactly these. */
export type Stores = AccountStore.AccountStore | JobStore.JobStore | Ledger.Ledger | Transactor.Transactor

/** The `it` of an `it.layer` block over the stores. */
export type StoreIt = Vitest.MethodsNonLive<Stores>

/** A user of its own, so tests sharing one database never see each other's rows. */
export const newUser: Effect.Effect<Account.User, never, AccountStore.AccountStore> = Effect.gen(function*() {
  const accounts = yield* AccountStore.AccountStore
  return yield* Effect.orDie(accounts.createUser({ email: `user-${randomUUID()}@example.com`, name: "Test User" }))
})

export const analysis = (overrides: Partial<Analysis.Analysis> = {}): Analysis.Analysis => ({
  title: "Backend Engineer",
  company: "Acme",
  location: "Remote",
  match_score: 80,
  verdict: "APPLY",
  matching_skills: ["TypeScript", "PostgreSQL"],
  missing_skills: ["Go"],
  red_flags: [{ code: "no_salary", severity: "low", message: "No salary range given" }],
  assessment: "A good fit.",
  analyzer: "contract-test",
  ...overrides
})

/** An hour from the clock's now. */
export const inAnHour = Effect.map(DateTime.now, (now) => DateTime.addDuration(now, Duration.hours(1)))
