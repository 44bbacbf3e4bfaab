import * as SqlClient from "@effect/sql/SqlClient"
import { Account, AccountStore, ApiKey, Errors, Ids, Profile, Scope } from "@jobfit/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { randomBytes } from "node:crypto"
import { all, first, Id, Int, Millis, run, single, toMillis } from "./Columns.js"
import { sha256 } from "./Secrets.js"

/** Scopes are stored as a comma list. */
const ScopeList = Schema.transform(Schema.String, Schema.Array(Schema.String), {
  strict: true,
  decode: (text) => (text === "" ? [] : text.split(",")),
  encode: (scopes) => scopes.join(",")
}).pipe(Schema.compose(Schema.Array(Scope.Scope)))

const UserRow = Schema.Struct({ id: Id(Ids.UserId), email: Schema.String, name: Schema.String })

const KeyRow = Schema.Struct({
  ...ApiKey.ApiKey.fields,
  id: Id(Ids.ApiKeyId),
  user_id: Id(Ids.UserId),
  scopes: ScopeList,
  created_at: Millis,
  last_used_at: Schema.NullOr(Millis),
  revoked_at: Schema.NullOr(Millis)
})

const PrincipalRow = Schema.Struct({
  key_id: Id(Ids.ApiKeyId),
  key_name: Schema.String,
  scopes: ScopeList,
  last_used_at: Schema.NullOr(Int),
  revoked_at: Schema.NullOr(Int),
  user_id: Id(Ids.UserId),
  email: Schema.String,
  user_name: Schema.String
})

const ProfileJson = Schema.parseJson(Profile.StoredProfile)
const ProfileRow = Schema.Struct({ profile: Schema.NullOr(ProfileJson) })
const encodeProfile = Schema.encode(ProfileJson)

const keyColumns = "id, user_id, name, scopes, prefix, created_at, last_used_at, revoked_at"

/** Recording every use would make each request a write; a minute is as fine as "last used" needs. */
const LAST_USED_RESOLUTION_MS = 60_000

const invalidKey = new Errors.InvalidApiKey({ message: "Invalid or revoked API key" })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const keyFields = sql.literal(keyColumns)
  const users = all(UserRow)
  const oneUser = first(UserRow)
  const oneKey = first(KeyRow)
  const onePrincipal = first(PrincipalRow)
  const singleKey = single(KeyRow)
  const keys = all(KeyRow)
  const oneProfile = first(ProfileRow)

  const authenticate = Effect.fnUntraced(function*(secret: string) {
    const found = yield* onePrincipal(sql`
      SELECT k.id AS key_id, k.name AS key_name, k.scopes, k.last_used_at, k.revoked_at,
        u.id AS user_id, u.email, u.name AS user_name
      FROM api_keys k JOIN users u ON u.id = k.user_id
      WHERE k.secret_hash = ${sha256(secret)}`)
    if (Option.isNone(found) || found.value.revoked_at !== null) return yield* invalidKey
    const row = found.value
    const now = toMillis(yield* DateTime.now)
    const stale = now - LAST_USED_RESOLUTION_MS
    if (row.last_used_at === null || row.last_used_at <= stale) {
      yield* run(sql`UPDATE api_keys SET last_used_at = ${now}
        WHERE id = ${row.key_id} AND (last_used_at IS NULL OR last_used_at <= ${stale})`)
    }
    return {
      user: new Account.User({ id: row.user_id, email: row.email, name: row.user_name }, { disableValidation: true }),
      key: { id: row.key_id, name: row.key_name, scopes: row.scopes }
    }
  })

  const createUser = Effect.fn("AccountStore.createUser")(
    function*(input: { readonly email: string; readonly name: string }) {
      const now = toMillis(yield* DateTime.now)
      const created = yield* oneUser(sql`
        INSERT INTO users (email, email_lower, name, created_at)
        VALUES (${input.email}, ${input.email.toLowerCase()}, ${input.name}, ${now})
        ON CONFLICT (email_lower) DO NOTHING
        RETURNING id, email, name`)
      if (Option.isNone(created)) return yield* new Errors.EmailTaken({ email: input.email })
      return new Account.User(created.value)
    }
  )

  const findUserByEmail = Effect.fn("AccountStore.findUserByEmail")(function*(email: string) {
    const found = yield* users(sql`SELECT id, email, name FROM users WHERE email_lower = ${email.toLowerCase()}`)
    if (found.length === 0) return yield* new Errors.UserNotFound({ email })
    return new Account.User(found[0]!)
  })

  const createKey = Effect.fn("AccountStore.createKey")(
    function*(userId: Ids.UserId, input: { readonly name: string; readonly scopes: ReadonlyArray<Scope.Scope> }) {
      const secret = ApiKey.format(yield* Effect.sync(() => randomBytes(32)))
      const now = toMillis(yield* DateTime.now)
      const row = yield* singleKey(sql`
        INSERT INTO api_keys (user_id, name, scopes, prefix, secret_hash, created_at)
        VALUES (${userId}, ${input.name}, ${input.scopes.join(",")}, ${ApiKey.prefixOf(secret)}, ${sha256(secret)},
          ${now})
        RETURNING ${keyFields}`)
      return { apiKey: new ApiKey.ApiKey(row), secret }
    }
  )

  const listKeys = Effect.fn("AccountStore.listKeys")(function*(userId: Ids.UserId) {
    const rows = yield* keys(sql`SELECT ${keyFields} FROM api_keys WHERE user_id = ${userId} ORDER BY id`)
    return rows.map((row) => new ApiKey.ApiKey(row))
  })

  const revokeKey = Effect.fn("AccountStore.revokeKey")(function*(keyId: Ids.ApiKeyId) {
    const now = toMillis(yield* DateTime.now)
    const revoked = yield* oneKey(sql`
      UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${now}) WHERE id = ${keyId}
      RETURNING ${keyFields}`)
    if (Option.isNone(revoked)) return yield* new Errors.ApiKeyNotFound({ key_id: keyId })
    return new ApiKey.ApiKey(revoked.value)
  })

  const updateKeyScopes = Effect.fn("AccountStore.updateKeyScopes")(
    function*(keyId: Ids.ApiKeyId, scopes: ReadonlyArray<Scope.Scope>) {
      const updated = yield* oneKey(sql`
        UPDATE api_keys SET scopes = ${scopes.join(",")} WHERE id = ${keyId}
        RETURNING ${keyFields}`)
      if (Option.isNone(updated)) return yield* new Errors.ApiKeyNotFound({ key_id: keyId })
      return new ApiKey.ApiKey(updated.value)
    }
  )

  const getProfile = Effect.fn("AccountStore.getProfile")(function*(userId: Ids.UserId) {
    const found = yield* oneProfile(sql`SELECT profile FROM users WHERE id = ${userId}`)
    return Option.flatMap(found, (row) => Option.fromNullable(row.profile))
  })

  const setProfile = Effect.fn("AccountStore.setProfile")(function*(userId: Ids.UserId, profile: Profile.Profile) {
    const json = yield* Effect.orDie(encodeProfile(profile))
    const now = toMillis(yield* DateTime.now)
    yield* run(sql`UPDATE users SET profile = ${json}, profile_updated_at = ${now} WHERE id = ${userId}`)
  })

  return AccountStore.AccountStore.of({
    authenticate,
    createUser,
    findUserByEmail,
    createKey,
    listKeys,
    updateKeyScopes,
    revokeKey,
    getProfile,
    setProfile
  })
})

/** The AccountStore over the SqlClient in context. */
export const layer: Layer.Layer<AccountStore.AccountStore, never, SqlClient.SqlClient> = Layer.effect(
  AccountStore.AccountStore,
  make
)
