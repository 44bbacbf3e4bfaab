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
 * Host header included, which the DNS-rebinding scenario varies) through unchanged. Its client asks for the newest
 * protocol version; with `version` set, the proxy asks for that one instead (in initialize and in the
 * MCP-Protocol-Version header), so the same scenarios run on an older version too.
 */
const withKey = (target: string, key: string, version?: string) => {
  // The versions the server was asked for (initialize's and the header's), to check the rewrite took.
  const asked = new Set<string>()
  return Effect.acquireRelease(
    Effect.async<Http.Server>((resume) => {
      const upstream = new URL(target)
      const server = Http.createServer((request, response) => {
        const chunks: Array<Buffer> = []
        request.on("data", (chunk: Buffer) => chunks.push(chunk))
        request.on("end", () => {
          let body = Buffer.concat(chunks).toString("utf8")
          const headers: Http.OutgoingHttpHeaders = { ...request.headers, authorization: `Bearer ${key}` }
          if (version !== undefined) {
            body = body.replace(/"protocolVersion":"[^"]*"/, `"protocolVersion":"${version}"`)
            if (headers["mcp-protocol-version"] !== undefined) headers["mcp-protocol-version"] = version
            headers["content-length"] = String(Buffer.byteLength(body))
          }
          const named = /"protocolVersion":"([^"]*)"/.exec(body)?.[1] ?? headers["mcp-protocol-version"]
          if (typeof named === "string") asked.add(named)
          const forwarded = Http.request({
            host: upstream.hostname,
            port: upstream.port,
            method: request.method,
            path: request.url,
            headers
          }, (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(response)
          })
          forwarded.on("error", () => response.writeHead(502).end())
          forwarded.end(body)
        })
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.async<void>((resume) => {
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map((server) => ({
    url: `http://localhost:${(server.address() as AddressInfo).port}/api/mcp`,
    asked
  })))
}

const run = (url: string, scenario: string) =>
  Effect.async<string>((resume) => {
    execFile(cli, ["server", "--url", url, "--scenario", scenario], { timeout: 60_000 }, (_error, stdout, stderr) =>
      resume(Effect.succeed(`${stdout}\n${stderr}`)))
  })

describe("the official MCP conformance suite (@modelcontextprotocol/conformance)", () => {
  layer(TestServer.layer({ store: sqlite }), { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    for (const version of ["2025-11-25", "2025-06-18"]) {
      it.effect(`passes every server scenario that applies, on protocol version ${version}`, () =>
        Effect.gen(function*() {
          const { key } = yield* Fixtures.user({ cents: 0 })
          const { baseUrl } = yield* TestServer.TestServer
          const { asked, url } = yield* withKey(baseUrl, key, version === "2025-11-25" ? undefined : version)
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
          assert.deepStrictEqual([...asked], [version])
        }).pipe(Effect.scoped))
    }
  })
})
