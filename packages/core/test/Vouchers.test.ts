import { assert, describe, it } from "@effect/vitest"
import { Vouchers } from "@jobfit/core"

describe("voucher codes", () => {
  it("are JF- and 16 Crockford base32 digits in groups of four, from 80 random bits", () => {
    assert.strictEqual(Vouchers.format(new Uint8Array(10)), "JF-0000-0000-0000-0000")
    assert.strictEqual(Vouchers.format(new Uint8Array(10).fill(255)), "JF-ZZZZ-ZZZZ-ZZZZ-ZZZZ")
    const code = Vouchers.format(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
    assert.match(code, /^JF-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/)
    assert.throws(() => Vouchers.format(new Uint8Array(9)))
  })

  it("are read back as typed: any case, spaces, missing dashes or prefix, and look-alike letters", () => {
    const code = "JF-7K3Q-0M1Z-AB12-XY9T"
    for (
      const typed of [
        "jf-7k3q-0m1z-ab12-xy9t",
        " JF 7K3Q 0M1Z AB12 XY9T ",
        "7K3Q0M1ZAB12XY9T",
        "JF-7K3Q-OMLZ-AB12-XY9T"
      ]
    ) {
      assert.strictEqual(Vouchers.normalize(typed), code, typed)
    }
    // Digits that start with JF are not mistaken for the prefix, typed with it or without.
    for (const typed of ["jf12abcd34efgh7k", "JF-JF12-ABCD-34EF-GH7K", "jfjf 12ab cd34 efgh 7k"]) {
      assert.strictEqual(Vouchers.normalize(typed), "JF-JF12-ABCD-34EF-GH7K", typed)
    }
    assert.strictEqual(Vouchers.normalize("nonsense"), "NONSENSE")
  })
})
