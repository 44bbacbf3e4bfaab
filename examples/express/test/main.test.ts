import { assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as net from "node:net"
import * as path from "node:path"

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()))
    })
  })

const tsx = path.join(import.meta.dirname, "..", "..", "..", "node_modules", ".bin", "tsx")

describe("the five-line Express host (src/main.ts)", () => {
  it("serves jobfit under /jobfit", async () => {
    const port = await freePort()
    const child = spawn(tsx, [path.join(import.meta.dirname, "..", "src", "main.ts")], {
      env: { ...process.env, PORT: String(port), JOBFIT_DATABASE_URL: ":memory:" },
      stdio: "ignore"
    })
    try {
      let reply: Response | undefined
      for (let i = 0; i < 100 && reply === undefined; i++) {
        reply = await fetch(`http://127.0.0.1:${port}/jobfit/healthz`).catch(() => undefined)
        if (reply === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      assert.strictEqual(reply?.status, 200)
      assert.deepStrictEqual(await reply?.json(), { status: "ok" })
      const status = await fetch(`http://127.0.0.1:${port}/jobfit/api/mcp/status`)
      assert.strictEqual(status.status, 401)
    } finally {
      child.kill()
    }
  }, 30_000)
})
