import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { tempDir } from "./support/Databases.js"
import * as Process from "./support/Process.js"

/** Starts the app with a bad setting and checks it exits 1 with one line on stderr naming `variable`. */
const refusesToStart = (env: Record<string, string>, variable: string) =>
  Effect.scoped(Effect.gen(function*() {
    const started = yield* Process.start(env)
    const code = yield* Process.exitCode(started)
    const stderr = started.stderr()
    assert.strictEqual(code, 1, stderr)
    const lines = stderr.split("\n").filter((line) => line.trim() !== "")
    assert.strictEqual(lines.length, 1, stderr)
    assert.include(lines[0], variable)
    assert.notMatch(stderr, /\bat .*:\d+:\d+/, "no stack trace")
    return lines[0]!
  }))

describe("pnpm start", () => {
  it.live(
    "serves on JOBFIT_PORT with the SQLite file of JOBFIT_DATABASE_URL",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const dir = yield* tempDir
        const database = path.join(dir, "data", "jobfit.db")
        const started = yield* Process.start({ JOBFIT_PORT: "0", JOBFIT_DATABASE_URL: database })
        const baseUrl = yield* Process.listening(started)
        const health = yield* Effect.promise(() => fetch(`${baseUrl}/healthz`).then((r) => r.json()))
        assert.deepStrictEqual(health, { status: "ok" })
        const status = yield* Effect.promise(() => fetch(`${baseUrl}/api/mcp/status`))
        assert.strictEqual(status.status, 401)
        const analyze = yield* Effect.promise(() =>
          fetch(`${baseUrl}/api/mcp/tools/call`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "analyze_job", arguments: { job_url: "https://example.com/job" } })
          })
        )
        assert.strictEqual(analyze.status, 401)
        assert.isTrue(fs.existsSync(database), "the SQLite file was created")
        assert.strictEqual(started.stdout().match(/Listening on/g)?.length, 1, "the address is logged once")
      })),
    { timeout: 60_000 }
  )

  it.live("bad configuration exits 1 with one line naming the variable", () =>
    Effect.gen(function*() {
      // Each start costs seconds (tsx compiles on the fly); apps/server's tests cover the other bad settings.
      const line = yield* refusesToStart({ JOBFIT_DATABASE_URL: "mysql://x", JOBFIT_PORT: "0" }, "JOBFIT_DATABASE_URL")
      assert.strictEqual(
        line,
        "jobfit: Invalid configuration: JOBFIT_DATABASE_URL uses the unsupported scheme mysql:; " +
          "use postgres://..., postgresql://..., sqlite:PATH, file:PATH or a file path"
      )
    }), { timeout: 60_000 })
})
