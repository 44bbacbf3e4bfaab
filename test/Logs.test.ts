import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as path from "node:path"
import { tempDir } from "./support/Databases.js"
import * as Fleet from "./support/Fleet.js"

const lines = (text: string) => text.split("\n").filter((l) => l !== "")

describe("the server's log", () => {
  it.live(
    "is one JSON object a line when not on a terminal, each request's lines carrying its request id",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const database = path.join(yield* tempDir, "jobfit.db")
        const user = yield* Fleet.seed(database, 0)
        const running = yield* Fleet.startServer(database)
        const answer = yield* Fleet.call(running.baseUrl, user.key, "get_credits", {}, { "x-request-id": "req-log-1" })
        assert.strictEqual(answer.status, 200)
        // A query is left out: the password-reset link carries its token there.
        yield* Effect.promise(() => fetch(`${running.baseUrl}/dashboard/reset?token=secret-reset-token`))
        yield* Effect.sleep("200 millis")
        const entries = lines(running.started.stdout()).map((line) => JSON.parse(line) as Record<string, unknown>)
        assert.isTrue(entries.some((e) => typeof e["message"] === "string" && e["message"].startsWith("Listening on")))
        const ours = entries.filter((e) => (e["annotations"] as Record<string, unknown>)["requestId"] === "req-log-1")
        assert.strictEqual(ours.length, 1)
        assert.deepInclude(ours[0], { message: "Sent HTTP response", logLevel: "INFO" })
        // The time taken, as the request's "http" log span.
        assert.isAtLeast((ours[0]!["spans"] as Record<string, number>)["http"] ?? -1, 0)
        assert.deepInclude(ours[0]!["annotations"], {
          "http.method": "POST",
          "http.url": "/api/mcp/tools/call",
          "http.status": 200
        })
        assert.isTrue(
          entries.some((e) => (e["annotations"] as Record<string, unknown>)["http.url"] === "/dashboard/reset")
        )
        assert.notInclude(running.started.stdout(), "secret-reset-token")
        assert.notInclude(running.started.stdout(), user.key)
      })),
    { timeout: 60_000 }
  )

  it.live("is logfmt with JOBFIT_LOG_FORMAT=logfmt", () =>
    Effect.scoped(Effect.gen(function*() {
      const database = path.join(yield* tempDir, "jobfit.db")
      const running = yield* Fleet.startServer(database, { JOBFIT_LOG_FORMAT: "logfmt" })
      assert.match(lines(running.started.stdout())[0]!, /^timestamp=\S+ level=INFO fiber=#\d+ message="Listening on/)
    })), { timeout: 60_000 })
})
