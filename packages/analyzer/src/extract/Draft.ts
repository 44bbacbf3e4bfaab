import type { Posting } from "@jobfit/core"
import { Either } from "effect"
import { type Block, render } from "./Blocks.js"
import { employmentTypeInText } from "./EmploymentType.js"
import { salaryInText } from "./SalaryText.js"
import { type Sections, split } from "./Sections.js"
import { companyFromHost, companyInText, locationInText, remoteInText } from "./TextHints.js"

/** What a source found, before the defaults and text heuristics fill the gaps. */
export interface Draft {
  readonly source: string
  readonly title?: string | undefined
  readonly company?: string | undefined
  readonly location?: string | undefined
  readonly remote?: boolean | undefined
  readonly salary?: Posting.Salary | undefined
  readonly employmentType?: string | undefined
  readonly blocks: ReadonlyArray<Block>
  /** Sections a source gives as separate fields (JSON-LD `qualifications`, Lever lists), used where the text has none. */
  readonly sections?: Partial<Sections> | undefined
}

const MIN_TEXT = 100
const MAX_DESCRIPTION = 30_000

const clean = (text: string | undefined) => {
  const trimmed = text?.replace(/\s+/g, " ").trim()
  return trimmed === undefined || trimmed.length === 0 ? undefined : trimmed
}

export const hostOf = (url: string) => URL.canParse(url) ? new URL(url).hostname : url

export const notAPosting = (url: string) => `The page at ${hostOf(url)} does not look like a job posting`

const merged = (found: Sections, given: Partial<Sections> | undefined): Sections => ({
  requirements: found.requirements.length > 0 ? found.requirements : [...(given?.requirements ?? [])],
  nice_to_have: found.nice_to_have.length > 0 ? found.nice_to_have : [...(given?.nice_to_have ?? [])],
  responsibilities: found.responsibilities.length > 0 ? found.responsibilities : [...(given?.responsibilities ?? [])]
})

/** Completes a draft into a Posting, or says why the page is not a posting (too little text, no title). */
export const finish = (url: string, draft: Draft): Either.Either<Posting.Posting, string> => {
  const description = render(draft.blocks).slice(0, MAX_DESCRIPTION)
  // Structured data (JSON-LD, a board's API) says outright that this is a posting, however little text it has.
  const structured = draft.source !== "html" && draft.source !== "text"
  const sectionText = Object.values(draft.sections ?? {}).flat().join("")
  if (!structured && description.replace(/\s+/g, "").length < MIN_TEXT) return Either.left(notAPosting(url))
  if (structured && description.trim() === "" && sectionText === "" && clean(draft.title) === undefined) {
    return Either.left(notAPosting(url))
  }
  const title = clean(draft.title) ?? draft.blocks.find((block) => block.kind === "heading")?.text
  if (title === undefined) return Either.left(notAPosting(url))
  const company = clean(draft.company) ?? companyInText(description) ?? companyFromHost(hostOf(url))
  const remote = draft.remote ?? remoteInText(title, clean(draft.location) ?? "", description)
  const location = clean(draft.location) ?? locationInText(draft.blocks) ?? (remote === true ? "Remote" : "")
  const salary = draft.salary ?? salaryInText(description)
  const employmentType = draft.employmentType ?? employmentTypeInText(description)
  return Either.right({
    url,
    title,
    company,
    location,
    ...(remote === undefined ? {} : { remote }),
    ...(salary === undefined ? {} : { salary }),
    ...(employmentType === undefined ? {} : { employment_type: employmentType }),
    description,
    sections: merged(split(draft.blocks), draft.sections),
    source: draft.source
  })
}
