import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import * as fc from "fast-check"
import { allowNothing, parseAllowList } from "../src/fetch/AddressPolicy.js"
import { checkUrl } from "../src/fetch/UrlPolicy.js"

type Radix = "dec" | "hex" | "oct"

const write = (n: number, radix: Radix) =>
  radix === "dec" ? n.toString(10) : radix === "hex" ? `0x${n.toString(16)}` : `0${n.toString(8)}`

const radix = fc.constantFrom<Radix>("dec", "hex", "oct")
const octet = fc.integer({ min: 0, max: 255 })

/** 127.x.y.z in one of the IPv4 notations WHATWG URL accepts: 4, 3, 2 or 1 parts, each decimal, hex or octal. */
const loopbackV4 = fc.tuple(
  octet,
  octet,
  octet,
  fc.integer({ min: 1, max: 4 }),
  fc.array(radix, { minLength: 4, maxLength: 4 })
)
  .map(([x, y, z, parts, radixes]) => {
    const r = (i: number) => radixes[i] ?? "dec"
    const text = parts === 4
      ? [127, x, y, z].map((n, i) => write(n, r(i))).join(".")
      : parts === 3
      ? [write(127, r(0)), write(x, r(1)), write(y * 256 + z, r(2))].join(".")
      : parts === 2
      ? [write(127, r(0)), write((x * 256 + y) * 256 + z, r(1))].join(".")
      : write(((127 * 256 + x) * 256 + y) * 256 + z, r(0))
    return { text, dotted: `127.${x}.${y}.${z}` }
  })

const hex = (a: number, b: number) => ((a << 8) | b).toString(16)

/** The same addresses inside IPv6: mapped, compatible, NAT64. */
const loopbackV6 = fc.tuple(
  octet,
  octet,
  octet,
  fc.constantFrom("::ffff:", "::", "64:ff9b::", "::ffff:0:"),
  fc.boolean()
)
  .map(([x, y, z, prefix, dotted]) => ({
    text: `[${prefix}${dotted ? `127.${x}.${y}.${z}` : `${hex(127, x)}:${hex(y, z)}`}]`,
    dotted: `127.${x}.${y}.${z}`
  }))

const onlyFixture = parseAllowList(["127.0.0.2"])

describe("the URL guard never lets a loopback form through", () => {
  it("IPv4 in decimal, hex, octal and short forms", () =>
    fc.assert(
      fc.property(loopbackV4, fc.boolean(), (form, https) => {
        const href = `${https ? "https" : "http"}://${form.text}/posting`
        assert.isTrue(Either.isLeft(checkUrl(href, allowNothing)), href)
        if (typeof onlyFixture !== "string" && form.dotted !== "127.0.0.2") {
          assert.isTrue(Either.isLeft(checkUrl(href, onlyFixture)), href)
        }
      }),
      { numRuns: 1000 }
    ))

  it("IPv4 inside IPv6", () =>
    fc.assert(
      fc.property(loopbackV6, (form) => {
        const href = `http://${form.text}:8080/`
        assert.isTrue(Either.isLeft(checkUrl(href, allowNothing)), href)
        if (typeof onlyFixture !== "string" && form.dotted !== "127.0.0.2") {
          assert.isTrue(Either.isLeft(checkUrl(href, onlyFixture)), href)
        }
      }),
      { numRuns: 500 }
    ))
})
