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
