import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { request as httpRequest } from "node:http"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

/** POST /api/mcp with the Host (and Origin) given, as a rebound page would send them; node:http lets Host be set. */
const postWithHost = (key: string, host: string, origin?: string) =>
  Effect.gen(function*() {
    const base = new URL((yield* TestServer.TestServer).baseUrl)
    return yield* Effect.async<{ readonly status: number; readonly body: unknown }>((resume) => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" })
      const req = httpRequest({
        host: base.hostname,
        port: base.port,
        path: "/api/mcp",
        method: "POST",
        headers: {
          host,
          ...(origin === undefined ? {} : { origin }),
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${key}`,
          "content-length": Buffer.byteLength(body)
        }
      }, (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (c: Buffer) => chunks.push(c))
        res.on("end", () =>
          resume(Effect.succeed({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") as unknown
          })))
      })
      req.end(body)
    })
  })

describe("Host check on /api/mcp (DNS rebinding)", () => {
  layer(TestServer.layer({ store: sqlite }), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
    it.effect("a server on loopback refuses another name as Host, with or without a matching Origin", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ scopes: ["jobs_read"] })
        const port = new URL((yield* TestServer.TestServer).baseUrl).port
        for (const origin of [undefined, `http://evil.example:${port}`]) {
          const refused = yield* postWithHost(key, `evil.example:${port}`, origin)
          assert.strictEqual(refused.status, 403)
          assert.deepStrictEqual(refused.body, {
            jsonrpc: "2.0",
            id: null,
            error: { code: -32600, message: `Host evil.example:${port} is not one this server answers to` }
          })
        }
        for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
          assert.strictEqual((yield* postWithHost(key, host)).status, 200, host)
        }
        // The REST routes are not MCP's: their callers send keys, not cookies.
        assert.strictEqual((yield* Client.call(key, "get_saved_jobs")).status, 200)
      }))
  })
})
