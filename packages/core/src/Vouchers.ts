import { Context, type Effect } from "effect"
import type { VoucherInvalid } from "./Errors.js"
import type { UserId } from "./Ids.js"

/** Codes worth credits, made by the operator and redeemed once by a user. Codes are kept only as hashes. */
export class Vouchers extends Context.Tag("@jobfit/core/Vouchers")<Vouchers, {
  /** Makes a voucher worth `cents`; the code is returned this once. */
  readonly create: (cents: number, note: string) => Effect.Effect<{ readonly code: string; readonly cents: number }>
  /**
   * Redeems a code (case, spaces and dashes do not matter) for the user: at most once, under any concurrency,
   * and its credits are granted in the same transaction.
   */
  readonly redeem: (
    userId: UserId,
    code: string
  ) => Effect.Effect<{ readonly cents: number; readonly balance_cents: number }, VoucherInvalid>
}>() {}

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ" // Crockford base32: no I, L, O, U

/** `JF-XXXX-XXXX-XXXX-XXXX` from 10 random bytes (80 bits), in Crockford base32. */
export const format = (randomBytes: Uint8Array): string => {
  if (randomBytes.length !== 10) throw new RangeError("a voucher code needs exactly 10 random bytes")
  let bits = 0n
  for (const byte of randomBytes) bits = (bits << 8n) | BigInt(byte)
  let digits = ""
  for (let i = 0; i < 16; i++) {
    digits = ALPHABET[Number(bits & 31n)] + digits
    bits >>= 5n
  }
  return `JF-${digits.match(/.{4}/g)!.join("-")}`
}

/** A code as typed, in the form `format` makes: upper case, look-alike letters read as digits, dashes placed. */
export const normalize = (typed: string): string => {
  const compact = typed.toUpperCase().replace(/[\s-]/g, "")
  // The random digits may themselves start with "JF", so the prefix is dropped only when the length says so.
  const digits = (compact.length === 18 && compact.startsWith("JF") ? compact.slice(2) : compact)
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0")
  return digits.length === 16 ? `JF-${digits.match(/.{4}/g)!.join("-")}` : typed.trim().toUpperCase()
}
