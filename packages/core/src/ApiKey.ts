import { Option, Schema } from "effect"
import { ApiKeyId, UserId } from "./Ids.js"
import { Scope } from "./Scope.js"

/** An API key as listed: never its secret, only a short prefix to recognise it by. */
export class ApiKey extends Schema.Class<ApiKey>("ApiKey")({
  id: ApiKeyId,
  user_id: UserId,
  name: Schema.String,
  scopes: Schema.Array(Scope),
  prefix: Schema.String,
  created_at: Schema.DateTimeUtc,
  last_used_at: Schema.NullOr(Schema.DateTimeUtc),
  revoked_at: Schema.NullOr(Schema.DateTimeUtc)
}) {}

export const PREFIX = "jf_live_"
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
const BODY_LENGTH = 43 // 32 random bytes in base62 need at most 43 digits
const CHECK_LENGTH = 6

const base62 = (value: bigint, width: number): string => {
  let out = ""
  let rest = value
  while (rest > 0n) {
    out = ALPHABET[Number(rest % 62n)] + out
    rest /= 62n
  }
  return out.padStart(width, "0")
}

// CRC-32 of the body: lets a typo'd key be refused without a database look-up.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (text: string): number => {
  let crc = 0xffffffff
  for (let i = 0; i < text.length; i++) crc = crcTable[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** Makes a key from 32 random bytes: `jf_live_` + base62 body + base62 CRC-32 checksum. */
export const format = (randomBytes: Uint8Array): string => {
  if (randomBytes.length !== 32) throw new RangeError("an API key needs exactly 32 random bytes")
  const value = randomBytes.reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n)
  const body = base62(value, BODY_LENGTH)
  return PREFIX + body + base62(BigInt(crc32(body)), CHECK_LENGTH)
}

/** True when the text has the shape and checksum of a key this service issues. */
export const isWellFormed = (key: string): boolean => {
  if (key.length !== PREFIX.length + BODY_LENGTH + CHECK_LENGTH || !key.startsWith(PREFIX)) return false
  const body = key.slice(PREFIX.length, PREFIX.length + BODY_LENGTH)
  if (![...body].every((ch) => ALPHABET.includes(ch))) return false
  return key.slice(PREFIX.length + BODY_LENGTH) === base62(BigInt(crc32(body)), CHECK_LENGTH)
}

/** The part of a key kept in clear to tell keys apart in lists. */
export const prefixOf = (key: string): string => key.slice(0, PREFIX.length + 6)

/** The key from an `Authorization: Bearer <key>` header value, if it has that form. */
export const fromAuthorization = (header: string | undefined): Option.Option<string> => {
  if (header === undefined) return Option.none()
  const match = /^Bearer +([^\s]+) *$/i.exec(header)
  return match ? Option.some(match[1]!) : Option.none()
}
