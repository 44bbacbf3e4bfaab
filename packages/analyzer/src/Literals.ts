const patterns = new WeakMap<ReadonlyArray<string>, RegExp>()

/**
 * Whether `text` holds any of `literals`, by one search of it with a pattern made once per list: a check that runs
 * on every sentence or on a whole posting, where one `includes` per literal searched the text once per literal.
 */
export const containsAny = (text: string, literals: ReadonlyArray<string>): boolean => {
  let pattern = patterns.get(literals)
  if (pattern === undefined) {
    // An empty list holds nothing: `(?!)` never matches, where an empty pattern would match everywhere.
    const alternatives = literals.map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    pattern = new RegExp(alternatives.length === 0 ? "(?!)" : alternatives.join("|"))
    patterns.set(literals, pattern)
  }
  return pattern.test(text)
}
