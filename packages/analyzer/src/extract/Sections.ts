import type { Block } from "./Blocks.js"
import { withoutAside } from "./HeaderLines.js"

export type SectionName = "requirements" | "nice_to_have" | "responsibilities"

export interface Sections {
  readonly requirements: Array<string>
  readonly nice_to_have: Array<string>
  readonly responsibilities: Array<string>
}

// Checked in this order: "Preferred qualifications" is nice to have before "qualifications" makes it a requirement.
const patterns: ReadonlyArray<readonly [SectionName | "other", RegExp]> = [
  [
    "nice_to_have",
    new RegExp(
      "^(nice[- ]to[- ]haves?|(it'?s |it would be |would be )?(a )?(big |huge )?(plus|bonus)( points)?|" +
        "bonus( points| skills)?( if you( have)?)?|preferred( qualifications| skills| experience| requirements)?|" +
        "desired( qualifications| skills)?|desirable( skills)?|good to have|(even )?better if( you( have)?)?|" +
        "extra (credit|points)|ideally( you( have|'ll have)?)?|pluses|additional (qualifications|skills)|optional)$"
    )
  ],
  [
    "responsibilities",
    new RegExp(
      "^((key |main |your |job |core )?responsibilities|(key |your )?duties|your (role|mission|tasks|impact|day[- ]to[- ]day)|" +
        "what you('ll| will) (do|be doing|work on|achieve)|what you'll be doing|in this role( you will)?|" +
        "the role involves|day[- ]to[- ]day|(your )?tasks|you will|you'll|what the job involves|the job)$"
    )
  ],
  [
    "requirements",
    new RegExp(
      "^((minimum |basic |job |key |technical )?requirements|(minimum |basic |required |key |essential )?qualifications|" +
        "(required |key |essential |core |technical )?skills( (and|&) (experience|qualifications))?|(required |relevant )?experience|" +
        "what you('ll| will)? (need|bring|have)|what you need( to succeed)?|what we('re| are)? looking for|what we look for|" +
        "who (you are|we're looking for|we are looking for)|about you|you (have|bring|are|should have|might be)|" +
        "must[- ]haves?|must have|your (profile|skills|background|experience|qualifications)|(the )?ideal candidate|" +
        "essential( skills| criteria)?|we('re| are) looking for|to be successful|is this you|(candidate )?profile)$"
    )
  ],
  [
    "other",
    new RegExp(
      "^(about( us| the (company|team|role|job|position)| [a-z0-9 .&-]{1,30})?|who we are|(job |employee )?benefits( summary| overview| package)?|perks|company (description|profile|overview)|" +
        "(what )?we offer|what's in it for you|compensation|salary|pay|why (join|work|us)|how to apply|" +
        "application process|(the )?interview process|equal (opportunity|employment)|eeo|diversity|" +
        "our (values|culture|team|mission|story)|location|the team|life at|working at|hiring process|next steps|apply)$"
    )
  ]
]

// "BENEFITS SUMMARY (full-time, 36 hrs/wk):": a heading's aside in parentheses says nothing of what it opens.
const normalise = (text: string) =>
  withoutAside(text.replace(/\s*:$/, "")).toLowerCase().replace(/[’‘`]/g, "'").replace(/[^\p{L}\p{N}'&.\- ]+/gu, " ")
    .replace(/\s+/g, " ").trim()
    .replace(/[.\- ]+$/, "")

/** Which section a heading opens: one of the three, "other" (benefits, about us...), or undefined if unknown. */
export const classifyHeading = (heading: string): SectionName | "other" | undefined => {
  const text = normalise(heading)
  return patterns.find(([, pattern]) => pattern.test(text))?.[0]
}

const MAX_ITEMS = 60
const MAX_ITEM = 500

const leadIn = /^([^:]{2,50}):\s*(.+)$/

/** A lead-in that makes its line a must-have ("Must have: ADP administration"); the line keeps it. */
export const MUST_LABEL = /\b(?:must[- ]haves?|mandatory|non[- ]negotiable)\b/i

/** Splits posting blocks into requirements, nice-to-haves and responsibilities, by their headings and lead-ins. */
export const split = (blocks: ReadonlyArray<Block>): Sections => {
  const sections: Sections = { requirements: [], nice_to_have: [], responsibilities: [] }
  let current: SectionName | "other" | undefined
  let listed = false
  const open = (section: SectionName | "other") => {
    current = section
    listed = false
  }
  const add = (text: string) => {
    if (current === undefined || current === "other") return
    const list = sections[current]
    if (list.length < MAX_ITEMS) list.push(text.slice(0, MAX_ITEM))
  }
  for (const block of blocks) {
    if (block.kind === "heading") {
      open(classifyHeading(block.text) ?? "other")
      continue
    }
    if (block.kind === "text" && block.text.length <= 60) {
      const heading = classifyHeading(block.text)
      if (heading !== undefined) {
        open(heading)
        continue
      }
    }
    const lead = leadIn.exec(block.text)
    const leadSection = lead ? classifyHeading(lead[1]!) : undefined
    if (lead && leadSection !== undefined) {
      open(leadSection)
      add(MUST_LABEL.test(lead[1]!) ? block.text : lead[2]!)
      continue
    }
    // A paragraph after a section's list closes the section ("We offer..." after the requirements).
    if (block.kind === "text" && listed) open("other")
    if (block.kind === "item") listed = true
    add(block.text)
  }
  return sections
}
