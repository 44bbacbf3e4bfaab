import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import ipaddr from "ipaddr.js"
import { allowNothing, forbiddenKind, parseAllowList, refuseAddress } from "../src/fetch/AddressPolicy.js"
import { checkUrl } from "../src/fetch/UrlPolicy.js"

const allowOnly = (entries: ReadonlyArray<string>) => {
  const allow = parseAllowList(entries)
  if (typeof allow === "string") throw new Error(allow)
  return allow
}

const refusal = (href: string, allow = allowNothing) => {
  const checked = checkUrl(href, allow)
  return Either.isLeft(checked) ? checked.left.message : undefined
}

// Addresses below are data for the classifier only; no test sends a request to anything but loopback.
describe("AddressPolicy.forbiddenKind", () => {
  const kind = (text: string) => forbiddenKind(ipaddr.process(text))

  it("refuses every special IPv4 range", () => {
    assert.strictEqual(kind("127.0.0.1"), "a loopback address")
    assert.strictEqual(kind("127.255.255.254"), "a loopback address")
    assert.strictEqual(kind("10.1.2.3"), "a private address")
    assert.strictEqual(kind("172.16.0.1"), "a private address")
    assert.strictEqual(kind("172.31.255.255"), "a private address")
    assert.strictEqual(kind("192.168.1.1"), "a private address")
    assert.strictEqual(kind("169.254.1.1"), "a link-local address")
    assert.strictEqual(kind("169.254.169.254"), "a cloud metadata address")
    assert.strictEqual(kind("100.64.0.1"), "a carrier-grade NAT address")
    assert.strictEqual(kind("100.100.100.200"), "a cloud metadata address")
    assert.strictEqual(kind("224.0.0.1"), "a multicast address")
    assert.strictEqual(kind("0.0.0.0"), "an unspecified address")
    assert.strictEqual(kind("255.255.255.255"), "a broadcast address")
    assert.strictEqual(kind("240.0.0.1"), "a reserved address")
    assert.strictEqual(kind("192.0.2.1"), "a reserved address")
  })

  it("refuses every special IPv6 range, IPv4-mapped, -compatible and NAT64 forms included", () => {
    assert.strictEqual(kind("::1"), "a loopback address")
    assert.strictEqual(kind("::"), "an unspecified address")
    assert.strictEqual(kind("fe80::1"), "a link-local address")
    assert.strictEqual(kind("fc00::1"), "a unique-local address")
    assert.strictEqual(kind("fd00:ec2::254"), "a cloud metadata address")
    assert.strictEqual(kind("ff02::1"), "a multicast address")
    assert.strictEqual(kind("::ffff:127.0.0.1"), "a loopback address")
    assert.strictEqual(kind("::ffff:10.0.0.1"), "a private address")
    assert.strictEqual(kind("::7f00:1"), "an IPv4-compatible address")
    assert.strictEqual(kind("64:ff9b::7f00:1"), "a NAT64 address")
    assert.strictEqual(kind("64:ff9b:1::a00:1"), "a NAT64 address")
    assert.strictEqual(kind("2002:7f00:1::"), "a 6to4 address")
    assert.strictEqual(kind("2001:0:4136:e378::1"), "a Teredo address")
    assert.strictEqual(kind("2001:db8::1"), "a reserved address")
  })

  it("lets public unicast through", () => {
    assert.isUndefined(kind("93.184.216.34"))
    assert.isUndefined(kind("2606:4700:4700::1111"))
  })
})

describe("AddressPolicy.parseAllowList", () => {
  it("reads hosts, addresses and CIDR ranges, and rejects anything else", () => {
    const allow = allowOnly(["127.0.0.2", " 10.0.0.0/8 ", "[::1]", "Posting.Test.", "::ffff:127.0.0.0/104", ""])
    assert.deepStrictEqual([...allow.hosts], ["posting.test"])
    assert.strictEqual(allow.ranges.length, 4)
    assert.isUndefined(refuseAddress("127.0.0.2", allow))
    assert.isUndefined(refuseAddress("10.9.8.7", allow))
    assert.isUndefined(refuseAddress("::1", allow))
    assert.isUndefined(refuseAddress("127.9.9.9", allow))
    assert.isString(parseAllowList(["http://127.0.0.1/"]))
    assert.isString(parseAllowList(["10.0.0.0/99"]))
  })

  it("allows exactly what is listed", () => {
    const allow = allowOnly(["127.0.0.2"])
    assert.match(refuseAddress("127.0.0.1", allow) ?? "", /127\.0\.0\.1 is a loopback address/)
    assert.match(refuseAddress("::ffff:127.0.0.1", allow) ?? "", /127\.0\.0\.1 is a loopback address/)
    assert.isUndefined(refuseAddress("::ffff:127.0.0.2", allow))
  })
})

describe("UrlPolicy.checkUrl", () => {
  it("refuses every loopback spelling without an allow-list", () => {
    const forms = [
      "http://127.0.0.1/",
      "http://localhost/",
      "http://LOCALHOST./jobs",
      "http://api.localhost/",
      "http://[::1]/",
      "http://[0:0:0:0:0:0:0:1]:8080/",
      "http://2130706433/",
      "http://0x7f000001/",
      "http://0177.0.0.1/",
      "http://127.1/",
      "http://0x7f.1/",
      "http://017700000001/",
      "http://127.0.0.1./",
      "http://%31%32%37.0.0.1/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:7f00:1]/",
      "http://[::127.0.0.1]/",
      "http://[64:ff9b::127.0.0.1]/",
      "https://127.0.0.2/"
    ]
    for (const form of forms) assert.isString(refusal(form), form)
  })

  it("says why, naming the address", () => {
    assert.strictEqual(
      refusal("http://2130706433/"),
      "The address 127.0.0.1 is a loopback address and may not be fetched"
    )
    assert.strictEqual(
      refusal("http://localhost:8787/"),
      "The host localhost is a loopback name and may not be fetched"
    )
  })

  it("refuses other schemes and credentials", () => {
    assert.strictEqual(refusal("file:///etc/passwd"), "The URL scheme file: is not allowed; use http or https")
    assert.strictEqual(refusal("ftp://127.0.0.2/x"), "The URL scheme ftp: is not allowed; use http or https")
    assert.strictEqual(refusal("data:text/html,hi"), "The URL scheme data: is not allowed; use http or https")
    assert.strictEqual(refusal("http://user:secret@127.0.0.2/"), "URLs with credentials are not allowed")
    assert.strictEqual(refusal("http://user@jobs.example.com/"), "URLs with credentials are not allowed")
    assert.strictEqual(refusal("http://"), "The URL could not be parsed")
  })

  it("lets allow-listed addresses and hosts through, and nothing next to them", () => {
    const allow = allowOnly(["127.0.0.2", "localhost"])
    assert.isUndefined(refusal("http://127.0.0.2:1234/x", allow))
    assert.isUndefined(refusal("http://localhost/", allow))
    assert.isString(refusal("http://127.0.0.1/", allow))
    assert.isString(refusal("http://[::1]/", allow))
    assert.isUndefined(refusal("https://jobs.example.com/1", allow))
  })
})
