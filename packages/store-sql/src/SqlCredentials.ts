import * as SqlClient from "@effect/sql/SqlClient"
import { Account, Credentials, Ids } from "@jobfit/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { first, Id, run, toMillis } from "./Columns.js"
import * as Secrets from "./Secrets.js"

const UserRow = Schema.Struct({ id: Id(Ids.UserId), email: Schema.String, name: Schema.String })
const LoginRow = Schema.Struct({ ...UserRow.fields, password_hash: Schema.NullOr(Schema.String) })
const ResetRow = Schema.Struct({ user_id: Id(Ids.UserId) })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const oneLogin = first(LoginRow)
  const oneUser = first(UserRow)
  const oneReset = first(ResetRow)
  const now = Effect.map(DateTime.now, toMillis)

  const findLogin = Effect.fn("Credentials.findLogin")(function*(email: string) {
    const found = yield* oneLogin(sql`
      SELECT id, email, name, password_hash FROM users WHERE email_lower = ${email.trim().toLowerCase()}`)
    return Option.map(found, (row) => ({
      user: new Account.User({ id: row.id, email: row.email, name: row.name }),
      passwordHash: Option.fromNullable(row.password_hash)
    }))
  })

  const setPasswordHash = Effect.fn("Credentials.setPasswordHash")(function*(userId: Ids.UserId, hash: string) {
    yield* run(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${userId}`)
  })

  const createSession = Effect.fn("Credentials.createSession")(
    function*(userId: Ids.UserId, expiresAt: DateTime.Utc) {
      const token = Secrets.token()
      const at = yield* now
      // Expired sessions are dead rows; each sign-in clears its user's, so the table does not grow forever.
      yield* run(sql`DELETE FROM sessions WHERE user_id = ${userId} AND expires_at <= ${at}`)
      yield* run(sql`
        INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
        VALUES (${Secrets.sha256(token)}, ${userId}, ${at}, ${toMillis(expiresAt)})`)
      return token
    }
  )

  const findSession = Effect.fn("Credentials.findSession")(function*(token: string) {
    const found = yield* oneUser(sql`
      SELECT u.id, u.email, u.name FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ${Secrets.sha256(token)} AND s.expires_at > ${yield* now}`)
    return Option.map(found, (row) => new Account.User(row))
  })

  const deleteSession = Effect.fn("Credentials.deleteSession")(function*(token: string) {
    yield* run(sql`DELETE FROM sessions WHERE token_hash = ${Secrets.sha256(token)}`)
  })

  const deleteSessionsOf = Effect.fn("Credentials.deleteSessionsOf")(function*(userId: Ids.UserId) {
    yield* run(sql`DELETE FROM sessions WHERE user_id = ${userId}`)
  })

  const createResetToken = Effect.fn("Credentials.createResetToken")(
    function*(userId: Ids.UserId, expiresAt: DateTime.Utc) {
      const token = Secrets.token()
      yield* run(sql`
        INSERT INTO reset_tokens (token_hash, user_id, created_at, expires_at)
        VALUES (${Secrets.sha256(token)}, ${userId}, ${yield* now}, ${toMillis(expiresAt)})`)
      return token
    }
  )

  // One conditional UPDATE claims the token: of two requests with it, only one gets its user.
  const consumeResetToken = Effect.fn("Credentials.consumeResetToken")(function*(token: string) {
    const at = yield* now
    const claimed = yield* oneReset(sql`
      UPDATE reset_tokens SET used_at = ${at}
      WHERE token_hash = ${Secrets.sha256(token)} AND used_at IS NULL AND expires_at > ${at}
      RETURNING user_id`)
    return Option.map(claimed, (row) => row.user_id)
  })

  return Credentials.Credentials.of({
    findLogin,
    setPasswordHash,
    createSession,
    findSession,
    deleteSession,
    deleteSessionsOf,
    createResetToken,
    consumeResetToken
  })
})

/** Credentials over the SqlClient in context. */
export const layer: Layer.Layer<Credentials.Credentials, never, SqlClient.SqlClient> = Layer.effect(
  Credentials.Credentials,
  make
)
