import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type * as dns from "node:dns"
import { allowNothing, parseAllowList } from "../src/fetch/AddressPolicy.js"
import { ForbiddenAddress, guardedConnector, guardedLookup, type Resolver } from "../src/fetch/GuardedConnector.js"

const fakeDns: Record<string, ReadonlyArray<dns.LookupAddress>> = {
  "loop.test": [{ address: "127.0.0.1", family: 4 }],
  "mixed.test": [{ address: "127.0.0.2", family: 4 }, { address: "::1", family: 6 }],
  "fixture.test": [{ address: "127.0.0.2", family: 4 }],
  "mapped.test": [{ address: "::ffff:127.0.0.1", family: 6 }]
}

const resolver: Resolver = (hostname) => {
  const found = fakeDns[hostname]
  return found === undefined
    ? Promise.reject(Object.assign(new Error("not found"), { code: "ENOTFOUND" }))
    : Promise.resolve(found)
}

const fixtureOnly = (() => {
  const allow = parseAllowList(["127.0.0.2"])
  if (typeof allow === "string") throw new Error(allow)
  return allow
})()

interface LookupResult {
  readonly error: NodeJS.ErrnoException | null
  readonly address: string | ReadonlyArray<dns.LookupAddress>
}

const lookup = (hostname: string, options: dns.LookupOptions, allow = fixtureOnly) =>
  Effect.async<LookupResult>((resume) =>
    guardedLookup(allow, resolver)(hostname, options, (error, address) => resume(Effect.succeed({ error, address })))
  )

describe("GuardedConnector.guardedLookup", () => {
  it.effect("refuses a name when any of its addresses is forbidden", () =>
    Effect.gen(function*() {
      const loop = yield* lookup("loop.test", { all: true })
      assert.instanceOf(loop.error, ForbiddenAddress)
      assert.match(loop.error?.message ?? "", /loop\.test resolves to a forbidden address: the address 127\.0\.0\.1/)
      const mixed = yield* lookup("mixed.test", {})
      assert.match(mixed.error?.message ?? "", /::1 is a loopback address/)
      const mapped = yield* lookup("mapped.test", { all: true })
      assert.match(mapped.error?.message ?? "", /127\.0\.0\.1 is a loopback address/)
    }))

  it.effect("answers in the form net asked for when every address is allowed", () =>
    Effect.gen(function*() {
      const all = yield* lookup("fixture.test", { all: true })
      assert.isNull(all.error)
      assert.deepStrictEqual(all.address, [{ address: "127.0.0.2", family: 4 }])
      const one = yield* lookup("fixture.test", { family: 4 })
      assert.strictEqual(one.address, "127.0.0.2")
      const none = yield* lookup("fixture.test", { family: 6 })
      assert.strictEqual(none.error?.code, "ENOTFOUND")
    }))

  it.effect("passes resolver failures on", () =>
    Effect.gen(function*() {
      const missing = yield* lookup("missing.test", { all: true })
      assert.strictEqual(missing.error?.code, "ENOTFOUND")
    }))

  it.effect("skips the address check for an allow-listed host name", () =>
    Effect.gen(function*() {
      const allow = parseAllowList(["loop.test"])
      if (typeof allow === "string") return assert.fail(allow)
      const loop = yield* lookup("loop.test", { all: true }, allow)
      assert.isNull(loop.error)
    }))
})

describe("GuardedConnector.guardedConnector", () => {
  it.effect("refuses an IP literal before opening a socket (net skips lookup for literals)", () =>
    Effect.gen(function*() {
      const connect = guardedConnector(allowNothing, resolver, 1000)
      for (const hostname of ["127.0.0.1", "::1", "::ffff:7f00:1"]) {
        const error = yield* Effect.async<Error | null>((resume) =>
          connect({ hostname, protocol: "http:", port: "9" }, (...result) => resume(Effect.succeed(result[0])))
        )
        assert.instanceOf(error, ForbiddenAddress, hostname)
      }
    }))
})
