import { HttpApp, HttpServerRequest } from "@effect/platform"
import type { Gateway } from "@jobfit/core"
import type { McpServer } from "@jobfit/mcp"
import { Context, Effect, Option } from "effect"
import * as HttpRoutes from "./HttpRoutes.js"
import * as Mount from "./Mount.js"

/** The client's address as the host knows it; a web-standard Request does not carry one. */
export class ClientAddress extends Context.Tag("@jobfit/http/ClientAddress")<ClientAddress, string>() {}

/** What a host may tell about a request beside the Request itself. */
export interface ClientInfo {
  /** Counted for the rate limit of requests without a valid key; without it they share one bucket. */
  readonly remoteAddress?: string | undefined
}

/** A web-standard handler; the second argument is optional, and ignored unless it is a ClientInfo. */
export type Handler = (request: Request, client?: ClientInfo) => Promise<Response>

export interface Options {
  /** Served under this path prefix (see Mount.under); default: none. */
  readonly prefix?: string | undefined
}

const withClientAddress = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.flatMap(Effect.serviceOption(ClientAddress), (address) =>
    Option.match(address, {
      onNone: () => app,
      onSome: (remoteAddress) =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
          Effect.provideService(app, HttpServerRequest.HttpServerRequest, request.modify({ remoteAddress })))
    }))

// Hosts call mounted handlers with arguments of their own (Hono passes its env); only a string address counts.
const addressOf = (client: unknown): string | undefined => {
  if (typeof client !== "object" || client === null || !("remoteAddress" in client)) return undefined
  return typeof client.remoteAddress === "string" && client.remoteAddress !== "" ? client.remoteAddress : undefined
}

/**
 * The REST and MCP app as `(Request, ClientInfo?) => Promise<Response>` over the runtime this runs in, which
 * must hold the Gateway and the McpServer. Unlike HttpRoutes.toWebHandler it builds no layer of its own.
 */
export const make: (
  options?: Options
) => Effect.Effect<Handler, never, Gateway.Gateway | McpServer.McpServer> = Effect.fn("WebHandler.make")(
  function*(options: Options = {}) {
    const runtime = yield* Effect.runtime<Gateway.Gateway | McpServer.McpServer>()
    const app = Mount.under(options.prefix ?? "")(withClientAddress(HttpRoutes.app))
    const handle = HttpApp.toWebHandlerRuntime(runtime)(app)
    const handler: Handler = (request, client) => {
      const address = addressOf(client)
      return handle(request, address === undefined ? undefined : Context.make(ClientAddress, address))
    }
    return handler
  }
)
