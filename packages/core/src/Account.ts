import { Schema } from "effect"
import { type ApiKeyId, UserId } from "./Ids.js"
import { type Scope } from "./Scope.js"

/** A user of the service. */
export class User extends Schema.Class<User>("User")({
  id: UserId,
  email: Schema.String,
  name: Schema.String
}) {}

/** Who is calling: the user, and what they call with — an API key, a dashboard session, or an OAuth grant. */
export type Principal = KeyPrincipal | SessionPrincipal | GrantPrincipal

/** A caller holding an API key: the key's scopes apply, and per-key limits count on it. */
export interface KeyPrincipal {
  readonly user: User
  readonly key: { readonly id: ApiKeyId; readonly name: string; readonly scopes: ReadonlyArray<Scope> }
  readonly session?: undefined
  readonly grant?: undefined
}

/**
 * A person signed in to the dashboard. `id` names the session without being its secret (the dashboard uses a
 * digest of the token); per-key limits count on it as they count on a key.
 */
export interface SessionPrincipal {
  readonly user: User
  readonly session: { readonly id: string; readonly scopes: ReadonlyArray<Scope> }
  readonly key?: undefined
  readonly grant?: undefined
}

/** A client holding an OAuth access token: the scopes the person approved for it. */
export interface GrantPrincipal {
  readonly user: User
  readonly grant: {
    readonly id: number
    readonly client_id: string
    readonly client_name: string
    readonly scopes: ReadonlyArray<Scope>
  }
  readonly key?: undefined
  readonly session?: undefined
}

export const scopesOf = (principal: Principal): ReadonlyArray<Scope> =>
  principal.key !== undefined
    ? principal.key.scopes
    : principal.session !== undefined
    ? principal.session.scopes
    : principal.grant.scopes

/** What a per-key limit counts on: the key's id, the session's, or the grant's. */
export const credentialOf = (principal: Principal): string =>
  principal.key !== undefined
    ? String(principal.key.id)
    : principal.session !== undefined
    ? `session:${principal.session.id}`
    : `grant:${principal.grant.id}`

export const Email = Schema.Trim.pipe(
  Schema.pattern(/^[^\s@]+@[^\s@]+$/, { message: () => "must be an email address" }),
  Schema.maxLength(254)
)
