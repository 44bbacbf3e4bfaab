import { Context, Data, Effect, Layer, Option } from "effect"
import type { SessionPrincipal } from "./Account.js"
import { AccountStore } from "./AccountStore.js"
import type { ApiKey } from "./ApiKey.js"
import { ApiKeyNotFound, type InvalidRequest, type VoucherInvalid } from "./Errors.js"
import type { ApiKeyId } from "./Ids.js"
import { type EntryPosition, Ledger, type LedgerEntry } from "./Ledger.js"
import { type Connection, OAuthStore } from "./OAuthStore.js"
import { type PaymentOutcome, PaymentProvider } from "./PaymentProvider.js"
import * as Scope from "./Scope.js"

/** The longest name a key may have. */
export const MAX_KEY_NAME = 100

/** What was wrong with a key's name or scopes, by field, in words a person reads beside the field. */
export class KeyRequestInvalid extends Data.TaggedError("KeyRequestInvalid")<{
  readonly problems: { readonly name?: string; readonly scopes?: string }
}> {
  override get message() {
    return Object.values(this.problems).join("; ")
  }
}

/**
 * The scopes a user may give their own key, from what a form or a client sent: known ones only, each once, and
 * never `admin` (the operator's, given by `jobfit keys`).
 */
const scopesFrom = (asked: ReadonlyArray<string>) => [
  ...new Set(
    asked.filter((s): s is Exclude<Scope.Scope, "admin"> => (Scope.ofUsers as ReadonlyArray<string>).includes(s))
  )
]

const NO_SCOPE = "Choose at least one scope"

const checkScopes = (asked: ReadonlyArray<string>) => {
  const scopes = scopesFrom(asked)
  return scopes.length === 0
    ? Effect.fail(new KeyRequestInvalid({ problems: { scopes: NO_SCOPE } }))
    : Effect.succeed(scopes)
}

/**
 * What a signed-in person does to their own account: their keys (made, re-scoped, revoked), the applications they
 * connected through OAuth, adding credits, and reading their credit history. Only a session may act here: a key cannot make or widen keys. Another user's key
 * is "not found", never "forbidden".
 */
export class SelfService extends Context.Tag("@jobfit/core/SelfService")<SelfService, {
  readonly keys: (principal: SessionPrincipal) => Effect.Effect<ReadonlyArray<ApiKey>>
  /** A new key; its secret is returned this once. An empty name becomes "default". */
  readonly createKey: (
    principal: SessionPrincipal,
    input: { readonly name: string; readonly scopes: ReadonlyArray<string> }
  ) => Effect.Effect<{ readonly apiKey: ApiKey; readonly secret: string }, KeyRequestInvalid>
  readonly rescopeKey: (
    principal: SessionPrincipal,
    keyId: number,
    scopes: ReadonlyArray<string>
  ) => Effect.Effect<ApiKey, ApiKeyNotFound | KeyRequestInvalid>
  readonly revokeKey: (principal: SessionPrincipal, keyId: number) => Effect.Effect<ApiKey, ApiKeyNotFound>
  /** Adds credits through the payment provider (by default, redeems a voucher code). */
  readonly addCredits: (
    principal: SessionPrincipal,
    form: Readonly<Record<string, string>>
  ) => Effect.Effect<PaymentOutcome, InvalidRequest | VoucherInvalid>
  /** The balance, and the history newest first from `before`. */
  readonly credits: (
    principal: SessionPrincipal,
    page: { readonly limit: number; readonly before?: EntryPosition }
  ) => Effect.Effect<{ readonly balance_cents: number; readonly entries: ReadonlyArray<LedgerEntry> }>
  /** The applications the user allowed through OAuth and that still hold tokens (none without an OAuth server). */
  readonly connections: (principal: SessionPrincipal) => Effect.Effect<ReadonlyArray<Connection>>
  /** Ends one of them at once; another user's, or one already ended, is "not found" (false). */
  readonly disconnect: (principal: SessionPrincipal, grantId: number) => Effect.Effect<boolean>
}>() {}

export const layer: Layer.Layer<SelfService, never, AccountStore | Ledger | PaymentProvider> = Layer.effect(
  SelfService,
  Effect.gen(function*() {
    const accounts = yield* AccountStore
    const ledger = yield* Ledger
    const provider = yield* PaymentProvider
    const oauth = yield* Effect.serviceOption(OAuthStore)

    /** The user's own key with this id; another user's, or none, is not found. */
    const own = (principal: SessionPrincipal, keyId: number) =>
      Effect.flatMap(
        accounts.listKeys(principal.user.id),
        (keys) =>
          Option.match(Option.fromNullable(keys.find((key) => key.id === keyId)), {
            onNone: () => Effect.fail(new ApiKeyNotFound({ key_id: keyId })),
            onSome: (key) => Effect.succeed(key.id as ApiKeyId)
          })
      )
    // The key was just found as the user's: a failure to change it is a defect, not "not found".
    const change = <A>(self: Effect.Effect<A, ApiKeyNotFound>) => Effect.orDie(self)

    return SelfService.of({
      keys: (principal) => accounts.listKeys(principal.user.id),
      createKey: (principal, input) =>
        Effect.gen(function*() {
          const name = input.name.trim()
          const scopes = scopesFrom(input.scopes)
          const problems: { name?: string; scopes?: string } = {}
          if (name.length > MAX_KEY_NAME) problems.name = `Use at most ${MAX_KEY_NAME} characters`
          if (scopes.length === 0) problems.scopes = NO_SCOPE
          if (Object.keys(problems).length > 0) return yield* new KeyRequestInvalid({ problems })
          const created = yield* accounts.createKey(principal.user.id, { name: name || "default", scopes })
          yield* Effect.logInfo("key created").pipe(Effect.annotateLogs({ keyId: created.apiKey.id }))
          return created
        }),
      rescopeKey: (principal, keyId, asked) =>
        Effect.gen(function*() {
          const id = yield* own(principal, keyId)
          const scopes = yield* checkScopes(asked)
          return yield* change(accounts.updateKeyScopes(id, scopes))
        }),
      revokeKey: (principal, keyId) => Effect.flatMap(own(principal, keyId), (id) => change(accounts.revokeKey(id))),
      addCredits: (principal, form) => provider.start(principal.user, form),
      credits: (principal, page) =>
        Effect.all({
          balance_cents: ledger.balance(principal.user.id),
          entries: ledger.entries(principal.user.id, page)
        }),
      connections: (principal) =>
        Option.match(oauth, {
          onNone: () => Effect.succeed([]),
          onSome: (store) => store.connections(principal.user.id)
        }),
      disconnect: (principal, grantId) =>
        Option.match(oauth, {
          onNone: () => Effect.succeed(false),
          onSome: (store) => store.disconnect(principal.user.id, grantId)
        })
    })
  })
)
