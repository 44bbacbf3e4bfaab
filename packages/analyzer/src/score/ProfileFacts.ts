import type { Profile } from "@jobfit/core"
import { yearsOfWork } from "./ResumeDates.js"

/** What the gates read from a profile: its words, highest degree, country, places and years of work. */
export interface ProfileFacts {
  /** Every word the resume says, lower-cased, one space between words. */
  readonly text: string
  /** The resume's certificates (name and issuer), lower-cased like `text`: where a certification is shown. */
  readonly certificates: string
  /** 0 none or unknown, 1 associate, 2 bachelor, 3 master, 4 doctorate. */
  readonly degreeLevel: number
  /** ISO 3166-1 alpha-2, upper case, when the profile says where the person lives. */
  readonly country: string | undefined
  /** Where the person lives and wants to work, as written. */
  readonly places: ReadonlyArray<string>
  readonly years: number
  readonly needsSponsorship: boolean
}

const DEGREE_LEVELS: ReadonlyArray<readonly [RegExp, number]> = [
  [/\b(?:ph\.?\s?d|doctor(?:ate|al)?|d\.?p\.?t|j\.?d|m\.?d|pharm\.?\s?d|ed\.?d)\b/i, 4],
  [/\b(?:master'?s?|m\.?sc?|m\.?a|mba|msn|m\.?eng|m\.?ed|mph|llm)\b/i, 3],
  [
    /\b(?:bachelor'?s?|b\.?sc?|b\.?a|bsn|b\.?eng|b\.?ed|bba|undergraduate|ll\.?b)\b|\b(?:2:[12]|first|upper second|lower second)(?:[- ]class)? degree\b|^an? degree$/i,
    2
  ],
  [/\b(?:associate'?s?|a\.?a\.?s?|a\.?s|adn)\b/i, 1]
]

/** The level of a degree's name: "BSN" 2, "MBA" 3, "PhD" 4; 0 for a certificate, diploma or bootcamp. */
export const degreeLevelOf = (text: string): number => {
  for (const [pattern, level] of DEGREE_LEVELS) if (pattern.test(text)) return level
  return 0
}

const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC"
    .split(" ")
)

const countryOfProfile = (resume: Profile.Resume): string | undefined => {
  const location = resume.basics?.location
  const code = location?.countryCode?.trim().toUpperCase()
  if (code !== undefined && code !== "") return code === "UK" ? "GB" : code
  const region = location?.region?.trim().toUpperCase()
  return region !== undefined && US_STATES.has(region) ? "US" : undefined
}

const collapse = (text: string): string => text.toLowerCase().replace(/\s+/g, " ")

const cache = new WeakMap<Profile.Profile, Map<number, ProfileFacts>>()

export const profileFacts = (profile: Profile.Profile, now: Date): ProfileFacts => {
  const perProfile = cache.get(profile) ?? new Map<number, ProfileFacts>()
  cache.set(profile, perProfile)
  const cached = perProfile.get(now.getTime())
  if (cached !== undefined) return cached
  const resume = profile.resume
  const basics = resume.basics
  const location = basics?.location
  const parts: Array<string | undefined> = [
    basics?.label,
    basics?.summary,
    ...(resume.work ?? []).flatMap((w) => [w.position, w.name, w.summary, ...(w.highlights ?? [])]),
    ...(resume.education ?? []).flatMap((e) => [e.studyType, e.area, e.institution, ...(e.courses ?? [])]),
    ...(resume.certificates ?? []).flatMap((c) => [c.name, c.issuer]),
    ...(resume.skills ?? []).flatMap((s) => [s.name, ...(s.keywords ?? [])]),
    ...(resume.projects ?? []).flatMap((p) => [p.name, p.description, ...(p.highlights ?? []), ...(p.keywords ?? [])]),
    ...(resume.languages ?? []).map((l) => l.language)
  ]
  const home = [location?.city, location?.region, location?.countryCode].filter((p) => p !== undefined && p !== "")
  const facts: ProfileFacts = {
    text: ` ${collapse(parts.filter((p) => p !== undefined && p !== "").join(" \n "))} `,
    certificates: ` ${
      collapse((resume.certificates ?? []).flatMap((c) => [c.name ?? "", c.issuer ?? ""]).join(" \n "))
    } `,
    degreeLevel: Math.max(
      0,
      ...(resume.education ?? []).map((e) => degreeLevelOf(`${e.studyType ?? ""} ${e.area ?? ""}`))
    ),
    country: countryOfProfile(resume),
    places: [...(home.length > 0 ? [home.join(", ")] : []), ...(profile.preferences.locations ?? [])],
    years: yearsOfWork(resume.work, now),
    needsSponsorship: profile.preferences.needs_visa_sponsorship === true
  }
  perProfile.set(now.getTime(), facts)
  return facts
}
