import { Headers, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Errors, type Gateway } from "@jobfit/core"
import { JsonRpc, McpServer, Protocol } from "@jobfit/mcp"
import { Config, Effect, Option } from "effect"
import * as Responses from "./Responses.js"
import * as ToolCallBody from "./ToolCallBody.js"

/** Origins allowed to call /api/mcp from a browser, beyond the server's own (JOBFIT_ALLOWED_ORIGINS, comma list). */
export const AllowedOrigins = Config.array(Config.string(), "JOBFIT_ALLOWED_ORIGINS").pipe(
  Config.withDefault<ReadonlyArray<string>>([])
)

const rpcError = (status: number, code: number, message: string, headers: Headers.Input = {}) =>
  HttpServerResponse.unsafeJson(JsonRpc.failure(null, code, message), { status, headers })

// A browser page on another site must not drive a local server (DNS rebinding); same host or listed only.
const originAllowed = (origin: string, host: Option.Option<string>, allowed: ReadonlyArray<string>) => {
  if (allowed.includes(origin)) return true
  try {
    return Option.exists(host, (h) => new URL(origin).host === h)
  } catch {
    return false
  }
}

/** The headers of a refused caller's answer: 401 asks for a Bearer key, 429 says when to retry. */
const refusal = (error: Errors.AppError) => ({
  status: Errors.catalogue[error._tag].status === 429 ? 429 : 401,
  headers: Responses.errorHeaders(error)
})

/**
 * MCP streamable HTTP, POST: one JSON-RPC message or batch in, JSON out (this server streams nothing, so it never
 * needs SSE). Stateless: no session id is issued. Notifications and client responses get 202 and no body.
 */
export const post = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const header = (name: string) => Headers.get(request.headers, name)
  const origin = header("origin")
  if (Option.isSome(origin) && !originAllowed(origin.value, header("host"), yield* Effect.orDie(AllowedOrigins))) {
    return rpcError(403, Protocol.codes.invalidRequest, `Origin ${origin.value} is not allowed`)
  }
  const version = Option.getOrUndefined(header("mcp-protocol-version"))
  if (version !== undefined && !Protocol.isSupported(version)) {
    return rpcError(
      400,
      Protocol.codes.invalidRequest,
      `Unsupported MCP-Protocol-Version ${version}; supported: ${Protocol.versions.join(", ")}`
    )
  }
  if (!ToolCallBody.isJsonContentType(header("content-type"))) {
    return rpcError(415, Protocol.codes.invalidRequest, "Content-Type must be application/json")
  }
  const text = yield* Effect.either(ToolCallBody.readText())
  if (text._tag === "Left") {
    const status = Errors.catalogue[text.left._tag].status
    return rpcError(status, Protocol.codes.invalidRequest, text.left.message)
  }
  const caller: Gateway.Caller = {
    authorization: Option.getOrUndefined(header("authorization")),
    client: Option.getOrElse(request.remoteAddress, () => "unknown")
  }
  const server = yield* McpServer.McpServer
  const reply = yield* server.handle(text.right, { caller, protocolVersion: version })
  return Option.match(reply, {
    onNone: () => HttpServerResponse.empty({ status: 202 }),
    onSome: ({ body, refused }) =>
      HttpServerResponse.unsafeJson(
        body,
        Option.match(refused, {
          onNone: () => ({ status: 200, headers: { "cache-control": "no-store" } }),
          onSome: refusal
        })
      )
  })
}).pipe(Effect.withSpan("McpRoute.post"))
