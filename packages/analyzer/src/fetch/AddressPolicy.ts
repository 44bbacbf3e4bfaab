import ipaddr from "ipaddr.js"

type Address = ipaddr.IPv4 | ipaddr.IPv6

/** What may be fetched besides public unicast addresses: exact host names and address ranges. */
export interface AllowList {
  readonly hosts: ReadonlySet<string>
  readonly ranges: ReadonlyArray<readonly [Address, number]>
}

export const allowNothing: AllowList = { hosts: new Set(), ranges: [] }

const describe: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address",
  private: "a private address",
  reserved: "a reserved address",
  uniqueLocal: "a unique-local address",
  rfc6052: "a NAT64 address",
  rfc6145: "an IPv4-translated address",
  "6to4": "a 6to4 address",
  teredo: "a Teredo address"
}

const metadata = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"])

const stripBrackets = (text: string) => text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text

/** Parses an IP literal in the forms a resolver or WHATWG URL returns; IPv4-mapped IPv6 becomes IPv4. */
export const parseAddress = (text: string): Address | undefined => {
  const bare = stripBrackets(text)
  if (!ipaddr.isValid(bare)) return undefined
  return ipaddr.process(bare)
}

/** Why an address may not be fetched, or undefined when it is public unicast. */
export const forbiddenKind = (address: Address): string | undefined => {
  if (metadata.has(address.toString())) return "a cloud metadata address"
  if (address.kind() === "ipv6" && address.match(ipaddr.IPv6.parse("::"), 96)) {
    return address.toString() === "::1" || address.toString() === "::"
      ? describe[address.range()]
      : "an IPv4-compatible address"
  }
  const range = address.range()
  if (range === "unicast") return undefined
  return describe[range] ?? `a special-purpose (${range}) address`
}

const inRanges = (address: Address, allow: AllowList) =>
  allow.ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits))

/** Why a resolved or literal address is refused under an allow-list, or undefined when it may be fetched. */
export const refuseAddress = (text: string, allow: AllowList): string | undefined => {
  const address = parseAddress(text)
  if (address === undefined) return `${text} is not an IP address`
  if (inRanges(address, allow)) return undefined
  const kind = forbiddenKind(address)
  return kind === undefined ? undefined : `the address ${address.toString()} is ${kind}`
}

export const normaliseHost = (host: string) => stripBrackets(host.toLowerCase()).replace(/\.$/, "")

export const isAllowedHost = (host: string, allow: AllowList) => allow.hosts.has(normaliseHost(host))

const hostName = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/

/** Parses `JOBFIT_FETCH_ALLOW` entries: host names, IP addresses and CIDR ranges. */
export const parseAllowList = (entries: ReadonlyArray<string>): AllowList | string => {
  const hosts = new Set<string>()
  const ranges: Array<readonly [Address, number]> = []
  for (const raw of entries) {
    const entry = raw.trim()
    if (entry.length === 0) continue
    const bare = stripBrackets(entry)
    if (ipaddr.isValidCIDR(bare)) {
      const [network, bits] = ipaddr.parseCIDR(bare)
      ranges.push(
        network instanceof ipaddr.IPv6 && network.isIPv4MappedAddress() && bits >= 96
          ? [network.toIPv4Address(), bits - 96]
          : [network, bits]
      )
    } else if (ipaddr.isValid(bare)) {
      const address = ipaddr.process(bare)
      ranges.push([address, address.kind() === "ipv4" ? 32 : 128])
    } else if (hostName.test(normaliseHost(entry))) {
      hosts.add(normaliseHost(entry))
    } else {
      return `"${entry}" is neither a host name, an IP address nor a CIDR range`
    }
  }
  return { hosts, ranges }
}
