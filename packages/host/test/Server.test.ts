import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Effect, Logger } from "effect"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { Server, StartError } from "../src/index.js"

const tempDir = Effect.acquireRelease(
  Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-server-"))),
  (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
)

/** A port something else listens on, for the time of the scope. */
const busyPort = Effect.acquireRelease(
  Effect.async<net.Server>((resume) => {
    const server = net.createServer()
    server.listen(0, "127.0.0.1", () => {
      resume(Effect.succeed(server))
    })
  }),
  (server) =>
    Effect.async<void>((resume) => {
      server.close(() => resume(Effect.void))
    })
).pipe(Effect.map((server) => {
  const address = server.address()
  return address !== null && typeof address === "object" ? address.port : 0
}))

/** Starts the server with these variables (and nothing else) and gives the StartError it stops with. */
const startError = (variables: Record<string, string>) =>
  Server.serve().pipe(
    Effect.flip,
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(variables)))),
    Effect.provide(Logger.remove(Logger.defaultLogger))
  )

describe("Server.serve", () => {
  it.live("a bad JOBFIT_PORT is one line naming it", () =>
    Effect.scoped(Effect.gen(function*() {
      const db = path.join(yield* tempDir, "jobfit.db")
      const word = yield* startError({ JOBFIT_PORT: "eighty", JOBFIT_DATABASE_URL: db })
      assert.strictEqual(
        word.message,
        "Invalid configuration: JOBFIT_PORT: Expected an integer value but received \"eighty\""
      )
      const big = yield* startError({ JOBFIT_PORT: "70000", JOBFIT_DATABASE_URL: db })
      assert.strictEqual(big.message, "Invalid configuration: JOBFIT_PORT: must be a port number from 0 to 65535")
    })))

  it.live("a port in use is one line naming JOBFIT_HOST and JOBFIT_PORT", () =>
    Effect.scoped(Effect.gen(function*() {
      const port = yield* busyPort
      const db = path.join(yield* tempDir, "jobfit.db")
      const error = yield* startError({ JOBFIT_PORT: String(port), JOBFIT_DATABASE_URL: db })
      assert.strictEqual(
        error.message,
        `Cannot listen on JOBFIT_HOST:JOBFIT_PORT: listen EADDRINUSE: address already in use 127.0.0.1:${port}`
      )
    })))

  it.live("an unusable JOBFIT_DATABASE_URL is one line naming it", () =>
    Effect.gen(function*() {
      const mysql = yield* startError({ JOBFIT_PORT: "0", JOBFIT_DATABASE_URL: "mysql://x" })
      assert.strictEqual(
        mysql.message,
        "Invalid configuration: JOBFIT_DATABASE_URL uses the unsupported scheme mysql:; " +
          "use postgres://..., postgresql://..., sqlite:PATH, file:PATH or a file path"
      )
      const unwritable = yield* startError({ JOBFIT_PORT: "0", JOBFIT_DATABASE_URL: "/etc/passwd/jobfit.db" })
      assert.match(
        unwritable.message,
        /^Cannot open the database: The SQLite database \/etc\/passwd\/jobfit\.db cannot be created or written \(.+\); set JOBFIT_DATABASE_URL to a writable path$/
      )
      assert.notInclude(unwritable.message, "\n")
    }))
})

describe("StartError.describe", () => {
  it("an unknown failure is \"Cannot start\" and the first line of its message", () => {
    assert.strictEqual(StartError.describe(new Error("boom\n    at somewhere (x.ts:1:1)")), "Cannot start: boom")
  })
})
