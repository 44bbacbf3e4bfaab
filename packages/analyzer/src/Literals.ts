const patterns = { "": new WeakMap<ReadonlyArray<string>, RegExp>(), i: new WeakMap<ReadonlyArray<string>, RegExp>() }

/**
 * Whether `text` holds any of `literals`, by one search of it with a pattern made once per list: a check that runs
 * on every sentence or on a whole posting, where one `includes` per literal searched the text once per literal.
 */
export const containsAny = (text: string, literals: ReadonlyArray<string>): boolean =>
  literalPattern(literals).test(text)

/** The pattern of any of `literals`, made once per list (and flags: "i" ignores case). */
export const literalPattern = (literals: ReadonlyArray<string>, flags: "" | "i" = ""): RegExp => {
  let pattern = patterns[flags].get(literals)
  if (pattern === undefined) {
    // An empty list holds nothing: `(?!)` never matches, where an empty pattern would match everywhere.
    const alternatives = literals.map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    pattern = new RegExp(alternatives.length === 0 ? "(?!)" : alternatives.join("|"), flags)
    patterns[flags].set(literals, pattern)
  }
  return pattern
}
