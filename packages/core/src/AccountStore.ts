import { Context, type Effect, type Option } from "effect"
import type { KeyPrincipal, User } from "./Account.js"
import type { ApiKey } from "./ApiKey.js"
import type { ApiKeyNotFound, EmailTaken, InvalidApiKey, UserNotFound } from "./Errors.js"
import type { ApiKeyId, UserId } from "./Ids.js"
import type { Profile } from "./Profile.js"
import type { Scope } from "./Scope.js"

/** Users, their API keys and their profiles. Storage failures are defects, not typed errors. */
export class AccountStore extends Context.Tag("@jobfit/core/AccountStore")<AccountStore, {
  /** Finds the live key with this secret and records its use. */
  readonly authenticate: (secret: string) => Effect.Effect<KeyPrincipal, InvalidApiKey>
  readonly createUser: (input: { readonly email: string; readonly name: string }) => Effect.Effect<User, EmailTaken>
  readonly findUserByEmail: (email: string) => Effect.Effect<User, UserNotFound>
  /** Creates a key; the secret is returned here once and never stored in clear. */
  readonly createKey: (
    userId: UserId,
    input: { readonly name: string; readonly scopes: ReadonlyArray<Scope> }
  ) => Effect.Effect<{ readonly apiKey: ApiKey; readonly secret: string }>
  readonly listKeys: (userId: UserId) => Effect.Effect<ReadonlyArray<ApiKey>>
  /** Replaces a key's scopes (the spec: "a key's permissions can be edited"); a revoked key stays revoked. */
  readonly updateKeyScopes: (keyId: ApiKeyId, scopes: ReadonlyArray<Scope>) => Effect.Effect<ApiKey, ApiKeyNotFound>
  /** Revokes a key; revoking a revoked key keeps its first revocation time. */
  readonly revokeKey: (keyId: ApiKeyId) => Effect.Effect<ApiKey, ApiKeyNotFound>
  readonly getProfile: (userId: UserId) => Effect.Effect<Option.Option<Profile>>
  readonly setProfile: (userId: UserId, profile: Profile) => Effect.Effect<void>
}>() {}
