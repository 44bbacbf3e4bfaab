import type { Block } from "./Blocks.js"
import { placeOfAddress } from "./Place.js"

const BOARD_HOSTS =
  /^(?:[a-z]{2}\.)?(?:linkedin|indeed|seek|glassdoor|ziprecruiter|monster|simplyhired|careerbuilder|dice|stepstone|xing|reed|totaljobs|jobstreet|naukri|reddit|facebook|craigslist|usajobs|wellfound)\./

const hostPrefixes = /^(www|jobs|careers|career|boards|apply|job-boards|work|hiring|talent)\./

/** A company name guessed from a host name: careers.acme-labs.com -> "Acme Labs". */
export const companyFromHost = (hostname: string): string => {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(":")) return hostname
  const host = hostname.toLowerCase().replace(/\.$/, "").replace(hostPrefixes, "")
  // A job board's host names the board, not the employer.
  if (BOARD_HOSTS.test(host)) return ""
  return titleCase(host.split(".")[0] ?? host)
}

/** "acme-labs" -> "Acme Labs". */
export const titleCase = (slug: string): string =>
  slug.split(/[-_\s]+/).filter((word) => word.length > 0).map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(" ")

const locationLead =
  /^(?:location|locations|job location|office|based in|where)\s*[:：]\s*(.{2,80}?)(?:\s+[·|•]\s+.*)?$/i

/** "Location: Berlin, Germany" near the top of a posting. */
export const locationInText = (blocks: ReadonlyArray<Block>): string | undefined => {
  const head = blocks.slice(0, 60)
  for (const [i, block] of head.entries()) {
    const match = locationLead.exec(block.text)
    if (match) return match[1]!.trim()
    // "Job locations" over an address's lines ("Calder Vale Road", "Halifax", "HX1 9ZZ"), as NHS Jobs pastes it.
    if (/^(?:job |work )?locations?$/i.test(block.text.trim())) {
      const place = placeOfAddress(head.slice(i + 1, i + 6).map((b) => b.text))
      if (place !== undefined) return place
    }
  }
  return undefined
}

const remoteYes =
  /\b(fully remote|100% remote|remote[- ]first|remote[- ]friendly|work from (home|anywhere)|remote (position|role|job|work|ok)|remote (within|across|anywhere in) |(working )?remotely is (fine|ok|possible)|\(remote\)|remote\s*[-–,/|]|^remote$)/im
const remoteNo = /\b(on[- ]?site only|no remote|not (a )?remote|in[- ]office only|onsite only|office[- ]based)\b/i

/**
 * "We don't offer remote work for this role", "We're not able to consider fully remote applications": remote work
 * refused in words that also say "remote work".
 */
export const REMOTE_REFUSED =
  /\b(?:(?:do|does|can|will|are|is)(?: not|n['’]t)|cannot|unable to|not able to)\s+(?:(?:offer|hire|consider|support|allow|accept|provide|open to)\s+)?(?:any\s+)?(?:hybrid or\s+)?(?:fully\s+|100%\s+)?remote\b|\bno (?:fully )?remote\b/i

/** Whether a posting says it is remote (true), says it is not (false), or does not say (undefined). */
export const remoteInText = (title: string, location: string, description: string): boolean | undefined => {
  if (/\bremote\b/i.test(title) || /\bremote\b/i.test(location)) return true
  const head = description.slice(0, 4000)
  if (remoteNo.test(head) || REMOTE_REFUSED.test(head)) return false
  if (remoteYes.test(head)) return true
  return undefined
}

const hiring =
  /^(?:(?:[Dd]escription|[Aa]bout|[Oo]verview)\s*[:：]\s*)?((?:[A-Z][\w&'.-]*)(?: (?:[A-Z][\w&'.-]*|&|of|and)){0,4}) (?:(?:is|are) (?:hiring|recruiting|looking for|searching for|seeking)|seeks|wants)\b/m
const notCompany = /^(we|our|you|they|this|the team|it)$/i

// "St. Brigid Health is a 310-bed hospital", "Harbor Point Logistics moves freight": a name opening the first lines.
const nameOpens =
  /^((?:[\p{Lu}][\p{L}\d&'.-]*)(?:\s+(?:[\p{Lu}\d][\p{L}\d&'.-]*|of|and|&|the|für|de)){0,5})\s+(?:is an?|is the|runs|builds|makes|sells|operates|provides|moves|serves|designs|develops|helps)\b/u
const notAName =
  /^(?:we|our|the|this|that|you|your|join|about|as|at|in|if|it|they|there|here|every|each|experience|knowledge)\b/i

// "We're Lumen Books, a small team", "We are Kestrel, a …": the employer introducing itself.
const weAre = /\b[Ww]e(?:'re|’re| are) ((?:[\p{Lu}][\p{L}\d&'.-]*)(?: (?:[\p{Lu}][\p{L}\d&'.-]*|&|of|and)){0,4}),/u

// A recruiter's client: "working with Fjordline Payments, a Series B …", "on behalf of Kestrel Health,".
const client =
  /\b(?:working with|on behalf of|recruiting for|partnered with|partnering with)\s+((?:[\p{Lu}][\p{L}\d&'.-]*)(?: (?:[\p{Lu}][\p{L}\d&'.-]*|&|of|and)){0,4}),/u

/**
 * "Woodgrove Bank is hiring ..." in a posting's first lines, an employer introducing itself ("We're Lumen Books, …")
 * or a recruiter's client, or a name that opens one of its first three lines.
 */
export const companyInText = (text: string): string | undefined => {
  const match = hiring.exec(text.slice(0, 2000))
  if (match && !notCompany.test(match[1]!)) return match[1]
  const introduced = weAre.exec(text.slice(0, 1000))?.[1] ?? client.exec(text.slice(0, 1000))?.[1]
  if (introduced !== undefined && !notAName.test(introduced)) return introduced
  const lines = text.split("\n").map((line) => line.trim()).filter((line) => line !== "").slice(0, 3)
  for (const line of lines) {
    const name = nameOpens.exec(line)?.[1]?.trim()
    if (name !== undefined && !notAName.test(name) && name.length <= 60) return name
  }
  return undefined
}
