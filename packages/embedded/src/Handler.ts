import type { Gateway } from "@jobfit/core"
import { NodeListener, WebHandler } from "@jobfit/http"
import type { McpServer } from "@jobfit/mcp"
import { Effect, Runtime } from "effect"
import { ClosedError } from "./JobfitError.js"

export type Handler = WebHandler.Handler
export type ClientInfo = WebHandler.ClientInfo
export type Listener = NodeListener.Listener

/** The HTTP app (REST, MCP over HTTP) in both forms a host can mount. */
export interface HttpForms {
  /** Web standard: `(Request, { remoteAddress }?) => Promise<Response>` (Hono, Next.js, Bun, Deno...). */
  readonly handler: Handler
  /** Node: `(req, res) => void` (Express, Fastify with `reply.hijack()`, `http.createServer`). */
  readonly listener: Listener
}

export interface HandlerOptions {
  /**
   * The path prefix the host passes on, removed before routing (`/jobfit/api/mcp/status` is `/api/mcp/status`);
   * requests outside it are 404. Leave it out where the host strips its mount path itself (Express's `app.use`).
   */
  readonly prefix?: string | undefined
}

/**
 * Both HTTP forms over a runtime that holds the Gateway and the MCP server, such as `layer(options)` gives an
 * Effect program (`ManagedRuntime.make(layer(options)).runtime()`). They live as long as that runtime.
 */
export const createHandler = (
  runtime: Runtime.Runtime<Gateway.Gateway | McpServer.McpServer>,
  options: HandlerOptions = {}
): HttpForms =>
  Runtime.runSync(runtime)(
    Effect.all({ handler: WebHandler.make(options), listener: NodeListener.make(options) })
  )

const closedBody = () => JSON.stringify(new ClosedError().toJSON())

/** The forms answering 503 CLOSED once `closed()` holds, rather than running on a disposed runtime. */
export const guard = (forms: HttpForms, closed: () => boolean): HttpForms => ({
  handler: (request, client) =>
    closed()
      ? Promise.resolve(new Response(closedBody(), { status: 503, headers: { "content-type": "application/json" } }))
      : forms.handler(request, client),
  listener: (request, response) => {
    if (!closed()) return forms.listener(request, response)
    response.writeHead(503, { "content-type": "application/json" })
    response.end(closedBody())
  }
})
