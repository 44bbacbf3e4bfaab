import { Effect, Metric, Schema } from "effect"
import { Email } from "./Account.js"
import { AccountStore } from "./AccountStore.js"
import { balanceOf } from "./Credits.js"
import { invalidInput, InvalidRequest } from "./Errors.js"
import { ApiKeyId } from "./Ids.js"
import { Ledger } from "./Ledger.js"
import * as Metrics from "./Metrics.js"
import { Profile } from "./Profile.js"
import { Scope } from "./Scope.js"

const decodeEmail = (email: string) => Effect.mapError(Schema.decodeUnknown(Email)(email), invalidInput("email"))
const Scopes = Schema.NonEmptyArray(Scope)
const GrantCents = Schema.Int.pipe(Schema.between(1, 100_000_000))

const decodeScopes = (scopes: ReadonlyArray<string>) =>
  Effect.mapError(
    Schema.decodeUnknown(Scopes)(scopes),
    () => new InvalidRequest({ message: `scopes must be one or more of: ${Scope.literals.join(", ")}` })
  )

const decodeKeyId = (id: number) => Effect.mapError(Schema.decodeUnknown(ApiKeyId)(id), invalidInput("key id"))

/** The operator's operations (users, keys, credits, profiles), shared by the CLI and the embedded library. */
export class Admin extends Effect.Service<Admin>()("@jobfit/core/Admin", {
  effect: Effect.gen(function*() {
    const accounts = yield* AccountStore
    const ledger = yield* Ledger

    const userByEmail = (email: string) => Effect.flatMap(decodeEmail(email), accounts.findUserByEmail)

    const createUser = Effect.fn("Admin.createUser")(function*(input: { email: string; name?: string | undefined }) {
      const email = yield* decodeEmail(input.email)
      const name = input.name?.trim() || email.split("@")[0]!
      return yield* accounts.createUser({ email: email.toLowerCase(), name })
    })

    const createKey = Effect.fn("Admin.createKey")(
      function*(input: { email: string; scopes: ReadonlyArray<string>; name?: string | undefined }) {
        const user = yield* userByEmail(input.email)
        const scopes = yield* decodeScopes(input.scopes)
        const name = input.name?.trim() || "default"
        return yield* accounts.createKey(user.id, { name, scopes: [...new Set(scopes)] })
      }
    )

    const listKeys = Effect.fn("Admin.listKeys")(function*(email: string) {
      const user = yield* userByEmail(email)
      return yield* accounts.listKeys(user.id)
    })

    const revokeKey = Effect.fn("Admin.revokeKey")(function*(id: number) {
      return yield* accounts.revokeKey(yield* decodeKeyId(id))
    })

    const updateKey = Effect.fn("Admin.updateKey")(function*(id: number, scopes: ReadonlyArray<string>) {
      const keyId = yield* decodeKeyId(id)
      return yield* accounts.updateKeyScopes(keyId, [...new Set(yield* decodeScopes(scopes))])
    })

    const addCredits = Effect.fn("Admin.addCredits")(function*(email: string, cents: number, note = "operator grant") {
      const user = yield* userByEmail(email)
      const amount = yield* Effect.mapError(Schema.decodeUnknown(GrantCents)(cents), invalidInput("cents"))
      const balance = yield* ledger.grant(user.id, amount, note)
      yield* Metric.incrementBy(Metrics.grantedCents.of("admin"), amount)
      return balanceOf(balance)
    })

    const setProfile = Effect.fn("Admin.setProfile")(function*(email: string, document: unknown) {
      const user = yield* userByEmail(email)
      const profile = yield* Effect.mapError(
        Schema.decodeUnknown(Profile, { onExcessProperty: "error" })(toProfile(document)),
        invalidInput("profile")
      )
      yield* accounts.setProfile(user.id, profile)
      return profile
    })

    return { createUser, createKey, listKeys, revokeKey, updateKey, addCredits, setProfile, userByEmail } as const
  })
}) {}

/** A profile file is either `{ resume, preferences }` or a bare JSON Resume document. */
export const toProfile = (document: unknown): unknown =>
  typeof document === "object" && document !== null && "resume" in document ? document : { resume: document }
