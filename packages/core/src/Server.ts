import { Schema } from "effect"
import { CreditBalance } from "./Credits.js"
import { Scope } from "./Scope.js"

/** The name and version this service reports about itself. */
export const info = { name: "jobfit", version: "0.1.0" } as const

/**
 * The connection test's answer (`GET /api/mcp/status`): the one definition the Gateway builds it by, OpenAPI
 * documents and the embedded library types.
 */
export const StatusResponse = Schema.Struct({
  status: Schema.Literal("ok"),
  user: Schema.Struct({ id: Schema.Int, email: Schema.String }),
  key: Schema.Struct({ id: Schema.Int, name: Schema.String, scopes: Schema.Array(Scope) }),
  credits: CreditBalance,
  server: Schema.Struct({ name: Schema.String, version: Schema.String })
}).annotations({ identifier: "StatusResponse", description: "The connection test's answer" })
export type StatusResponse = typeof StatusResponse.Type
