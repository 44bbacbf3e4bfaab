import { Effect } from "effect"
import { TestServer } from "./TestServer.js"

/** An HTTP answer as the tests look at it. */
export interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  /** The body parsed as JSON; undefined when it is empty. */
  readonly body: unknown
}

// Only JSON answers are parsed; pages and event streams stay text.
const parse = (text: string, contentType: string | null): unknown =>
  text === "" || !(contentType ?? "").includes("json") ? undefined : JSON.parse(text)

/** A real HTTP request (Node's fetch) to the server under test. */
export const request = Effect.fn("Client.request")(function*(path: string, init: RequestInit = {}) {
  const { baseUrl } = yield* TestServer
  return yield* Effect.promise(async (): Promise<Reply> => {
    const response = await fetch(baseUrl + path, init)
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: parse(text, response.headers.get("content-type"))
    }
  })
})

const authorization = (key: string | undefined): Record<string, string> =>
  key === undefined ? {} : { authorization: `Bearer ${key}` }

/** `POST /api/mcp/tools/call` with `{ name, arguments }` (arguments left out when undefined) and extra headers. */
export const call = (key: string | undefined, name: string, args?: unknown, headers: Record<string, string> = {}) =>
  request("/api/mcp/tools/call", {
    method: "POST",
    headers: { "content-type": "application/json", ...authorization(key), ...headers },
    body: JSON.stringify(args === undefined ? { name } : { name, arguments: args })
  })

/** `POST /api/mcp/tools/call` with a body sent as it is. */
export const callRaw = (key: string | undefined, body: string, contentType = "application/json") =>
  request("/api/mcp/tools/call", {
    method: "POST",
    headers: { "content-type": contentType, ...authorization(key) },
    body
  })

/** `GET /api/mcp/status`. */
export const status = (key: string | undefined) => request("/api/mcp/status", { headers: authorization(key) })

/** A JSON-RPC request. */
export const rpc = (id: number, method: string, params?: object) => ({
  jsonrpc: "2.0",
  id,
  method,
  ...(params ? { params } : {})
})

/** POST /api/mcp with a JSON-RPC body (sent as it is when a string) and optional extra headers. */
export const mcp = (key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  request("/api/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...authorization(key),
      ...headers
    },
    body: typeof body === "string" ? body : JSON.stringify(body)
  })
