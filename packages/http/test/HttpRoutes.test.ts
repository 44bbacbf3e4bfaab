import { assert, describe, it } from "@effect/vitest"
import { Account, Errors, Gateway, Ids, Server, Tools } from "@jobfit/core"
import { McpServer } from "@jobfit/mcp"
import { Effect, Layer, Logger, ManagedRuntime, Option } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll } from "vitest"
import * as HotRoutes from "../src/HotRoutes.js"
import * as HttpRoutes from "../src/HttpRoutes.js"
import * as NodeListener from "../src/NodeListener.js"
import * as ToolCallBody from "../src/ToolCallBody.js"

const rate = Option.some({ limit: 60, remaining: 19, reset: 3 })
const calls: Array<{ readonly tool: string; readonly args: unknown }> = []
const clients: Array<string> = []

const principal: Account.Principal = {
  user: new Account.User({ id: Ids.UserId.make(1), email: "ada@example.com", name: "Ada" }),
  key: { id: Ids.ApiKeyId.make(1), name: "default", scopes: ["jobs_read"] }
}

const statusValue = {
  status: "ok" as const,
  user: { id: principal.user.id, email: principal.user.email },
  key: principal.key,
  credits: { balance_cents: 5, balance_dollars: "0.05" },
  server: Server.info
}

const admit = (caller: Gateway.Caller): Effect.Effect<typeof rate, Errors.AppError> =>
  caller.authorization === "Bearer good"
    ? Effect.succeed(rate)
    : caller.authorization === "Bearer busy"
    ? Effect.fail(new Errors.RateLimitExceeded({ retry_after: 7, limit: 60 }))
    : caller.authorization === "Bearer outage"
    // The store failed while reading the key: the Gateway's InternalError, not a bad key.
    ? Effect.fail(new Errors.InternalError())
    : Effect.fail(new Errors.InvalidApiKey({ message: "Invalid API key" }))

const run = (tool: string, args: unknown) => {
  switch (tool) {
    case "echo":
      return Effect.succeed({ arguments: args ?? null })
    case "poor":
      return Effect.fail(new Errors.InsufficientCredits({ required_credits: 5, available_credits: 0 }))
    case "broken":
      return Effect.die(new Error("SELECT secret FROM api_keys"))
    default:
      return Effect.fail(new Errors.InvalidRequest({ message: `Unknown tool: ${tool}` }))
  }
}

// Only what these tests touch; admission by the Authorization header alone.
const GatewayStub = Layer.succeed(
  Gateway.Gateway,
  Gateway.Gateway.make({
    tools: Tools.tools,
    admit: (caller) => {
      clients.push(caller.client)
      return Effect.map(admit(caller), (rate) => ({ principal, rate }))
    },
    status: (caller) => Effect.map(admit(caller), (rate) => ({ value: statusValue, rate })),
    callAs: (_principal, tool, args) => {
      calls.push({ tool, args })
      return run(tool, args)
    },
    call: () => Effect.die("not used by the REST transport"),
    admitAnother: () => Effect.succeed(Option.none())
  })
)

const quiet = Layer.merge(GatewayStub, Logger.remove(Logger.defaultLogger))

/** How a test's request reaches the app, and the client address the Gateway is then told. */
interface Transport {
  readonly name: string
  readonly client: string
  readonly fetch: (path: string, init: RequestInit) => Promise<Response>
}

// The web-standard handler: the platform's path for every route.
const web = HttpRoutes.toWebHandler(quiet)
afterAll(web.dispose)

// The Node listener on a socket, as a server runs it, its tracer off: POST /api/mcp/tools/call takes the hot route.
const runtime = ManagedRuntime.make(
  Layer.provideMerge(McpServer.McpServer.Default, Layer.merge(quiet, Layer.setTracerEnabled(false)))
)
const server = http.createServer()
afterAll(() => {
  server.close()
  return runtime.dispose()
})
const port = async () => {
  if (!server.listening) {
    server.on("request", await runtime.runPromise(NodeListener.make()))
    await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  }
  return (server.address() as AddressInfo).port
}

const transports: ReadonlyArray<Transport> = [
  {
    name: "web handler",
    client: "unknown",
    fetch: (path, init) => web.handler(new Request(`http://jobfit.test${path}`, init))
  },
  {
    name: "node listener",
    client: "127.0.0.1",
    fetch: async (path, init) => fetch(`http://127.0.0.1:${await port()}${path}`, init)
  }
]

interface Sent {
  readonly method?: string
  readonly auth?: string
  readonly body?: string
  readonly headers?: Record<string, string>
}

const invalid = (message: string) => ({ detail: { code: "INVALID_REQUEST", message } })
/** RateLimit-Limit, -Remaining and -Reset, as sent. */
const rateHeaders = (headers: Headers) =>
  ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"].map((name) => headers.get(name))

for (const transport of transports) {
  // A request the client itself refuses to send fails; the tests that expect it catch it.
  const send = (path: string, sent: Sent = {}) =>
    Effect.tryPromise(async () => {
      const headers = new Headers(sent.headers)
      if (sent.auth !== undefined) headers.set("authorization", sent.auth)
      if (sent.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json")
      const response = await transport.fetch(path, {
        method: sent.method ?? (sent.body === undefined ? "GET" : "POST"),
        headers,
        ...(sent.body === undefined ? {} : { body: sent.body })
      })
      const text = await response.text()
      const json: unknown = text === "" ? undefined : JSON.parse(text)
      return { status: response.status, headers: response.headers, text, json }
    })

  const call = (body: string, auth = "Bearer good", headers: Record<string, string> = {}) =>
    send("/api/mcp/tools/call", { body, auth, headers })

  describe(`HttpRoutes over the ${transport.name}`, () => {
    it.effect("answers a store outage while authenticating with 500 on REST and MCP, never 401", () =>
      Effect.gen(function*() {
        const rest = yield* call(JSON.stringify({ name: "echo" }), "Bearer outage")
        assert.strictEqual(rest.status, 500)
        assert.deepStrictEqual(rest.json, {
          detail: { code: "INTERNAL_ERROR", message: new Errors.InternalError().message }
        })
        const mcp = yield* send("/api/mcp", {
          auth: "Bearer outage",
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
          headers: { accept: "application/json, text/event-stream" }
        })
        assert.strictEqual(mcp.status, 500)
        assert.isNull(mcp.headers.get("www-authenticate"))
        assert.deepInclude((mcp.json as { error: object }).error, { code: -32603 })
      }))

    it.effect("GET /healthz answers without a key", () =>
      Effect.gen(function*() {
        const res = yield* send("/healthz")
        assert.strictEqual(res.status, 200)
        assert.deepStrictEqual(res.json, { status: "ok" })
        assert.match(res.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/)
      }))

    it.effect("echoes a sane X-Request-Id and replaces one that is not", () =>
      Effect.gen(function*() {
        const kept = yield* send("/healthz", { headers: { "x-request-id": "req-42.abc" } })
        assert.strictEqual(kept.headers.get("x-request-id"), "req-42.abc")
        const replaced = yield* send("/healthz", { headers: { "x-request-id": "a\"b<script>" } })
        assert.match(replaced.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/)
        const tooLong = yield* send("/healthz", { headers: { "x-request-id": "x".repeat(129) } })
        assert.match(tooLong.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/)
      }))

    it.effect("GET /api/mcp/status gives the value and RateLimit-* headers", () =>
      Effect.gen(function*() {
        const res = yield* send("/api/mcp/status", { auth: "Bearer good" })
        assert.strictEqual(res.status, 200)
        assert.deepStrictEqual(res.json, statusValue)
        assert.deepStrictEqual(rateHeaders(res.headers), ["60", "19", "3"])
        assert.strictEqual(res.headers.get("content-type"), "application/json")
      }))

    it.effect("401 carries WWW-Authenticate: Bearer", () =>
      Effect.gen(function*() {
        const res = yield* send("/api/mcp/status")
        assert.strictEqual(res.status, 401)
        assert.deepStrictEqual(res.json, { detail: { code: "INVALID_API_KEY", message: "Invalid API key" } })
        assert.strictEqual(res.headers.get("www-authenticate"), "Bearer")
      }))

    it.effect("429 carries Retry-After and RateLimit-* headers", () =>
      Effect.gen(function*() {
        const res = yield* send("/api/mcp/status", { auth: "Bearer busy" })
        assert.strictEqual(res.status, 429)
        assert.deepStrictEqual(res.json, {
          detail: {
            code: "RATE_LIMIT_EXCEEDED",
            message: "Rate limit exceeded; retry after 7 seconds",
            retry_after: 7,
            limit: 60
          }
        })
        assert.strictEqual(res.headers.get("retry-after"), "7")
        assert.deepStrictEqual(rateHeaders(res.headers), ["60", "0", "7"])
      }))

    it.effect("POST /api/mcp/tools/call passes name, arguments and client, and answers the bare result", () =>
      Effect.gen(function*() {
        const res = yield* call(JSON.stringify({ name: "echo", arguments: { limit: 5 } }))
        assert.strictEqual(res.status, 200)
        assert.deepStrictEqual(res.json, { arguments: { limit: 5 } })
        assert.deepStrictEqual(calls[calls.length - 1], { tool: "echo", args: { limit: 5 } })
        assert.strictEqual(clients[clients.length - 1], transport.client)
        assert.strictEqual(res.headers.get("ratelimit-remaining"), "19")
        const bare = yield* call(JSON.stringify({ name: "echo" }), "Bearer good", {
          "content-type": "application/json; charset=utf-8"
        })
        assert.deepStrictEqual(bare.json, { arguments: null })
      }))

    it.effect("402 has integer required_credits and available_credits", () =>
      Effect.gen(function*() {
        const res = yield* call(JSON.stringify({ name: "poor" }))
        assert.strictEqual(res.status, 402)
        assert.strictEqual(res.headers.get("ratelimit-remaining"), "19")
        assert.deepStrictEqual(res.json, {
          detail: {
            code: "INSUFFICIENT_CREDITS",
            message: "Insufficient credits: this call costs 5, the balance is 0",
            required_credits: 5,
            available_credits: 0
          }
        })
      }))

    it.effect("bad bodies are 400 INVALID_REQUEST and never reach the Gateway's tools", () =>
      Effect.gen(function*() {
        const before = calls.length
        const cases: ReadonlyArray<readonly [string, string]> = [
          ["{not json", "The request body is not valid JSON"],
          ["", "The request body is not valid JSON"],
          ["[1,2]", "The request body must be a JSON object: {\"name\": string, \"arguments\"?: object}"],
          ["\"get_credits\"", "The request body must be a JSON object: {\"name\": string, \"arguments\"?: object}"],
          ["null", "The request body must be a JSON object: {\"name\": string, \"arguments\"?: object}"],
          ["{}", "Invalid request body: name: is missing"],
          ["{\"name\": 5}", "Invalid request body: name: must be a string"],
          ["{\"name\": \"echo\", \"arguments\": [1]}", "Invalid request body: arguments: must be a JSON object"],
          ["{\"name\": \"echo\", \"arguments\": null}", "Invalid request body: arguments: must be a JSON object"],
          ["{\"name\": \"echo\", \"arguments\": \"x\"}", "Invalid request body: arguments: must be a JSON object"],
          [
            "{\"name\": \"echo\", \"extra\": 1}",
            "Invalid request body: extra: is unexpected, expected: \"name\" | \"arguments\""
          ]
        ]
        for (const [body, message] of cases) {
          const res = yield* call(body)
          assert.strictEqual(res.status, 400, body)
          assert.deepStrictEqual(res.json, invalid(message), body)
          assert.strictEqual(res.headers.get("ratelimit-remaining"), "19", body)
        }
        assert.strictEqual(calls.length, before)
      }))

    it.effect("a Content-Type other than application/json is 400", () =>
      Effect.gen(function*() {
        const res = yield* call(JSON.stringify({ name: "echo" }), "Bearer good", { "content-type": "text/plain" })
        assert.strictEqual(res.status, 400)
        assert.deepStrictEqual(res.json, invalid("Content-Type must be application/json"))
      }))

    it.effect("a body without a Content-Type is taken as JSON", () =>
      Effect.promise(async () => {
        const response = await transport.fetch("/api/mcp/tools/call", {
          method: "POST",
          headers: { authorization: "Bearer good" },
          body: new TextEncoder().encode(JSON.stringify({ name: "echo", arguments: { a: 1 } }))
        })
        assert.strictEqual(response.status, 200)
        assert.deepStrictEqual(await response.json(), { arguments: { a: 1 } })
      }))

    it.effect("a bad body without a valid key is 401, not 400", () =>
      Effect.gen(function*() {
        const res = yield* call("{not json", "Bearer nope")
        assert.strictEqual(res.status, 401)
        assert.strictEqual((yield* call("{not json", "Bearer busy")).status, 429)
      }))

    it.effect("a body over 1 MiB is 413 PAYLOAD_TOO_LARGE", () =>
      Effect.gen(function*() {
        const big = JSON.stringify({ name: "echo", arguments: { pad: "x".repeat(ToolCallBody.MAX_BYTES) } })
        const res = yield* call(big)
        assert.strictEqual(res.status, 413)
        assert.deepStrictEqual(res.json, {
          detail: {
            code: "PAYLOAD_TOO_LARGE",
            message: "Request body is larger than 1048576 bytes",
            max_bytes: 1048576
          }
        })
        const declared = yield* call("{}", "Bearer good", { "content-length": "2000000" }).pipe(Effect.either)
        // fetch's Request may refuse a mismatching Content-Length; either way nothing is read past the limit.
        if (declared._tag === "Right") assert.notStrictEqual(declared.right.status, 200)
      }))

    it.effect("a defect is 500 INTERNAL_ERROR with nothing of the cause", () =>
      Effect.gen(function*() {
        const res = yield* call(JSON.stringify({ name: "broken" }))
        assert.strictEqual(res.status, 500)
        assert.deepStrictEqual(res.json, { detail: { code: "INTERNAL_ERROR", message: "Internal server error" } })
        assert.notInclude(res.text, "SELECT")
        assert.isNotNull(res.headers.get("x-request-id"))
      }))

    it.effect("unknown routes are 404 and wrong methods 405 with Allow", () =>
      Effect.gen(function*() {
        const missing = yield* send("/api/nothing?x=1")
        assert.strictEqual(missing.status, 404)
        assert.deepStrictEqual(missing.json, { detail: { code: "NOT_FOUND", message: "No route for /api/nothing" } })
        const wrong = yield* send("/api/mcp/tools/call", { method: "GET", auth: "Bearer good" })
        assert.strictEqual(wrong.status, 405)
        assert.deepStrictEqual(wrong.json, {
          detail: { code: "METHOD_NOT_ALLOWED", message: "Method GET is not allowed here; use POST" }
        })
        assert.strictEqual(wrong.headers.get("allow"), "POST")
        const put = yield* send("/api/mcp/status", { method: "PUT", body: "{}" })
        assert.strictEqual(put.status, 405)
        assert.strictEqual(put.headers.get("allow"), "GET, HEAD")
      }))
  })
}

describe("the hot route on the Node listener", () => {
  it.effect("is on while the tracer is off, and off while it is on (the platform's path gives each request its span)", () =>
    Effect.gen(function*() {
      const off = yield* Effect.promise(() => runtime.runPromise(HotRoutes.make()))
      assert.isDefined(off)
      const on = yield* Effect.promise(() => runtime.runPromise(HotRoutes.make().pipe(Effect.withTracerEnabled(true))))
      assert.isUndefined(on)
    }))

  it.effect("refuses a declared Content-Length over 1 MiB with 413 before reading the body", () =>
    Effect.promise(async () => {
      const at = await port()
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request({
          host: "127.0.0.1",
          port: at,
          method: "POST",
          path: "/api/mcp/tools/call",
          headers: { authorization: "Bearer good", "content-type": "application/json", "content-length": "2000000" }
        }, (response) => {
          let body = ""
          response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk)).on("end", () => {
            request.destroy()
            resolve({ status: response.statusCode ?? 0, body })
          })
        })
        request.on("error", reject)
        // Only the first bytes are sent: the answer must not wait for the rest.
        request.write("{\"name\":")
      })
      assert.strictEqual(answer.status, 413)
      assert.deepStrictEqual(JSON.parse(answer.body), {
        detail: { code: "PAYLOAD_TOO_LARGE", message: "Request body is larger than 1048576 bytes", max_bytes: 1048576 }
      })
    }))

  it.effect("a server that listens but does not serve yet answers 503 SERVICE_UNAVAILABLE with Retry-After", () =>
    Effect.promise(async () => {
      const waiting = http.createServer(new HotRoutes.Dispatch().listener)
      await new Promise<void>((listening) => waiting.listen(0, "127.0.0.1", listening))
      try {
        const response = await fetch(`http://127.0.0.1:${(waiting.address() as AddressInfo).port}/healthz`)
        assert.strictEqual(response.status, 503)
        assert.strictEqual(response.headers.get("retry-after"), "1")
        assert.deepStrictEqual(await response.json(), {
          detail: {
            code: "SERVICE_UNAVAILABLE",
            message: "Serving requests is not available on this server yet; nothing was charged",
            feature: "Serving requests"
          }
        })
      } finally {
        waiting.close()
      }
    }))
})
