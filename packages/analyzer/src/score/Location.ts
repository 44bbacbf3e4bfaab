import type { Posting, Profile } from "@jobfit/core"
import { samePlace } from "../extract/Place.js"
import { REMOTE_REFUSED } from "../extract/TextHints.js"

export type WorkMode = "remote" | "hybrid" | "onsite" | "unknown"

// "Hybrid" about where one works, not "hybrid cloud" or "hybrid apps".
const HYBRID_WORK =
  /\bhybrid\b(?!\s+(?:cloud|apps?|mobile|vehicles?|cars?|infrastructure|solutions?|architectures?|environments?|models? of|deployments?)\b)/i

const NO_HYBRID =
  /\bno (?:remote or )?hybrid\b|\bnot (?:a )?hybrid\b|\b(?:hybrid or remote|remote or hybrid) (?:is|are) not\b/i

const REMOTE_OPTION = /\bor (?:fully )?remote\b|\/\s*remote\b|\bremote[- ](?:possible|option|friendly|first)\b/i

/** Whether the posting is remote, hybrid or on site, from its flag, location and wording. */
export const workModeOf = (posting: Posting.Posting, text: string): WorkMode => {
  const where = `${posting.location} ${posting.title}`
  // "Hamburg (hybrid) or remote in Germany": remote is one of the ways offered.
  if (REMOTE_OPTION.test(posting.location)) return "remote"
  // "There is no remote or hybrid option", "We don't offer remote work": refused in the words that offer it.
  if (/\bhybrid\b/i.test(where) || (HYBRID_WORK.test(text) && !NO_HYBRID.test(text))) {
    return "hybrid"
  }
  if (posting.remote === true || /\b(?:remote|anywhere|work from home|wfh)\b/i.test(where)) return "remote"
  if (
    /\b(?:fully remote|100% remote|remote[- ]first|remote position|remote role|work from home|remote-friendly)\b/i.test(
      text
    ) && !REMOTE_REFUSED.test(text)
  ) {
    return "remote"
  }
  if (
    posting.remote === false || /\b(?:on[- ]site|onsite|in[- ]office|in person|in-person)\b/i.test(`${where} ${text}`)
  ) {
    return "onsite"
  }
  return posting.location.trim() === "" ? "unknown" : "onsite"
}

const NO_SPONSORSHIP =
  /\b(?:no (?:visa )?sponsorship|(?:unable|not able) to (?:provide )?sponsor|(?:will|does|do|can) not (?:provide )?sponsor|without (?:the need for )?(?:visa )?sponsorship|sponsorship is not available|must (?:already )?be (?:legally )?(?:authori[sz]ed|eligible) to work)/i
const SPONSORSHIP =
  /\b(?:visa sponsorship (?:is )?(?:available|provided|offered)|we (?:can |will |do )?sponsor|sponsorship available)\b/i

export interface LocationFit {
  readonly applicable: boolean
  readonly score: number
  readonly detail: string
}

const home = (resume: Profile.Resume): ReadonlyArray<string> => {
  const location = resume.basics?.location
  if (location === undefined) return []
  return [[location.city, location.region, location.countryCode].filter((p) => p !== undefined).join(", ")]
    .filter((p) => p !== "")
}

/** The location score of on-site or hybrid work somewhere the profile neither lives nor wants to work. */
export const RELOCATION_SCORE = 0.1

// "<LOCATION>", "#URL_0d3…#": a place a dataset or a board masked, which says nowhere.
const PLACEHOLDER = /<[A-Z_]+>|#[A-Z]+_[0-9a-f]+#/g

/** How well the posting's place and way of working suit the profile's preferences, visa needs included. */
export const locationFit = (given: Posting.Posting, text: string, profile: Profile.Profile): LocationFit => {
  const masked = given.location.replace(PLACEHOLDER, "")
  const posting = masked === given.location ? given : { ...given, location: /[\p{L}]/u.test(masked) ? masked : "" }
  const prefs = profile.preferences
  const mode = workModeOf(posting, text)
  const wanted = prefs.remote ?? "any"
  const wantedPlaces = [...(prefs.locations ?? []), ...home(profile.resume)]
  const placeKnown = wantedPlaces.length > 0 && posting.location.trim() !== ""
  const inPlace = placeKnown && wantedPlaces.some((place) => samePlace(place, posting.location))
  const where = posting.location.trim() === "" ? "an unstated place" : posting.location.trim()
  const kind = mode === "hybrid" ? "hybrid" : "on-site"
  let score = 1
  let detail: string
  if (mode === "remote") {
    score = wanted === "onsite" ? 0.6 : wanted === "hybrid" ? 0.9 : 1
    detail = wanted === "onsite" ? "remote role; you prefer on-site work" : "remote role, which suits your preferences"
  } else if (mode === "unknown") {
    detail = "the posting does not say where the work is"
  } else if (wanted === "remote") {
    // An unstated place is not known to be a move: only the way of working is held against the wish.
    score = placeKnown && !inPlace ? RELOCATION_SCORE : mode === "hybrid" ? 0.7 : 0.4
    detail = `${kind} role in ${where}; you want remote work`
  } else if (!placeKnown) {
    detail = `${kind} role in ${where}; no preferred location to compare`
  } else if (inPlace) {
    score = mode === "onsite" && wanted === "hybrid" ? 0.8 : 1
    detail = `${kind} role in ${where}, a place you want to work`
  } else {
    score = RELOCATION_SCORE
    detail = `${kind} role in ${where}, outside your preferred locations`
  }
  if (prefs.needs_visa_sponsorship === true) {
    if (NO_SPONSORSHIP.test(text)) {
      score *= 0.3
      detail += "; the posting offers no visa sponsorship, which you need"
    } else if (SPONSORSHIP.test(text)) detail += "; visa sponsorship is offered"
  }
  const applicable = mode !== "unknown" || prefs.needs_visa_sponsorship === true
  const hasPreference = prefs.remote !== undefined || wantedPlaces.length > 0 || prefs.needs_visa_sponsorship === true
  return { applicable: applicable && hasPreference, score, detail }
}
