import { createHash, randomBytes } from "node:crypto"

/** SHA-256 in hex: what the store keeps of a key, token or code instead of the secret itself. */
export const sha256 = (secret: string): string => createHash("sha256").update(secret).digest("hex")

/** A token for a session or a reset link: 32 random bytes, base64url. */
export const token = (): string => randomBytes(32).toString("base64url")
