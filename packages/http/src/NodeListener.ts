import { NodeHttpServer } from "@effect/platform-node"
import type { Gateway } from "@jobfit/core"
import type { McpServer } from "@jobfit/mcp"
import { Effect } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import * as HotRoutes from "./HotRoutes.js"
import * as HttpRoutes from "./HttpRoutes.js"
import * as Mount from "./Mount.js"

/** A Node `(req, res)` request listener: `http.createServer(listener)`, or a handler for Express and the like. */
export type Listener = (request: IncomingMessage, response: ServerResponse) => void

export interface Options {
  /**
   * Served under this path prefix (see Mount.under); default: none. Leave it out where the host strips its mount
   * path itself, as Express's `app.use("/jobfit", listener)` does.
   */
  readonly prefix?: string | undefined
}

/**
 * The REST and MCP app as a Node request listener over the runtime this runs in, which must hold the Gateway and
 * the McpServer. The client's socket address counts for requests without a valid key; a client that goes away
 * interrupts its request.
 */
export const make: (
  options?: Options
) => Effect.Effect<Listener, never, Gateway.Gateway | McpServer.McpServer> = Effect.fn("NodeListener.make")(
  function*(options: Options = {}) {
    const prefix = Mount.normalize(options.prefix ?? "")
    const app: Listener = yield* NodeHttpServer.makeHandler(Mount.under(prefix)(HttpRoutes.app))
    return new HotRoutes.Dispatch(app, yield* HotRoutes.make(prefix)).listener
  }
)
