// What the gates (Gates.ts, Credentials.ts) share: when a requirement is no gate, words that tell nothing, and
// whether a text holds a word.

/** Said as something one may get after starting, or only hoped for: no gate. */
export const SOFT =
  /\b(?:within (?:\d+|thirty|sixty|ninety|six|twelve) (?:days|months)|(?:ability|able|willing(?:ness)?) to (?:obtain|get|acquire|earn)|or (?:be )?(?:willing|able) to obtain|obtain(?:ed)? (?:within|after|upon)|we(?:'ll| will)? (?:help you |pay for you to )?(?:get|obtain|train)|preferred|a plus|nice to have|desired|desirable|ideally|bonus|not required|is helpful|an asset|advantage(?:ous)?)\b/i

/** Words that tell nothing of what a requirement asks ("a", "recent", "experience", "role"). */
export const GENERIC = new Set(
  ("a an the of in at on with and or least minimum min recent prior previous proven current currently active valid " +
    "relevant professional hands-on hands direct experience experienced years year yrs months working work " +
    "demonstrated solid strong some any their your as an for who have has hold holding unit setting environment " +
    "role roles position positions background knowledge")
    .split(" ")
)

/** Whether `text` holds `word` as a whole word (or phrase), in any case. */
export const wordIn = (text: string, word: string): boolean => {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  return new RegExp(`(?:^|[^a-z0-9])${escaped}(?:$|[^a-z0-9])`, "i").test(text)
}
