import { Headers, type HttpServerRequest } from "@effect/platform"
import { Option } from "effect"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"

/** The form field every state-changing form carries. */
export const FIELD = "_csrf"
/** The cookie that carries the token of visitors without a session (sign-up and sign-in forms). */
export const COOKIE = "jobfit_csrf"

/** A fresh token for a visitor without a session. */
export const fresh = (): string => randomBytes(24).toString("base64url")

/**
 * A signed-in visitor's token is derived from the session token, which is in an HttpOnly cookie another site can
 * neither read nor set through a form post; so a forged form cannot carry it.
 */
export const forSession = (sessionToken: string): string =>
  createHash("sha256").update(`csrf:${sessionToken}`).digest("base64url")

const same = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return undefined
  }
}

/**
 * A state-changing request is accepted when its token matches and, where the browser says where it comes from,
 * it comes from this site: Sec-Fetch-Site is not cross-site, and Origin (when sent) names the Host.
 */
export const check = (
  request: HttpServerRequest.HttpServerRequest,
  expected: string,
  sent: string | undefined
): boolean => {
  if (sent === undefined || expected === "" || !same(expected, sent)) return false
  const site = Headers.get(request.headers, "sec-fetch-site")
  if (Option.isSome(site) && site.value === "cross-site") return false
  const origin = Headers.get(request.headers, "origin")
  const host = Headers.get(request.headers, "host")
  if (Option.isSome(origin) && origin.value !== "null" && Option.isSome(host)) {
    return hostOf(origin.value) === host.value
  }
  return true
}
