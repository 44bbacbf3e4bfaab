import * as dns from "node:dns"
import * as net from "node:net"
import { buildConnector } from "undici"
import { type AllowList, isAllowedHost, refuseAddress } from "./AddressPolicy.js"

/** Resolves a host name to every address it has (`dns.lookup` with `all: true` by default). */
export type Resolver = (hostname: string) => Promise<ReadonlyArray<dns.LookupAddress>>

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true })

/** Raised inside undici when a connection would reach a forbidden address; becomes URL_NOT_ALLOWED. */
export class ForbiddenAddress extends Error {
  override readonly name = "ForbiddenAddress"
}

const wantedFamily = (family: dns.LookupOptions["family"]) =>
  family === 4 || family === "IPv4" ? 4 : family === 6 || family === "IPv6" ? 6 : 0

/**
 * A `net` lookup that resolves every address of a host and refuses the connection when ANY of them is forbidden,
 * so a DNS answer cannot change between a check and the connect it guards.
 */
export const guardedLookup = (allow: AllowList, resolve: Resolver): net.LookupFunction => (hostname, options, done) => {
  resolve(hostname).then(
    (addresses) => {
      const refused = isAllowedHost(hostname, allow)
        ? undefined
        : addresses.map((a) => refuseAddress(a.address, allow)).find((reason) => reason !== undefined)
      if (refused !== undefined) {
        return done(new ForbiddenAddress(`The host ${hostname} resolves to a forbidden address: ${refused}`), [])
      }
      const family = wantedFamily(options.family)
      const usable = addresses.filter((a) => family === 0 || a.family === family)
      const first = usable[0]
      if (first === undefined) {
        return done(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), [])
      }
      return options.all === true ? done(null, [...usable]) : done(null, first.address, first.family)
    },
    (error: unknown) => done(error instanceof Error ? error : new Error("lookup failed"), [])
  )
}

/**
 * An undici connector whose every connection is checked: IP literals here (net skips lookup for them), names
 * through the guarded lookup.
 */
export const guardedConnector = (
  allow: AllowList,
  resolve: Resolver,
  timeoutMs: number
): buildConnector.connector => {
  const connect = buildConnector({ lookup: guardedLookup(allow, resolve), timeout: timeoutMs })
  return (options, callback) => {
    if (net.isIP(options.hostname) !== 0 && !isAllowedHost(options.hostname, allow)) {
      const refused = refuseAddress(options.hostname, allow)
      if (refused !== undefined) {
        return callback(new ForbiddenAddress(`Refused to connect: ${refused}`), null)
      }
    }
    return connect(options, callback)
  }
}
