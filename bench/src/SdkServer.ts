import { NodeRuntime } from "@effect/platform-node"
import { Gateway } from "@jobfit/core"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv"
import { Effect, Either, ManagedRuntime } from "effect"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import * as z from "zod"
import * as Child from "./Child.js"
import { callerOf, gatewayLayer } from "./Fixture.js"

/**
 * The official SDK's stateless streamable HTTP server (docs: simpleStatelessStreamableHttp), on node:http: a new
 * McpServer and StreamableHTTPServerTransport({ sessionIdGenerator: undefined }) for every POST /mcp.
 *
 * Its get_saved_jobs does the work ours does below the MCP layer, by the same code: Gateway.call on the same SQLite
 * file (authenticate the Bearer key, decode the arguments, read the page, encode it), through Fixture.cachedStore when
 * BENCH_STORE=cached, as ours then does. BENCH_SDK_WORK=static answers
 * a page computed once at start instead (no key check, no database): the SDK's ceiling, not a fair comparison.
 * BENCH_SDK_RESPONSE=json sets enableJsonResponse (JSON bodies, as ours sends) instead of the default SSE body.
 * BENCH_SDK_VALIDATOR=shared tunes it as its docs allow: one JSON Schema validator for every per-request server
 * (the `jsonSchemaValidator` server option) instead of a new one each (the body is already passed parsed).
 */

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const inputSchema = {
  status: z.enum(["all", "analyzed", "saved", "applied"]).optional(),
  limit: z.number().int().min(1).max(50).optional(),
  cursor: z.string().optional()
}

const success = (value: unknown): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  ...(isRecord(value) ? { structuredContent: value } : {}),
  isError: false
})

type Work = (authorization: string | undefined, client: string, args: unknown) => Promise<CallToolResult>

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.once("error", reject)
  })

const rpcError = (res: ServerResponse, status: number, code: number, message: string) =>
  res.writeHead(status, { "content-type": "application/json" }).end(
    JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null })
  )

const main = Effect.gen(function*() {
  const database = yield* Child.env("BENCH_DATABASE")
  const key = yield* Child.env("BENCH_KEY")
  const enableJsonResponse = process.env.BENCH_SDK_RESPONSE === "json"
  const runtime = yield* Effect.acquireRelease(
    Effect.sync(() =>
      ManagedRuntime.make(gatewayLayer(database, process.env.BENCH_STORE === "cached" ? "cached" : "sqlite"))
    ),
    (runtime) => Effect.promise(() => runtime.dispose())
  )
  const gateway = yield* Effect.promise(() => runtime.runPromise(Gateway.Gateway))

  const viaGateway: Work = async (authorization, client, args) => {
    const outcome = await runtime.runPromise(
      Effect.either(gateway.call({ authorization, client, tool: "get_saved_jobs", arguments: args }))
    )
    return Either.match(outcome, {
      onLeft: (error): CallToolResult => ({ content: [{ type: "text", text: error.message }], isError: true }),
      onRight: (outcome) => success(outcome.value)
    })
  }
  const page = yield* Effect.promise(() => viaGateway(callerOf(key).authorization, "127.0.0.1", { limit: 10 }))
  const work: Work = process.env.BENCH_SDK_WORK === "static" ? () => Promise.resolve(page) : viaGateway

  const validator = process.env.BENCH_SDK_VALIDATOR === "shared" ? new AjvJsonSchemaValidator() : undefined
  const makeServer = (authorization: string | undefined, client: string) => {
    const server = new McpServer(
      { name: "jobfit-sdk-bench", version: "1.0.0" },
      validator === undefined ? {} : { jsonSchemaValidator: validator }
    )
    server.registerTool("get_saved_jobs", {
      title: "List saved jobs",
      description: "List the user's jobs that were analyzed, saved or applied to, newest first.",
      inputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false }
    }, (args) => work(authorization, client, args))
    return server
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== "/mcp") return void res.writeHead(404).end()
    if (req.method !== "POST") return rpcError(res, 405, -32000, "Method not allowed.")
    let body: unknown
    try {
      body = JSON.parse(await readBody(req))
    } catch {
      return rpcError(res, 400, -32700, "Parse error")
    }
    const server = makeServer(req.headers.authorization, req.socket.remoteAddress ?? "unknown")
    // No sessionIdGenerator (the docs' `sessionIdGenerator: undefined`, which exactOptionalPropertyTypes refuses):
    // stateless, no session id issued or checked.
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse })
    res.on("close", () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
  }

  const http = yield* Effect.acquireRelease(
    Effect.async<Server>((resume) => {
      const http = createServer((req, res) => {
        handle(req, res).catch(() => {
          if (!res.headersSent) rpcError(res, 500, -32603, "Internal server error")
        })
      })
      http.listen(0, "127.0.0.1", () => resume(Effect.succeed(http)))
    }),
    (http) =>
      Effect.async<void>((resume) => {
        http.close(() => resume(Effect.void))
        http.closeAllConnections()
      })
  )
  const address = http.address()
  if (address === null || typeof address === "string") return yield* Effect.dieMessage("expected a TCP address")
  yield* Child.ready(`http://127.0.0.1:${address.port}/mcp`)
  return yield* Effect.never
})

main.pipe(Effect.scoped, NodeRuntime.runMain({ disablePrettyLogger: true }))
