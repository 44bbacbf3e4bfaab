import { AccountStore, type Ids, Ledger } from "@jobfit/core"
import { Context, Effect, Layer } from "effect"

/** One thing that happened to money or keys. */
export type AuditEntry =
  | { readonly action: "grant" | "charge"; readonly userId: Ids.UserId; readonly cents: number }
  | { readonly action: "refund"; readonly chargeId: Ids.LedgerEntryId }
  | { readonly action: "key created" | "key revoked" | "key scopes"; readonly keyId: Ids.ApiKeyId }

/** Where the trail goes: a table, a log shipper, a queue. */
export class AuditLog extends Context.Tag("@jobfit/example-custom-store/AuditLog")<AuditLog, {
  readonly record: (entry: AuditEntry) => Effect.Effect<void>
}>() {}

/** An AuditLog in memory, for tests and demos; `entries` is what it recorded. */
export const memoryLog = () => {
  const entries: Array<AuditEntry> = []
  return { entries, layer: Layer.succeed(AuditLog, { record: (entry) => Effect.sync(() => void entries.push(entry)) }) }
}

/**
 * Wraps any store: everything passes through to it, and each credit movement or key change that succeeds is
 * recorded. Services are spread, so methods the store gains later pass through untouched.
 */
export const audited = <Others, E, R>(
  inner: Layer.Layer<Others | AccountStore.AccountStore | Ledger.Ledger, E, R>
): Layer.Layer<Others | AccountStore.AccountStore | Ledger.Ledger, E, R | AuditLog> =>
  Layer.effectContext(Effect.gen(function*() {
    const context = yield* Effect.context<Others | AccountStore.AccountStore | Ledger.Ledger>()
    const { record } = yield* AuditLog
    const ledger = Context.get(context, Ledger.Ledger)
    const accounts = Context.get(context, AccountStore.AccountStore)
    return context.pipe(
      Context.add(Ledger.Ledger, {
        ...ledger,
        grant: (userId, cents, note) =>
          Effect.tap(ledger.grant(userId, cents, note), () => record({ action: "grant", userId, cents })),
        charge: (userId, cents, tool) =>
          Effect.tap(ledger.charge(userId, cents, tool), () => record({ action: "charge", userId, cents })),
        refund: (chargeId) => Effect.tap(ledger.refund(chargeId), () => record({ action: "refund", chargeId }))
      }),
      Context.add(AccountStore.AccountStore, {
        ...accounts,
        createKey: (userId, input) =>
          Effect.tap(
            accounts.createKey(userId, input),
            (created) => record({ action: "key created", keyId: created.apiKey.id })
          ),
        revokeKey: (keyId) => Effect.tap(accounts.revokeKey(keyId), () => record({ action: "key revoked", keyId })),
        updateKeyScopes: (keyId, scopes) =>
          Effect.tap(accounts.updateKeyScopes(keyId, scopes), () => record({ action: "key scopes", keyId }))
      })
    )
  })).pipe(Layer.provide(inner))
