import { assert, describe, it } from "@effect/vitest"
import { ApiKey, Credits, Cursor, Errors, Job, JobUrl } from "@jobfit/core"
import { Effect, Option } from "effect"

describe("Credits.formatDollars", () => {
  it("formats integer cents with two places", () => {
    assert.deepStrictEqual(
      [0, 5, 99, 100, 123456, 1000000007].map(Credits.formatDollars),
      ["0.00", "0.05", "0.99", "1.00", "1234.56", "10000000.07"]
    )
    assert.strictEqual(Credits.formatDollars(-5), "-0.05")
    assert.deepStrictEqual(Credits.balanceOf(123456), { balance_dollars: "1234.56", balance_cents: 123456 })
  })
})

describe("ApiKey", () => {
  const bytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)
  const key = ApiKey.format(bytes)

  it("formats a jf_live_ key with a checksum", () => {
    assert.match(key, /^jf_live_[0-9A-Za-z]{49}$/)
    assert.isTrue(ApiKey.isWellFormed(key))
    assert.strictEqual(ApiKey.format(new Uint8Array(32)).length, key.length)
    assert.strictEqual(ApiKey.prefixOf(key), key.slice(0, 14))
  })

  it("refuses a key with a changed character, a wrong prefix or length", () => {
    const last = key.at(-1) === "A" ? "B" : "A"
    assert.isFalse(ApiKey.isWellFormed(key.slice(0, -1) + last))
    const body = key.at(20) === "A" ? "B" : "A"
    assert.isFalse(ApiKey.isWellFormed(key.slice(0, 20) + body + key.slice(21)))
    assert.isFalse(ApiKey.isWellFormed("jf_test_" + key.slice(8)))
    assert.isFalse(ApiKey.isWellFormed(key + "0"))
    assert.isFalse(ApiKey.isWellFormed(""))
  })

  it("reads Bearer credentials and nothing else", () => {
    assert.deepStrictEqual(ApiKey.fromAuthorization(`Bearer ${key}`), Option.some(key))
    assert.deepStrictEqual(ApiKey.fromAuthorization(`bearer ${key}`), Option.some(key))
    assert.deepStrictEqual(ApiKey.fromAuthorization(undefined), Option.none())
    assert.deepStrictEqual(ApiKey.fromAuthorization(key), Option.none())
    assert.deepStrictEqual(ApiKey.fromAuthorization(`Basic ${key}`), Option.none())
    assert.deepStrictEqual(ApiKey.fromAuthorization("Bearer "), Option.none())
    assert.deepStrictEqual(ApiKey.fromAuthorization("Bearer a b"), Option.none())
  })
})

describe("Cursor", () => {
  it("round-trips and refuses anything else", () => {
    const cursor = { analyzedAtMillis: 1_795_000_000_123, id: 42 }
    assert.deepStrictEqual(Cursor.decode(Cursor.encode(cursor)), Option.some(cursor))
    for (const bad of ["", "x", "1.0", "abc", "-1.2", "1.2.3", "zzzzzzzzzzzzz.1"]) {
      assert.deepStrictEqual(Cursor.decode(bad), Option.none(), bad)
    }
  })
})

describe("Job.canTransition", () => {
  it("allows exactly the documented moves", () => {
    const statuses = ["analyzed", "saved", "applied"] as const
    const allowed = statuses.flatMap((from) =>
      statuses.filter((to) => Job.canTransition(from, to)).map((to) => `${from}->${to}`)
    )
    assert.deepStrictEqual(allowed, ["analyzed->saved", "analyzed->applied", "saved->analyzed", "saved->applied"])
  })
})

describe("JobUrl.check", () => {
  const tag = (url: string) =>
    Effect.runSync(Effect.match(JobUrl.check(url), { onFailure: (e) => e._tag, onSuccess: () => "ok" }))

  it("accepts http and https URLs with a host", () => {
    assert.strictEqual(tag("https://jobs.example.com/123?ref=a#x"), "ok")
    assert.strictEqual(tag("HTTP://example.com"), "ok")
  })

  it("refuses other schemes and credentials as URL_NOT_ALLOWED", () => {
    for (
      const url of [
        "file:///etc/passwd",
        "ftp://example.com/x",
        "data:text/html,hi",
        "javascript:alert(1)",
        "gopher://x"
      ]
    ) {
      assert.strictEqual(tag(url), "UrlNotAllowed", url)
    }
    assert.strictEqual(tag("https://user:pass@example.com/"), "UrlNotAllowed")
    assert.strictEqual(tag("https://user@example.com/"), "UrlNotAllowed")
    assert.strictEqual(tag("https:\\\\user@example.com/"), "UrlNotAllowed")
  })

  it("refuses what is not a URL as INVALID_REQUEST", () => {
    for (
      const url of ["", "example.com/jobs", "https://", "https:///path", " https://example.com", "https://exa mple.com"]
    ) {
      assert.strictEqual(tag(url), "InvalidRequest", JSON.stringify(url))
    }
    assert.strictEqual(tag("https://example.com/" + "a".repeat(2100)), "InvalidRequest")
  })
})

describe("Errors", () => {
  it("gives REST bodies with the catalogue code and the error's data", () => {
    const body: unknown = Errors.restBody(new Errors.InsufficientCredits({ required_credits: 5, available_credits: 3 }))
    assert.deepStrictEqual(
      body,
      {
        detail: {
          code: "INSUFFICIENT_CREDITS",
          message: "Insufficient credits: this call costs 5, the balance is 3",
          required_credits: 5,
          available_credits: 3
        }
      }
    )
    assert.deepStrictEqual(Errors.restBody(new Errors.ProfileNotFound()), {
      detail: { code: "PROFILE_NOT_FOUND", message: "User profile not found" }
    })
    assert.deepStrictEqual(Errors.restBody(new Errors.InternalError()), {
      detail: { code: "INTERNAL_ERROR", message: "Internal server error" }
    })
  })

  it("maps the spec's conditions to the spec's codes", () => {
    const c = Errors.catalogue
    assert.deepStrictEqual(
      [c.InvalidApiKey, c.InsufficientCredits, c.ScopeNotAllowed, c.RateLimitExceeded].map((e) => [e.status, e.rpc]),
      [[401, -32001], [402, -32003], [403, -32004], [429, -32002]]
    )
    assert.strictEqual(c.InvalidRequest.status, 400)
    assert.strictEqual(c.InvalidRequest.rpc, -32602)
    assert.strictEqual(c.InternalError.status, 500)
    const codes = Object.values(c).map((e) => e.code)
    assert.strictEqual(new Set(codes).size, codes.length)
  })

  it("recognises its own errors only", () => {
    assert.isTrue(Errors.isAppError(new Errors.JobNotFound({ job_id: 1 })))
    assert.isFalse(Errors.isAppError(new Error("x")))
    assert.isFalse(Errors.isAppError({ _tag: "SqlError" }))
  })
})
