import { Clock, Effect, Layer } from "effect"
import type { KeyPrincipal } from "./Account.js"
import { AccountStore } from "./AccountStore.js"
import type { ApiKeyId } from "./Ids.js"

/** How long a key's principal is reused: other processes see a revocation or a scope change within this. */
export const TTL_MS = 1_000
const MAX_ENTRIES = 10_000

/**
 * AccountStore with authentication remembered for a second: a busy key costs one store query a second instead of
 * one a request. A revocation or a scope change made through this process forgets the key at once; other processes
 * of a fleet forget it when its second is up. Failed authentications are never remembered.
 */
export const layer = Layer.effect(
  AccountStore,
  Effect.map(AccountStore, (store) => {
    const entries = new Map<string, { readonly principal: KeyPrincipal; readonly until: number }>()
    const forget = (keyId: ApiKeyId) =>
      Effect.sync(() => {
        for (const [secret, entry] of entries) if (entry.principal.key.id === keyId) entries.delete(secret)
      })
    const authenticate = (secret: string) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const known = entries.get(secret)
        if (known !== undefined && known.until > now) return Effect.succeed(known.principal)
        return Effect.tap(store.authenticate(secret), (principal) =>
          Effect.sync(() => {
            if (entries.size >= MAX_ENTRIES) entries.clear()
            entries.set(secret, { principal, until: now + TTL_MS })
          }))
      })
    return AccountStore.of({
      ...store,
      authenticate,
      // Forgotten before and after the change: an authentication racing it keeps the old principal a second at most.
      revokeKey: (keyId) => forget(keyId).pipe(Effect.zipRight(store.revokeKey(keyId)), Effect.zipLeft(forget(keyId))),
      updateKeyScopes: (keyId, scopes) =>
        forget(keyId).pipe(Effect.zipRight(store.updateKeyScopes(keyId, scopes)), Effect.zipLeft(forget(keyId)))
    })
  })
)
