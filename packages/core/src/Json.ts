/** How deep JSON a caller may send: far more than any tool's arguments need, far less than a stack holds. */
export const MAX_DEPTH = 64

/** Whether `value` nests arrays and objects deeper than `max` levels; counted without recursion. */
export const tooDeep = (value: unknown, max: number = MAX_DEPTH): boolean => {
  const stack: Array<readonly [unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (typeof node !== "object" || node === null) continue
    if (depth > max) return true
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}

/** The message every transport answers too-deep JSON with. */
export const tooDeepMessage = `The JSON nests deeper than ${MAX_DEPTH} levels`

/**
 * Parses JSON text and refuses what nests deeper than `max`, before any Schema walks it (a decoder's recursion
 * would overflow the stack on 10,000 levels). Left: why, in words for the caller.
 */
export const parse = (
  text: string,
  max: number = MAX_DEPTH
): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: "syntax" | "depth" } => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, reason: "syntax" }
  }
  return tooDeep(value, max) ? { ok: false, reason: "depth" } : { ok: true, value }
}

/** A JSON object (not null, not an array). */
export const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

const NUL = "\u0000"

const isPlain = (u: object): boolean => {
  const proto = Object.getPrototypeOf(u)
  return Array.isArray(u) || proto === Object.prototype || proto === null
}

/** Whether a string of `value` (or a key of one of its objects) holds NUL (U+0000), which text columns refuse. */
export const hasNul = (value: unknown): boolean => {
  const stack: Array<unknown> = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node === "string") {
      if (node.includes(NUL)) return true
    } else if (typeof node === "object" && node !== null && isPlain(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes(NUL)) return true
        stack.push(child)
      }
    }
  }
  return false
}

/** The message a caller gets for text with NUL in it. */
export const nulMessage = "Text must not contain NUL characters (U+0000)"

/**
 * `value` with NUL (U+0000) removed from its strings, for what arrives from outside a caller's arguments (a fetched
 * page, another analyzer's answer); plain objects and arrays are copied only where something changed.
 */
export const withoutNul = <A>(value: A): A => {
  if (!hasNul(value)) return value
  const strip = (node: unknown): unknown => {
    if (typeof node === "string") return node.includes(NUL) ? node.replaceAll(NUL, "") : node
    if (typeof node !== "object" || node === null || !isPlain(node)) return node
    if (Array.isArray(node)) return node.map(strip)
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key.replaceAll(NUL, ""), strip(child)]))
  }
  return strip(value) as A
}
