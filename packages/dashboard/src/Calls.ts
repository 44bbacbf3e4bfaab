import { type Account, type Errors, Gateway, Ids, type Tools } from "@jobfit/core"
import { Effect, Schema } from "effect"
import * as Format from "./Format.js"

// The Gateway counts analyze_job per key id; a session is no key, so it gets an id no stored key reaches.
const SESSION_KEY_ID = Ids.ApiKeyId.make(Number.MAX_SAFE_INTEGER)

/** A signed-in user acts with every scope a user may hold, through the same Gateway as API keys. */
export const principal = (user: Account.User): Account.Principal => ({
  user,
  key: { id: SESSION_KEY_ID, name: "dashboard session", scopes: Format.userScopes }
})

/**
 * Runs a tool for the user through the Gateway (its scopes, prices, charges and refunds) and gives the result
 * back as the tool's decoded type. The arguments are decoded by the Gateway, as any caller's are.
 */
export const call = <T extends Tools.Tool>(
  user: Account.User,
  tool: T,
  args: unknown
): Effect.Effect<Schema.Schema.Type<T["result"]>, Errors.AppError, Gateway.Gateway> =>
  Effect.gen(function*() {
    const gateway = yield* Gateway.Gateway
    const value = yield* gateway.callAs(principal(user), tool.name, args)
    return yield* Effect.orDie(Schema.decodeUnknown(tool.result)(value))
  })
