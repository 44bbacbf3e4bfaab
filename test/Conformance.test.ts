import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

/**
 * The official MCP conformance suite's server scenarios that apply to jobfit. The others need the suite's own
 * fixtures (tools, resources and prompts named test_*), resource subscriptions (jobfit declares subscribe: false)
 * or sessions (jobfit's streamable HTTP is stateless).
 */
const scenarios = [
  "server-initialize",
  "ping",
  "tools-list",
  "resources-list",
  "prompts-list",
  "completion-complete",
  "logging-set-level",
  "dns-rebinding-protection"
]

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/.bin/conformance")

/**
 * The suite has no option for a key: a proxy on loopback adds one to each request and passes everything else (the
 * Host header included, which the DNS-rebinding scenario varies) through unchanged.
 */
const withKey = (target: string, key: string) =>
  Effect.acquireRelease(
    Effect.async<Http.Server>((resume) => {
      const upstream = new URL(target)
      const server = Http.createServer((request, response) => {
        const forwarded = Http.request({
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, authorization: `Bearer ${key}` }
        }, (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        })
        forwarded.on("error", () => response.writeHead(502).end())
        request.pipe(forwarded)
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.async<void>((resume) => {
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map((server) => `http://localhost:${(server.address() as AddressInfo).port}/api/mcp`))

const run = (url: string, scenario: string) =>
  Effect.async<string>((resume) => {
    execFile(cli, ["server", "--url", url, "--scenario", scenario], { timeout: 60_000 }, (_error, stdout, stderr) =>
      resume(Effect.succeed(`${stdout}\n${stderr}`)))
  })

describe("the official MCP conformance suite (@modelcontextprotocol/conformance)", () => {
  layer(TestServer.layer({ store: sqlite }), { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.effect("passes every server scenario that applies", () =>
      Effect.gen(function*() {
        const { key } = yield* Fixtures.user({ cents: 0 })
        const { baseUrl } = yield* TestServer.TestServer
        const url = yield* withKey(baseUrl, key)
        const results: Record<string, string> = {}
        for (const scenario of scenarios) {
          const output = yield* run(url, scenario)
          results[scenario] = /Passed: (\d+\/\d+), (\d+) failed/.exec(output)?.slice(1).join(" ") ?? output
        }
        assert.deepStrictEqual(results, {
          "server-initialize": "1/1 0",
          "ping": "1/1 0",
          "tools-list": "1/1 0",
          "resources-list": "1/1 0",
          "prompts-list": "1/1 0",
          "completion-complete": "1/1 0",
          "logging-set-level": "1/1 0",
          "dns-rebinding-protection": "2/2 0"
        })
      }).pipe(Effect.scoped))
  })
})
