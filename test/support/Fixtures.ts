import { type Account, Admin, type ApiKey, type Ids, Ledger, Scope } from "@jobfit/core"
import { Effect } from "effect"

let counter = 0

/** A profile document, as `jobfit profile set` takes it (a bare JSON Resume). */
export const resume = {
  basics: { name: "Ada Lovelace", email: "ada@example.com" },
  skills: [{ name: "TypeScript" }, { name: "Effect" }]
}

export interface UserSetup {
  /** Default: every scope. */
  readonly scopes?: ReadonlyArray<Scope.Scope>
  /** Credits granted, in cents; default 0. */
  readonly cents?: number
  /** Whether the user has a profile; default true. */
  readonly profile?: boolean
}

export interface Seeded {
  readonly user: Account.User
  readonly email: string
  /** The API key's secret, for the Authorization header. */
  readonly key: string
  readonly apiKey: ApiKey.ApiKey
}

/** A user with one API key, credits and (by default) a profile, made through Admin on the server's database. */
export const user: (setup?: UserSetup) => Effect.Effect<Seeded, never, Admin.Admin> = Effect.fn("Fixtures.user")(
  function*(setup: UserSetup = {}) {
    const admin = yield* Admin.Admin
    const email = `user${++counter}-${Date.now().toString(36)}@example.com`
    const created = yield* admin.createUser({ email, name: `User ${counter}` })
    const { apiKey, secret } = yield* admin.createKey({ email, scopes: setup.scopes ?? Scope.all, name: "e2e" })
    if ((setup.cents ?? 0) > 0) yield* admin.addCredits(email, setup.cents ?? 0)
    if (setup.profile ?? true) yield* admin.setProfile(email, resume)
    return { user: created, email, key: secret, apiKey }
  },
  Effect.orDie
)

/** The user's balance and ledger as the store has them. */
export const ledgerOf = Effect.fn("Fixtures.ledgerOf")(function*(userId: Ids.UserId) {
  const ledger = yield* Ledger.Ledger
  const balance = yield* ledger.balance(userId)
  const entries = yield* ledger.entries(userId, { limit: 1000 })
  const sum = entries.reduce((total, entry) => total + entry.amount_cents, 0)
  const count = (kind: Ledger.LedgerEntry["kind"]) => entries.filter((entry) => entry.kind === kind).length
  return { balance, sum, grants: count("grant"), charges: count("charge"), refunds: count("refund"), entries }
})
