import { HttpServerRequest } from "@effect/platform"
import { assert, describe, it } from "@effect/vitest"
import { Csrf, Visit } from "../src/index.js"

const request = (headers: Record<string, string>) =>
  HttpServerRequest.fromWeb(new Request("http://127.0.0.1:8787/dashboard/keys", { method: "POST", headers }))

describe("Csrf", () => {
  it("derives a signed-in visitor's token from the session, the same each time and different per session", () => {
    assert.strictEqual(Csrf.forSession("session-a"), Csrf.forSession("session-a"))
    assert.notStrictEqual(Csrf.forSession("session-a"), Csrf.forSession("session-b"))
    assert.notInclude(Csrf.forSession("session-a"), "session-a")
    assert.match(Csrf.fresh(), /^[\w-]{32}$/)
  })

  it("accepts the right token from this site", () => {
    const token = Csrf.forSession("s")
    assert.isTrue(Csrf.check(request({ host: "127.0.0.1:8787" }), token, token))
    assert.isTrue(
      Csrf.check(
        request({ host: "127.0.0.1:8787", origin: "http://127.0.0.1:8787", "sec-fetch-site": "same-origin" }),
        token,
        token
      )
    )
  })

  it("refuses a missing or wrong token, another site's origin, and a cross-site fetch", () => {
    const token = Csrf.forSession("s")
    const ours = { host: "127.0.0.1:8787" }
    assert.isFalse(Csrf.check(request(ours), token, undefined))
    assert.isFalse(Csrf.check(request(ours), token, Csrf.forSession("t")))
    assert.isFalse(Csrf.check(request(ours), token, token.slice(1)))
    assert.isFalse(Csrf.check(request(ours), "", ""))
    assert.isFalse(Csrf.check(request({ ...ours, origin: "http://127.0.0.2:8787" }), token, token))
    assert.isFalse(Csrf.check(request({ ...ours, "sec-fetch-site": "cross-site" }), token, token))
  })
})

describe("Visit.safeNext", () => {
  it("returns to a dashboard page, never to another site", () => {
    assert.strictEqual(Visit.safeNext("/dashboard/keys"), "/dashboard/keys")
    assert.strictEqual(Visit.safeNext("/dashboard/jobs?status=saved"), "/dashboard/jobs?status=saved")
    for (
      const bad of [
        undefined,
        "",
        "https://evil.example",
        "//evil.example",
        "/api/mcp",
        "/dashboard",
        "/dashboard/\\evil"
      ]
    ) {
      assert.strictEqual(Visit.safeNext(bad), "/dashboard/jobs", String(bad))
    }
  })
})
