import * as SqlClient from "@effect/sql/SqlClient"
import { Account, Ids, OAuthStore, Scope } from "@jobfit/core"
import { DateTime, Duration, Effect, Layer, Option, Schema } from "effect"
import { randomBytes } from "node:crypto"
import { all, first, Id, Int, Millis, run, single, toMillis } from "./Columns.js"
import * as Secrets from "./Secrets.js"

const Scopes = Schema.parseJson(Schema.Array(Scope.Scope))
const Uris = Schema.parseJson(Schema.Array(Schema.String))
const encodeScopes = Schema.encodeSync(Scopes)
const encodeUris = Schema.encodeSync(Uris)

const ClientRow = Schema.Struct({
  client_id: Schema.String,
  client_name: Schema.String,
  redirect_uris: Uris,
  created_at: Millis
})
const CodeRow = Schema.Struct({
  client_id: Schema.String,
  user_id: Id(Ids.UserId),
  scopes: Scopes,
  redirect_uri: Schema.String,
  code_challenge: Schema.String,
  resource: Schema.String
})
const GrantRow = Schema.Struct({
  id: Int,
  client_id: Schema.String,
  user_id: Id(Ids.UserId),
  scopes: Scopes,
  resource: Schema.String
})
const BearerRow = Schema.Struct({
  ...GrantRow.fields,
  client_name: Schema.String,
  email: Schema.String,
  name: Schema.String
})

const ConnectionRow = Schema.Struct({
  id: Int,
  client_name: Schema.String,
  scopes: Scopes,
  created_at: Millis
})
const Revoked = Schema.Struct({ id: Int })

const secret = (prefix: string) => `${prefix}${Secrets.token()}`
const tokenPair = () => ({
  access_token: secret(OAuthStore.ACCESS_PREFIX),
  refresh_token: secret(OAuthStore.REFRESH_PREFIX)
})

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const oneClient = first(ClientRow)
  const oneCode = first(CodeRow)
  const oneGrant = first(GrantRow)
  const oneBearer = first(BearerRow)
  const connectionRows = all(ConnectionRow)
  const oneRevoked = first(Revoked)
  const inserted = single(ClientRow)
  const now = Effect.map(DateTime.now, toMillis)

  const registerClient = Effect.fn("OAuthStore.registerClient")(function*(
    input: { readonly client_name: string; readonly redirect_uris: ReadonlyArray<string> }
  ) {
    return yield* inserted(sql`
      INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at)
      VALUES (${`jf_client_${randomBytes(16).toString("base64url")}`}, ${input.client_name},
        ${encodeUris(input.redirect_uris)}, ${yield* now})
      RETURNING client_id, client_name, redirect_uris, created_at`)
  })

  const findClient = Effect.fn("OAuthStore.findClient")(function*(clientId: string) {
    return yield* oneClient(sql`
      SELECT client_id, client_name, redirect_uris, created_at FROM oauth_clients WHERE client_id = ${clientId}`)
  })

  const createCode = Effect.fn("OAuthStore.createCode")(
    function*(grant: OAuthStore.CodeGrant, expiresAt: DateTime.Utc) {
      const code = secret("jf_code_")
      // Codes live minutes: each new one clears the expired ones, so the table stays small.
      yield* run(sql`DELETE FROM oauth_codes WHERE expires_at <= ${yield* now}`)
      yield* run(sql`
      INSERT INTO oauth_codes (code_hash, client_id, user_id, scopes, redirect_uri, code_challenge, resource, expires_at)
      VALUES (${Secrets.sha256(code)}, ${grant.client_id}, ${grant.user_id}, ${encodeScopes(grant.scopes)},
        ${grant.redirect_uri}, ${grant.code_challenge}, ${grant.resource}, ${toMillis(expiresAt)})`)
      return code
    }
  )

  // One conditional UPDATE ... RETURNING redeems it: of two requests with the code, only one gets its grant. The
  // used code stays until it expires, so a second use is known and ends the tokens it gave.
  const redeemCode = Effect.fn("OAuthStore.redeemCode")(function*(code: string) {
    const hash = Secrets.sha256(code)
    const at = yield* now
    const grant = yield* oneCode(sql`
      UPDATE oauth_codes SET used_at = ${at}
      WHERE code_hash = ${hash} AND expires_at > ${at} AND used_at IS NULL
      RETURNING client_id, user_id, scopes, redirect_uri, code_challenge, resource`)
    if (Option.isNone(grant)) {
      const revoked = yield* all(Revoked)(sql`
        UPDATE oauth_tokens SET revoked_at = ${at}
        WHERE revoked_at IS NULL AND code_hash = ${hash}
          AND EXISTS (SELECT 1 FROM oauth_codes WHERE code_hash = ${hash} AND expires_at > ${at})
        RETURNING id`)
      if (revoked.length > 0) yield* OAuthStore.logCodeReuse
    }
    return grant
  })

  const issueTokens = Effect.fn("OAuthStore.issueTokens")(function*(
    grant: OAuthStore.TokenGrant,
    expires: { readonly access: DateTime.Utc; readonly refresh: DateTime.Utc },
    fromCode?: string
  ) {
    const tokens = tokenPair()
    // Ended grants are dead rows: each new grant clears its user's (their rotated tokens go with them, ON DELETE
    // CASCADE), so the tables do not grow forever.
    yield* run(sql`
      DELETE FROM oauth_tokens
      WHERE user_id = ${grant.user_id} AND (revoked_at IS NOT NULL OR refresh_expires_at <= ${yield* now})`)
    yield* run(sql`
      INSERT INTO oauth_tokens (client_id, user_id, scopes, resource, access_hash, access_expires_at, refresh_hash,
        refresh_expires_at, created_at, code_hash)
      VALUES (${grant.client_id}, ${grant.user_id}, ${encodeScopes(grant.scopes)}, ${grant.resource},
        ${Secrets.sha256(tokens.access_token)}, ${toMillis(expires.access)}, ${Secrets.sha256(tokens.refresh_token)},
        ${toMillis(expires.refresh)}, ${yield* now}, ${fromCode === undefined ? null : Secrets.sha256(fromCode)})`)
    return tokens
  })

  // The row is rotated by one conditional UPDATE: a refresh token works once, even when two requests race. The old
  // token is kept, in the same transaction, for as long as the new one lives.
  const refresh = Effect.fn("OAuthStore.refresh")(function*(
    refreshToken: string,
    clientId: string,
    expires: { readonly access: DateTime.Utc; readonly refresh: DateTime.Utc }
  ) {
    const tokens = tokenPair()
    const hash = Secrets.sha256(refreshToken)
    const at = yield* now
    const rotated = yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
      const row = yield* oneGrant(sql`
        UPDATE oauth_tokens SET access_hash = ${Secrets.sha256(tokens.access_token)},
          access_expires_at = ${toMillis(expires.access)}, refresh_hash = ${Secrets.sha256(tokens.refresh_token)},
          refresh_expires_at = ${toMillis(expires.refresh)}
        WHERE refresh_hash = ${hash} AND client_id = ${clientId} AND revoked_at IS NULL AND refresh_expires_at > ${at}
        RETURNING id, client_id, user_id, scopes, resource`)
      if (Option.isSome(row)) {
        yield* run(sql`DELETE FROM oauth_rotated WHERE token_id = ${row.value.id} AND expires_at <= ${at}`)
        yield* run(sql`
          INSERT INTO oauth_rotated (refresh_hash, token_id, rotated_at, expires_at)
          VALUES (${hash}, ${row.value.id}, ${at}, ${toMillis(expires.refresh)})`)
      }
      return row
    })))
    if (Option.isNone(rotated)) {
      // A used token presented again after the grace: its grant ends, whoever holds the newer tokens.
      const revoked = yield* oneRevoked(sql`
        UPDATE oauth_tokens SET revoked_at = ${at}
        WHERE revoked_at IS NULL AND id = (
          SELECT token_id FROM oauth_rotated
          WHERE refresh_hash = ${hash} AND expires_at > ${at}
            AND rotated_at < ${at - Duration.toMillis(OAuthStore.REUSE_GRACE)})
        RETURNING id`)
      if (Option.isSome(revoked)) yield* OAuthStore.logReuse(revoked.value.id)
    }
    return Option.map(rotated, (row) => ({
      ...tokens,
      grant: { client_id: row.client_id, user_id: row.user_id, scopes: row.scopes, resource: row.resource }
    }))
  })

  const authenticate = Effect.fn("OAuthStore.authenticate")(function*(accessToken: string) {
    const found = yield* oneBearer(sql`
      SELECT t.id, t.client_id, t.user_id, t.scopes, t.resource, c.client_name, u.email, u.name
      FROM oauth_tokens t JOIN oauth_clients c ON c.client_id = t.client_id JOIN users u ON u.id = t.user_id
      WHERE t.access_hash = ${Secrets.sha256(accessToken)} AND t.revoked_at IS NULL
        AND t.access_expires_at > ${yield* now}`)
    return Option.map(found, (row): OAuthStore.Bearer => ({
      user: new Account.User({ id: row.user_id, email: row.email, name: row.name }),
      grant: {
        id: row.id,
        client_id: row.client_id,
        client_name: row.client_name,
        user_id: row.user_id,
        scopes: row.scopes,
        resource: row.resource
      }
    }))
  })

  const revoke = Effect.fn("OAuthStore.revoke")(function*(token: string) {
    const hash = Secrets.sha256(token)
    yield* run(sql`
      UPDATE oauth_tokens SET revoked_at = ${yield* now}
      WHERE (access_hash = ${hash} OR refresh_hash = ${hash}) AND revoked_at IS NULL`)
  })

  const connections = Effect.fn("OAuthStore.connections")(function*(userId: Ids.UserId) {
    return yield* connectionRows(sql`
      SELECT t.id, c.client_name, t.scopes, t.created_at
      FROM oauth_tokens t JOIN oauth_clients c ON c.client_id = t.client_id
      WHERE t.user_id = ${userId} AND t.revoked_at IS NULL AND t.refresh_expires_at > ${yield* now}
      ORDER BY t.id DESC`)
  })

  const disconnect = Effect.fn("OAuthStore.disconnect")(function*(userId: Ids.UserId, grantId: number) {
    const revoked = yield* oneRevoked(sql`
      UPDATE oauth_tokens SET revoked_at = ${yield* now}
      WHERE id = ${grantId} AND user_id = ${userId} AND revoked_at IS NULL
      RETURNING id`)
    return Option.isSome(revoked)
  })

  return OAuthStore.OAuthStore.of({
    connections,
    disconnect,
    registerClient,
    findClient,
    createCode,
    redeemCode,
    issueTokens,
    refresh,
    authenticate,
    revoke
  })
})

export const layer = Layer.effect(OAuthStore.OAuthStore, make)
