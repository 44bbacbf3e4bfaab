import { isRegionCode, parsePlace } from "./Place.js"

// What a header's lines are made of, for pages (Header.ts) and pasted text (TextHeader.ts) alike: places, ways of
// working, hours, organisations' names.

/** A posting's header as the page shows it: title, employer and place; each undefined when not found. */
export interface Header {
  readonly title?: string | undefined
  readonly company?: string | undefined
  readonly location?: string | undefined
}

// A line that names a place or a way of working: "Columbus, OH", "Remote (EU)", "Berlin, Germany", "Hybrid".
export const WORK_MODE = /^(?:remote|hybrid|on-?site|onsite|anywhere)\b|\b(?:remote|hybrid|on-?site)\b/i
export const CITY_REGION =
  /^[\p{Lu}][\p{L}.' -]{1,40},\s*[\p{Lu}][\p{L}.' -]{1,40}(?:,\s*[\p{Lu}][\p{L}.' -]{1,40})?(?:\s+\d{5}(?:-\d{4})?)?$/u

export const ORGANISATION =
  /\b(?:group|inc\.?|llc|ltd\.?|llp|plc|gmbh|co\.?|company|corporation|corp\.?|partners|clinic|hospital|health|bank|agency|labs?|solutions|systems|services|technologies|studio|associates|school district|university|foundation|trust|(?:medical|health|community|care|service|distribution|learning|community health) cent(?:er|re))$/i

// A line that ends as a job's name does: "Social Media Manager", "Registered Nurse (Nights)".
const JOB_NAME =
  /\b(?:manager|engineer|developer|accountant|bookkeeper|nurse|rn|lpn|specialist|coordinator|analyst|assistant|associate|representative|technician|designer|director|administrator|clerk|driver|operator|officer|consultant|lead|supervisor|teacher|instructor|marketer|scientist|architect|writer|editor|therapist|pharmacist|electrician|plumber|mechanic|cashier|barista|cook|chef|receptionist|paralegal|attorney|advisor|agent|executive|intern|hygienist)s?(?:\s*\([^()]*\))?$/i

/** Whether a line reads as a job's name ("Social Media Manager"). */
export const isJobName = (line: string): boolean => JOB_NAME.test(line.trim())

/** Whether a name reads as an organisation's ("Meridian Dental Partners", "Lakeshore Brewing Company"). */
export const isOrganisationName = (name: string): boolean => ORGANISATION.test(name.trim())

/** A place a short part of a line names: a city the tables know, a city and region, or a way of working. */
export const isPlacePart = (part: string): boolean =>
  part.length <= 60 && !ORGANISATION.test(part.trim()) &&
  (CITY_REGION.test(part) || parsePlace(part).country !== undefined)

// "Camberwell VIC 3124", "Kirkland WA": a city, its region's code and a postcode, as boards print an address.
const CITY_CODE = /^[\p{Lu}][\p{L}.' -]{1,40}\s+([A-Z]{2,3})(?:\s+\d{4,5})?$/u
const isCityCode = (line: string): boolean => {
  const code = CITY_CODE.exec(line)?.[1]
  return code !== undefined && isRegionCode(code)
}

export const isPlaceLine = (line: string): boolean =>
  WORK_MODE.test(line) || CITY_REGION.test(line) || isCityCode(line) ||
  (line.split(/\s+/).length <= 3 && isPlacePart(line))

export const EMPLOYMENT = /^(?:full[- ]time|part[- ]time|contract|temporary|permanent|internship|seasonal|per diem)\b/i

// A name's legal form after a comma: "Keystone Cold Storage, Inc.".
const LEGAL_FORM = String.raw`,\s*(?:Inc|LLC|Ltd|LLP|Corp|Co|PLC)\.?`

/** A line that ends in a legal form, which reads like "City, Region" to the place tests. */
export const LEGAL_NAME = new RegExp(`${LEGAL_FORM}$`)

// A line that is only a name: "Summit Revenue Partners", "Lakeshore Brewing Company", "Keystone Cold Storage, Inc.".
export const NAME_LINE = new RegExp(
  String
    .raw`^(?:[\p{Lu}\d][\p{L}\d&'.-]*)(?:\s+(?:[\p{Lu}\d&][\p{L}\d&'.-]*|of|and|the|de|für)){0,6}(?:${LEGAL_FORM})?$`,
  "u"
)

// The parts of a pasted line between spaced dots or bars: "Senior Accountant | Chicago, IL | Hybrid".
export const SPACED_SEPARATOR = /\s+[·•|]\s+/

/** "Chicago, IL (West Loop)" -> "Chicago, IL", "Hybrid (3 days in office)" -> "Hybrid": without what parentheses add. */
export const withoutAside = (text: string): string => text.replace(/\s*\([^()]*\)$/, "")
