import { assert, describe, it } from "@effect/vitest"
import { containsAny } from "../src/Literals.js"

describe("containsAny", () => {
  it("finds any literal of a list, characters a pattern would read as syntax taken as written", () => {
    const literals = ["c++", "n't have", "$5.00", "(remote)"]
    assert.isTrue(containsAny("we use c++ daily", literals))
    assert.isTrue(containsAny("if you don't have it", literals))
    assert.isTrue(containsAny("pay: $5.00 an hour", literals))
    assert.isTrue(containsAny("engineer (remote)", literals))
    assert.isFalse(containsAny("we use c+ and $5x00, remote", literals))
    assert.isFalse(containsAny("anything", []))
  })
})
