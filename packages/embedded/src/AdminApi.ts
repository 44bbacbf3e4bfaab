import { Admin, ApiKey, type Errors, Tools } from "@jobfit/core"
import { Effect, Schema } from "effect"
import type * as Types from "./Types.js"

/** Runs an effect on the instance's runtime; a failure rejects with its JobfitError. */
export type Run = <A>(effect: Effect.Effect<A, Errors.AppError, Admin.Admin>) => Promise<A>

/**
 * The operator's operations, as `jobfit users|keys|credits|profile` does them. They take no API key: whoever holds
 * the instance is the operator. None of them is reachable over the HTTP forms.
 */
export interface AdminApi {
  readonly createUser: (input: { readonly email: string; readonly name?: string | undefined }) => Promise<Types.User>
  /** The key's secret is in the answer's `key`, this once; only its hash is stored. */
  readonly createKey: (input: {
    readonly email: string
    readonly scopes: ReadonlyArray<Types.Scope>
    readonly name?: string | undefined
  }) => Promise<Types.CreatedKey>
  readonly listKeys: (email: string) => Promise<ReadonlyArray<Types.KeyInfo>>
  /** Revoking a revoked key keeps its first revocation time. */
  readonly revokeKey: (id: number) => Promise<Types.KeyInfo>
  /** Grants credits (integer cents, 1 to 100,000,000); answers the new balance. */
  readonly addCredits: (email: string, cents: number, note?: string) => Promise<Types.Credits["credits"]>
  /** Sets the profile from `{ resume, preferences? }` or a bare JSON Resume document. */
  readonly setProfile: (email: string, profile: unknown) => Promise<Types.Profile>
}

const KeyView = Schema.Struct(ApiKey.ApiKey.fields).pipe(Schema.omit("user_id"))
const encodeKey = (key: ApiKey.ApiKey) => Effect.orDie(Schema.encode(KeyView)(key))
const encodeProfile = Schema.encode(Tools.ProfileResult)

export const make = (run: Run): AdminApi => {
  const withAdmin = <A>(use: (admin: Admin.Admin) => Effect.Effect<A, Errors.AppError>) =>
    run(Effect.flatMap(Admin.Admin, use))
  return {
    createUser: (input) =>
      withAdmin((admin) =>
        Effect.map(admin.createUser(input), (user) => ({ id: user.id, email: user.email, name: user.name }))
      ),
    createKey: (input) =>
      withAdmin((admin) =>
        Effect.map(admin.createKey(input), ({ apiKey, secret }) => ({
          id: apiKey.id,
          name: apiKey.name,
          scopes: apiKey.scopes,
          prefix: apiKey.prefix,
          key: secret
        }))
      ),
    listKeys: (email) => withAdmin((admin) => Effect.flatMap(admin.listKeys(email), Effect.forEach(encodeKey))),
    revokeKey: (id) => withAdmin((admin) => Effect.flatMap(admin.revokeKey(id), encodeKey)),
    addCredits: (email, cents, note) => withAdmin((admin) => admin.addCredits(email, cents, note)),
    setProfile: (email, profile) =>
      withAdmin((admin) => Effect.flatMap(admin.setProfile(email, profile), (p) => Effect.orDie(encodeProfile(p))))
  }
}
