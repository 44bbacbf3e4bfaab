import { Context, type DateTime, Duration, Effect, type Option } from "effect"
import type { User } from "./Account.js"
import type { UserId } from "./Ids.js"
import type { Scope } from "./Scope.js"

/** A client that registered itself (RFC 7591): a public client, so it has no secret. */
export interface OAuthClient {
  readonly client_id: string
  readonly client_name: string
  readonly redirect_uris: ReadonlyArray<string>
  readonly created_at: DateTime.Utc
}

/** What a person approved for a client: to be exchanged for tokens once, with the PKCE verifier. */
export interface CodeGrant {
  readonly client_id: string
  readonly user_id: UserId
  readonly scopes: ReadonlyArray<Scope>
  readonly redirect_uri: string
  /** The S256 code challenge. */
  readonly code_challenge: string
  /** The resource (RFC 8707) the tokens are for. */
  readonly resource: string
}

/** What a pair of tokens grants. */
export interface TokenGrant {
  readonly client_id: string
  readonly user_id: UserId
  readonly scopes: ReadonlyArray<Scope>
  readonly resource: string
}

/** A live grant, as the person who gave it sees it in the dashboard. */
export interface Connection {
  readonly id: number
  readonly client_name: string
  readonly scopes: ReadonlyArray<Scope>
  readonly created_at: DateTime.Utc
}

export interface Tokens {
  readonly access_token: string
  readonly refresh_token: string
}

/** An access token's holder: the user, and the grant with its id (per-grant limits count on it). */
export interface Bearer {
  readonly user: User
  readonly grant: TokenGrant & { readonly id: number; readonly client_name: string }
}

/**
 * Clients, authorization codes and tokens of the OAuth 2.1 authorization server. Codes and tokens are returned in
 * clear once and kept only as hashes; a code is redeemed once; a refresh token is used once (each use rotates the
 * pair). Storage failures are defects.
 */
export class OAuthStore extends Context.Tag("@jobfit/core/OAuthStore")<OAuthStore, {
  readonly registerClient: (
    input: { readonly client_name: string; readonly redirect_uris: ReadonlyArray<string> }
  ) => Effect.Effect<OAuthClient>
  readonly findClient: (clientId: string) => Effect.Effect<Option.Option<OAuthClient>>
  readonly createCode: (grant: CodeGrant, expiresAt: DateTime.Utc) => Effect.Effect<string>
  /**
   * The grant of an unexpired code not redeemed before; redeeming it makes it unusable. A code presented again
   * while it would still be live revokes the tokens issued from it (RFC 6749 §4.1.2): one of its two holders is not
   * the client it was issued to.
   */
  readonly redeemCode: (code: string) => Effect.Effect<Option.Option<CodeGrant>>
  /** A new grant's pair; `fromCode`, the code it was exchanged for, ties them so a reuse of the code ends them. */
  readonly issueTokens: (
    grant: TokenGrant,
    expires: { readonly access: DateTime.Utc; readonly refresh: DateTime.Utc },
    fromCode?: string
  ) => Effect.Effect<Tokens>
  /**
   * New tokens for a live refresh token of this client, which then stops working (rotation); none for an unknown,
   * expired, revoked or used one. A used one presented again more than `REUSE_GRACE` after its rotation, by any
   * client, revokes its grant: one of two holders of the token is not the client it was issued to (RFC 9700
   * §4.14.2). Used tokens are remembered until the token that replaced them would have expired. Within the grace a
   * used one is only refused: a client that retries a refresh whose answer it lost, or two of its requests that
   * refresh at once.
   */
  readonly refresh: (
    refreshToken: string,
    clientId: string,
    expires: { readonly access: DateTime.Utc; readonly refresh: DateTime.Utc }
  ) => Effect.Effect<Option.Option<Tokens & { readonly grant: TokenGrant }>>
  /** The holder of a live, unexpired access token. */
  readonly authenticate: (accessToken: string) => Effect.Effect<Option.Option<Bearer>>
  /** Revokes the pair that this access or refresh token belongs to; an unknown token is no error (RFC 7009). */
  readonly revoke: (token: string) => Effect.Effect<void>
  /** The user's grants that are neither revoked nor past their refresh token's life, newest first. */
  readonly connections: (userId: UserId) => Effect.Effect<ReadonlyArray<Connection>>
  /** Revokes one of the user's grants; false when the user has no such live grant. */
  readonly disconnect: (userId: UserId, grantId: number) => Effect.Effect<boolean>
}>() {}

/** How long after its rotation a used refresh token is only refused, not taken as a sign of theft. */
export const REUSE_GRACE: Duration.Duration = Duration.seconds(10)

/** What a store logs when a reuse revokes a grant: the operator's sign that a refresh token leaked. */
export const logReuse = (grantId: number): Effect.Effect<void> =>
  Effect.logWarning("a used refresh token was presented again: its grant is revoked").pipe(
    Effect.annotateLogs({ grant: grantId })
  )

export const logCodeReuse: Effect.Effect<void> = Effect.logWarning(
  "a used authorization code was presented again: the tokens issued from it are revoked"
)

/** Access tokens start with this, so a bearer is told from an API key before any look-up. */
export const ACCESS_PREFIX = "jf_oat_"
export const REFRESH_PREFIX = "jf_ort_"
