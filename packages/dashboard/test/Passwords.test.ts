import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { Passwords } from "../src/index.js"

// A low cost keeps the suite fast; the format and the checks are the same at any cost.
const cheap: Passwords.Cost = { N: 2 ** 10, r: 8, p: 1 }

describe("Passwords", () => {
  it.effect("hashes with scrypt, a fresh salt each time, the parameters kept in the hash", () =>
    Effect.gen(function*() {
      const first = yield* Passwords.hash("correct horse battery", cheap)
      const second = yield* Passwords.hash("correct horse battery", cheap)
      assert.match(first, /^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
      assert.notStrictEqual(first, second)
      assert.notInclude(first, "correct horse")
      assert.isTrue(yield* Passwords.verify("correct horse battery", first))
      assert.isTrue(yield* Passwords.verify("correct horse battery", second))
    }))

  it.effect("refuses a wrong password, a near miss, and a malformed or foreign hash", () =>
    Effect.gen(function*() {
      const stored = yield* Passwords.hash("correct horse battery", cheap)
      assert.isFalse(yield* Passwords.verify("correct horse batterY", stored))
      assert.isFalse(yield* Passwords.verify("", stored))
      assert.isFalse(yield* Passwords.verify("correct horse battery", "plain text"))
      assert.isFalse(yield* Passwords.verify("correct horse battery", "bcrypt$10$abc$def"))
      assert.isFalse(yield* Passwords.verify("correct horse battery", stored.replace(/\$[\w-]+$/, "$short")))
      assert.isFalse(yield* Passwords.verifyNothing("anything", cheap))
    }))

  it.effect("verifies a hash made with other parameters, so the cost can be raised later", () =>
    Effect.gen(function*() {
      const older = yield* Passwords.hash("an older password", { N: 2 ** 9, r: 4, p: 1 })
      assert.isTrue(yield* Passwords.verify("an older password", older))
    }))

  it("says why a new password is refused", () => {
    assert.strictEqual(Passwords.problem("short", "a@b.c"), "Use at least 10 characters")
    assert.strictEqual(Passwords.problem("x".repeat(257), "a@b.c"), "Use at most 256 characters")
    assert.strictEqual(Passwords.problem("Ada@Example.com", "ada@example.com"), "Do not use your email address")
    assert.isUndefined(Passwords.problem("long enough password", "a@b.c"))
  })
})
