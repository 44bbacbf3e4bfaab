import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createJobfit, type Jobfit, type Listener } from "@jobfit/embedded"
import { createServer, type Server } from "node:http"
import * as Fixtures from "./support/Fixtures.js"

let jobfit: Jobfit
let seeded: Fixtures.Seeded

beforeAll(async () => {
  jobfit = await createJobfit(Fixtures.options(":memory:"))
  seeded = await Fixtures.seed(jobfit, { cents: 100 })
})
afterAll(() => jobfit?.dispose())

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

const listen = async (listener: Listener) => {
  const server: Server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())))
  }
}

describe("the HTTP forms", () => {
  it("handler serves the REST app at the root", async () => {
    const response = await jobfit.handler(new Request("http://host/api/mcp/status", { headers: bearer(seeded.key) }))
    assert.strictEqual(response.status, 200)
    assert.deepInclude(await response.json(), { status: "ok", user: { id: seeded.userId, email: seeded.email } })
    assert.strictEqual((await jobfit.handler(new Request("http://host/healthz"))).status, 200)
  })

  it("mount(prefix).handler strips the prefix; anything outside it is 404", async () => {
    const { handler } = jobfit.mount("/jobfit")
    assert.strictEqual(jobfit.mount("jobfit/"), jobfit.mount("/jobfit"), "one pair of forms per prefix")
    const call = await handler(
      new Request("http://host/jobfit/api/mcp/tools/call?x=1", {
        method: "POST",
        headers: { ...bearer(seeded.key), "content-type": "application/json" },
        body: JSON.stringify({ name: "get_credits" })
      })
    )
    assert.deepStrictEqual(await call.json(), { credits: { balance_cents: 100, balance_dollars: "1.00" } })
    for (
      const [path, shown] of [["/jobfit", "/"], ["/jobfitx/healthz", "/jobfitx/healthz"], [
        "/api/mcp/status",
        "/api/mcp/status"
      ]]
    ) {
      const response = await handler(new Request(`http://host${path}`))
      assert.strictEqual(response.status, 404, path)
      assert.deepStrictEqual(await response.json(), { detail: { code: "NOT_FOUND", message: `No route for ${shown}` } })
    }
  })

  it("listener answers REST and MCP on a Node server, under a prefix", async () => {
    const server = await listen(jobfit.mount("/jobfit").listener)
    try {
      const status = await fetch(`${server.url}/jobfit/api/mcp/status`, { headers: bearer(seeded.key) })
      assert.strictEqual(status.status, 200)
      assert.strictEqual(status.headers.get("content-type"), "application/json")
      const head = await fetch(`${server.url}/jobfit/healthz`, { method: "HEAD" })
      assert.strictEqual(head.status, 200)
      const rpc = await fetch(`${server.url}/jobfit/api/mcp`, {
        method: "POST",
        headers: { ...bearer(seeded.key), "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_credits" } })
      })
      const body: unknown = await rpc.json()
      assert.deepInclude(body, { jsonrpc: "2.0", id: 1 })
      assert.deepInclude(JSON.stringify(body), "\"balance_cents\":100")
      const missing = await fetch(`${server.url}/elsewhere`)
      assert.strictEqual(missing.status, 404)
    } finally {
      await server.close()
    }
  })

  it("requests without a key count against the client's address", async () => {
    const limited = await createJobfit(Fixtures.options(":memory:", { rateLimits: { perMinute: 60, burst: 2 } }))
    try {
      const anonymous = (remoteAddress: string) =>
        limited.handler(new Request("http://host/api/mcp/status"), { remoteAddress })
      const first = [await anonymous("10.0.0.1"), await anonymous("10.0.0.1"), await anonymous("10.0.0.1")]
      assert.deepStrictEqual(first.map((r) => r.status), [401, 401, 429])
      assert.strictEqual(first[2]?.headers.get("retry-after"), "1")
      assert.strictEqual((await anonymous("10.0.0.2")).status, 401, "another client has a bucket of its own")
    } finally {
      await limited.dispose()
    }
  })
})
