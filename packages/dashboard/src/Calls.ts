import { type Account, type Errors, Gateway, type Tools } from "@jobfit/core"
import { Effect, Schema } from "effect"

/**
 * Runs a tool as the signed-in member through the Gateway (its scopes, prices, charges and refunds) and gives the result
 * back as the tool's decoded type. The arguments are decoded by the Gateway, as any caller's are.
 */
export const call = <T extends Tools.Tool>(
  principal: Account.SessionPrincipal,
  tool: T,
  args: unknown
): Effect.Effect<Schema.Schema.Type<T["result"]>, Errors.AppError, Gateway.Gateway> =>
  Effect.gen(function*() {
    const gateway = yield* Gateway.Gateway
    const value = yield* gateway.callAs(principal, tool.name, args)
    return yield* Effect.orDie(Schema.decodeUnknown(tool.result)(value))
  })
