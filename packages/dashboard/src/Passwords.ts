import { Effect } from "effect"
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto"

/** Cost parameters (OWASP's scrypt minimum is N=2^17 with r=8; N=2^15 keeps sign-in near 50 ms on a small machine). */
export interface Cost {
  readonly N: number
  readonly r: number
  readonly p: number
}

export const defaultCost: Cost = { N: 2 ** 15, r: 8, p: 1 }

const KEY_LENGTH = 32
const SALT_LENGTH = 16

/** Passwords shorter than this are refused; longer than MAX are refused too, to bound hashing work. */
export const MIN_LENGTH = 10
export const MAX_LENGTH = 256

const derive = (password: string, salt: Buffer, cost: Cost) =>
  Effect.async<Buffer>((resume) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) => {
      resume(error === null ? Effect.succeed(key) : Effect.die(error))
    })
  })

/** `scrypt$N$r$p$salt$key`, salt and key in base64url: the parameters travel with the hash, so they can change. */
export const hash = Effect.fn("Passwords.hash")(function*(password: string, cost: Cost = defaultCost) {
  const salt = randomBytes(SALT_LENGTH)
  const key = yield* derive(password, salt, cost)
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$")
})

const parse = (stored: string) => {
  const [kind, N, r, p, salt, key] = stored.split("$")
  if (kind !== "scrypt" || salt === undefined || key === undefined) return undefined
  const cost = { N: Number(N), r: Number(r), p: Number(p) }
  if (![cost.N, cost.r, cost.p].every((n) => Number.isSafeInteger(n) && n > 0)) return undefined
  return { cost, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") }
}

/** True when the password matches the stored hash; a malformed hash matches nothing. */
export const verify = Effect.fn("Passwords.verify")(function*(password: string, stored: string) {
  const parsed = parse(stored)
  if (parsed === undefined || parsed.key.length !== KEY_LENGTH) return false
  const key = yield* derive(password, parsed.salt, parsed.cost)
  return timingSafeEqual(key, parsed.key)
})

// Checked against when the email is unknown, so an unknown email takes as long as a wrong password.
let decoy: string | undefined

/** Spends the time a real check would, for an unknown user; always false. */
export const verifyNothing = Effect.fn("Passwords.verifyNothing")(
  function*(password: string, cost: Cost = defaultCost) {
    decoy ??= yield* hash("decoy password", cost)
    yield* verify(password, decoy)
    return false
  }
)

/** Why a new password is refused, or undefined when it is fine. */
export const problem = (password: string, email: string): string | undefined => {
  if (password.length < MIN_LENGTH) return `Use at least ${MIN_LENGTH} characters`
  if (password.length > MAX_LENGTH) return `Use at most ${MAX_LENGTH} characters`
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return "Do not use your email address"
  return undefined
}
