import { Context, type DateTime, type Effect, type Option } from "effect"
import type { User } from "./Account.js"
import type { UserId } from "./Ids.js"

/**
 * Sign-in for the dashboard: password hashes, sessions and password-reset tokens. Tokens are returned once in
 * clear and kept only as hashes; hashing passwords is the caller's (the store keeps the hash as given).
 */
export class Credentials extends Context.Tag("@jobfit/core/Credentials")<Credentials, {
  /** The user with this email (any case) and their password hash, if they have set one. */
  readonly findLogin: (
    email: string
  ) => Effect.Effect<Option.Option<{ readonly user: User; readonly passwordHash: Option.Option<string> }>>
  readonly setPasswordHash: (userId: UserId, hash: string) => Effect.Effect<void>
  /** Starts a session; returns its token. */
  readonly createSession: (userId: UserId, expiresAt: DateTime.Utc) => Effect.Effect<string>
  /** The session's user while the session exists and has not expired. */
  readonly findSession: (token: string) => Effect.Effect<Option.Option<User>>
  readonly deleteSession: (token: string) => Effect.Effect<void>
  readonly deleteSessionsOf: (userId: UserId) => Effect.Effect<void>
  /** Issues a token that sets a password once, until it expires. */
  readonly createResetToken: (userId: UserId, expiresAt: DateTime.Utc) => Effect.Effect<string>
  /** Uses a reset token: its user, once; none when it is unknown, used or expired. */
  readonly consumeResetToken: (token: string) => Effect.Effect<Option.Option<UserId>>
}>() {}
