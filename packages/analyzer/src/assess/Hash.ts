/** FNV-1a, 32 bits: a stable hash to pick wording from, so the same analysis always reads the same. */
export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A choice among `options` for slot `slot`, different slots drawing on different bits of the hash. */
export const pick = <A>(hash: number, slot: number, options: ReadonlyArray<A>): A => {
  const mixed = fnv1a(`${hash}:${slot}`)
  const chosen = options[mixed % options.length]
  if (chosen === undefined) throw new Error("pick needs at least one option")
  return chosen
}
