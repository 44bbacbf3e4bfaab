/**
 * Places as postings and resumes write them — "Austin, TX", "Remote (United States)", "Bengaluru, Karnataka",
 * "US, TX, Houston", "Hybrid - Berlin, Germany" — read into city, region, country and way of working, so two
 * spellings of one place compare equal. Pure and offline: small tables of the common forms, nothing more.
 */

export type WorkMode = "remote" | "hybrid" | "onsite"

export interface Place {
  /** Lower case, aliases resolved ("bangalore" is "bengaluru"). */
  readonly city?: string | undefined
  /** A region's code where it has one ("tx", "on", "vic"), else its name, lower case. */
  readonly region?: string | undefined
  /** ISO 3166-1 alpha-2, upper case. */
  readonly country?: string | undefined
  readonly mode?: WorkMode | undefined
}

const US_STATES: Readonly<Record<string, string>> = {
  alabama: "al",
  alaska: "ak",
  arizona: "az",
  arkansas: "ar",
  california: "ca",
  colorado: "co",
  connecticut: "ct",
  delaware: "de",
  florida: "fl",
  georgia: "ga",
  hawaii: "hi",
  idaho: "id",
  illinois: "il",
  indiana: "in",
  iowa: "ia",
  kansas: "ks",
  kentucky: "ky",
  louisiana: "la",
  maine: "me",
  maryland: "md",
  massachusetts: "ma",
  michigan: "mi",
  minnesota: "mn",
  mississippi: "ms",
  missouri: "mo",
  montana: "mt",
  nebraska: "ne",
  nevada: "nv",
  "new hampshire": "nh",
  "new jersey": "nj",
  "new mexico": "nm",
  "new york": "ny",
  "north carolina": "nc",
  "north dakota": "nd",
  ohio: "oh",
  oklahoma: "ok",
  oregon: "or",
  pennsylvania: "pa",
  "rhode island": "ri",
  "south carolina": "sc",
  "south dakota": "sd",
  tennessee: "tn",
  texas: "tx",
  utah: "ut",
  vermont: "vt",
  virginia: "va",
  washington: "wa",
  "west virginia": "wv",
  wisconsin: "wi",
  wyoming: "wy",
  "district of columbia": "dc"
}
const CA_PROVINCES: Readonly<Record<string, string>> = {
  ontario: "on",
  quebec: "qc",
  "british columbia": "bc",
  alberta: "ab",
  manitoba: "mb",
  saskatchewan: "sk",
  "nova scotia": "ns",
  "new brunswick": "nb",
  "newfoundland and labrador": "nl",
  "prince edward island": "pe"
}
const AU_STATES: Readonly<Record<string, string>> = {
  victoria: "vic",
  "new south wales": "nsw",
  queensland: "qld",
  "western australia": "wa",
  "south australia": "sa",
  tasmania: "tas",
  "australian capital territory": "act",
  "northern territory": "nt"
}
const COUNTRIES: Readonly<Record<string, string>> = {
  "united states": "US",
  "united states of america": "US",
  usa: "US",
  us: "US",
  "u.s.": "US",
  "u.s.a.": "US",
  america: "US",
  "united kingdom": "GB",
  uk: "GB",
  "u.k.": "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  gb: "GB",
  canada: "CA",
  can: "CA",
  australia: "AU",
  au: "AU",
  aus: "AU",
  "new zealand": "NZ",
  nz: "NZ",
  germany: "DE",
  deutschland: "DE",
  de: "DE",
  deu: "DE",
  france: "FR",
  fr: "FR",
  spain: "ES",
  es: "ES",
  italy: "IT",
  it: "IT",
  ita: "IT",
  netherlands: "NL",
  "the netherlands": "NL",
  nl: "NL",
  belgium: "BE",
  ireland: "IE",
  ie: "IE",
  portugal: "PT",
  poland: "PL",
  sweden: "SE",
  norway: "NO",
  denmark: "DK",
  finland: "FI",
  austria: "AT",
  switzerland: "CH",
  india: "IN",
  ind: "IN",
  singapore: "SG",
  japan: "JP",
  "south korea": "KR",
  korea: "KR",
  china: "CN",
  brazil: "BR",
  mexico: "MX",
  israel: "IL",
  "united arab emirates": "AE",
  uae: "AE",
  "south africa": "ZA",
  philippines: "PH",
  indonesia: "ID",
  // Areas a remote posting names instead of a country.
  europe: "EU",
  eu: "EU",
  emea: "EU",
  "european union": "EU",
  "north america": "NA",
  latam: "LATAM",
  "latin america": "LATAM",
  apac: "APAC",
  worldwide: "WORLD",
  global: "WORLD"
}
const CITY_ALIASES: Readonly<Record<string, string>> = {
  bangalore: "bengaluru",
  bombay: "mumbai",
  "new york city": "new york",
  nyc: "new york",
  sf: "san francisco",
  "san fran": "san francisco",
  "la": "los angeles",
  "washington dc": "washington",
  "washington d.c.": "washington",
  "frankfurt am main": "frankfurt",
  "münchen": "munich",
  muenchen: "munich",
  köln: "cologne",
  gurgaon: "gurugram",
  "new delhi": "delhi",
  saigon: "ho chi minh city"
}
// A city that names its country or state when written alone ("Berlin", "Austin").
const CITY_HOMES: Readonly<Record<string, readonly [string, string | undefined]>> = {
  berlin: ["DE", undefined],
  munich: ["DE", undefined],
  hamburg: ["DE", undefined],
  frankfurt: ["DE", undefined],
  london: ["GB", undefined],
  manchester: ["GB", undefined],
  paris: ["FR", undefined],
  amsterdam: ["NL", undefined],
  dublin: ["IE", undefined],
  bengaluru: ["IN", "karnataka"],
  mumbai: ["IN", "maharashtra"],
  delhi: ["IN", "delhi"],
  toronto: ["CA", "on"],
  vancouver: ["CA", "bc"],
  melbourne: ["AU", "vic"],
  sydney: ["AU", "nsw"],
  "san francisco": ["US", "ca"],
  "new york": ["US", "ny"],
  austin: ["US", "tx"],
  chicago: ["US", "il"],
  seattle: ["US", "wa"],
  boston: ["US", "ma"],
  denver: ["US", "co"],
  "los angeles": ["US", "ca"],
  "san diego": ["US", "ca"],
  "san jose": ["US", "ca"],
  houston: ["US", "tx"],
  dallas: ["US", "tx"],
  phoenix: ["US", "az"],
  atlanta: ["US", "ga"],
  miami: ["US", "fl"],
  philadelphia: ["US", "pa"],
  minneapolis: ["US", "mn"],
  detroit: ["US", "mi"],
  nashville: ["US", "tn"],
  "salt lake city": ["US", "ut"],
  raleigh: ["US", "nc"],
  montreal: ["CA", "qc"],
  calgary: ["CA", "ab"],
  ottawa: ["CA", "on"],
  madrid: ["ES", undefined],
  barcelona: ["ES", undefined],
  lisbon: ["PT", undefined],
  porto: ["PT", undefined],
  milan: ["IT", undefined],
  rome: ["IT", undefined],
  vienna: ["AT", undefined],
  zurich: ["CH", undefined],
  geneva: ["CH", undefined],
  stockholm: ["SE", undefined],
  copenhagen: ["DK", undefined],
  oslo: ["NO", undefined],
  helsinki: ["FI", undefined],
  warsaw: ["PL", undefined],
  prague: ["CZ", undefined],
  brussels: ["BE", undefined],
  cologne: ["DE", undefined],
  stuttgart: ["DE", undefined],
  leipzig: ["DE", undefined],
  edinburgh: ["GB", undefined],
  glasgow: ["GB", undefined],
  birmingham: ["GB", undefined],
  bristol: ["GB", undefined],
  leeds: ["GB", undefined],
  singapore: ["SG", undefined],
  tokyo: ["JP", undefined],
  "tel aviv": ["IL", undefined],
  brisbane: ["AU", "qld"],
  adelaide: ["AU", "sa"]
}

const US_CODES: ReadonlySet<string> = new Set(Object.values(US_STATES))
const REGION_CODES = new Set([
  ...US_CODES,
  ...Object.values(CA_PROVINCES),
  ...Object.values(AU_STATES)
])
const REGION_NAMES: Readonly<Record<string, string>> = { ...US_STATES, ...CA_PROVINCES, ...AU_STATES }

/** Whether a word is a state's or province's code (US, Canada, Australia): "TX", "ON", "VIC". */
export const isRegionCode = (code: string): boolean => REGION_CODES.has(code.toLowerCase())

/** Whether a region is a US state, by code or name ("TX", "Texas"). */
export const isUsState = (region: string): boolean => {
  const lower = region.trim().toLowerCase()
  return US_STATES[lower] !== undefined || US_CODES.has(lower)
}

const MODE_WORDS: ReadonlyArray<readonly [RegExp, WorkMode]> = [
  [/\bhybrid\b/i, "hybrid"],
  [/\b(?:remote|anywhere|work from home|wfh|distributed)\b/i, "remote"],
  [/\b(?:on-?site|in[- ]office|in[- ]person)\b/i, "onsite"]
]

const clean = (part: string) =>
  part.toLowerCase().replace(/\((?:hq|headquarters|main office)\)/g, "").replace(/\b\d{4,6}\b/g, "").replace(
    /\b(?:remote|hybrid|on-?site|onsite|in[- ]office|in[- ]person|friendly|first|only|hq|headquarters|based|office)\b/g,
    ""
  ).replace(/[()[\]]/g, " ").replace(/\s+/g, " ").trim().replace(/^[-–—,.\s]+|[-–—,.\s]+$/g, "")

// "US-IL-Chicago", as iCIMS boards write a place: country, region and city, joined by dashes.
const COUNTRY_REGION_CITY = /^([A-Z]{2})-([A-Z]{2,3})-(\p{L}[\p{L} .'-]*)$/u
const ordered = (text: string): string => {
  const match = COUNTRY_REGION_CITY.exec(text.trim())
  return match === null ? text : `${match[3]}, ${match[2]}, ${match[1]}`
}

/** The first place a location names: "London, UK; Ontario, CAN" reads London. */
export const parsePlace = (place: string): Place => {
  const text = ordered(place)
  const mode = MODE_WORDS.find(([pattern]) => pattern.test(text))?.[1]
  const first = text.split(/;|\s\/\s|\s+or\s+|\n/)[0] ?? ""
  const parts = first.split(/,|\s[-–—|·•]\s|\(/).map(clean).filter((p) => p !== "")
  let city: string | undefined
  let region: string | undefined
  let country: string | undefined
  for (const whole of parts) {
    // "Melbourne VIC", "Kirkland WA": a city with its region's code after it.
    const words = whole.split(" ")
    const last = words.at(-1) ?? ""
    const part = words.length >= 2 && REGION_CODES.has(last) && region === undefined
      ? words.slice(0, -1).join(" ")
      : whole
    if (part !== whole) region = last
    const name = part.replace(/\.$/, "")
    if (country === undefined && COUNTRIES[name] !== undefined && !(name === "ca" && city !== undefined)) {
      country = COUNTRIES[name]
      continue
    }
    const knownCity = city === undefined && (CITY_HOMES[name] !== undefined || CITY_ALIASES[name] !== undefined)
    if (!knownCity && region === undefined && (REGION_CODES.has(name) || REGION_NAMES[name] !== undefined)) {
      region = REGION_NAMES[name] ?? name
      continue
    }
    if (city === undefined) {
      city = CITY_ALIASES[name] ?? name
      continue
    }
    region ??= name
  }
  const home = city === undefined ? undefined : CITY_HOMES[city]
  if (country === undefined && region !== undefined && US_CODES.has(region)) country = "US"
  if (country === undefined && home !== undefined) country = home[0]
  return {
    city,
    region: region ?? (home?.[1] !== undefined && home[0] === country ? home[1] : undefined),
    country,
    mode
  }
}

/** Whether two written places are the same city (or, where one names no city, the same region or country). */
// Suburbs within a commute of a metro's city, by region: a nurse in Austin works in Round Rock, an accountant in
// Chicago in Evanston. Only towns inside the metro's daily commute, not every town of its wider area.
const SUBURBS: ReadonlyArray<readonly [string, string, string]> = [
  ["austin", "tx", "round rock, pflugerville, cedar park, georgetown, leander, kyle, buda, hutto, lakeway, manor"],
  [
    "chicago",
    "il",
    "evanston, oak park, skokie, schaumburg, naperville, oak brook, des plaines, arlington heights, cicero, berwyn, " +
    "downers grove, wheaton, lombard, palatine, park ridge, rosemont, northbrook, glenview, deerfield, elmhurst"
  ],
  [
    "denver",
    "co",
    "aurora, lakewood, littleton, englewood, westminster, arvada, thornton, centennial, golden, broomfield, " +
    "greenwood village"
  ],
  ["boston", "ma", "cambridge, somerville, quincy, newton, waltham, brookline, medford, burlington, woburn"],
  ["seattle", "wa", "bellevue, redmond, kirkland, renton, bothell"],
  ["new york", "ny", "brooklyn, queens, bronx, manhattan, staten island"],
  ["new york", "nj", "jersey city, hoboken, newark"],
  ["san francisco", "ca", "oakland, berkeley, san mateo, south san francisco, daly city, emeryville"],
  ["san jose", "ca", "santa clara, sunnyvale, mountain view, palo alto, cupertino, milpitas"],
  ["los angeles", "ca", "santa monica, pasadena, burbank, glendale, culver city, long beach"],
  ["dallas", "tx", "plano, irving, richardson, frisco, addison"],
  ["houston", "tx", "katy, sugar land, the woodlands, pearland"],
  ["phoenix", "az", "scottsdale, tempe, mesa, chandler, gilbert"],
  ["minneapolis", "mn", "st. paul, saint paul, bloomington, edina, eden prairie"],
  ["atlanta", "ga", "marietta, alpharetta, decatur, sandy springs"]
]
const METRO_OF: ReadonlyMap<string, string> = new Map(
  SUBURBS.flatMap(([city, region, towns]) => towns.split(", ").map((town) => [`${town}|${region}`, city] as const))
)

/** The metro a place is part of: "Round Rock, TX" is Austin's; other places are their own. */
const metro = (place: Place): Place => {
  const city = place.city === undefined || place.region === undefined
    ? undefined
    : METRO_OF.get(`${place.city}|${place.region}`)
  if (city === undefined) return place
  const home = CITY_HOMES[city]
  return { ...place, city, region: home?.[1] ?? place.region, country: home?.[0] ?? place.country }
}

export const samePlace = (a: string, b: string): boolean => {
  const x = metro(parsePlace(a))
  const y = metro(parsePlace(b))
  if (x.city !== undefined && y.city !== undefined) {
    if (x.city !== y.city) return false
    const regions = x.region === undefined || y.region === undefined || x.region === y.region
    const countries = x.country === undefined || y.country === undefined || x.country === y.country
    return regions && countries
  }
  if (x.region !== undefined && y.region !== undefined) return x.region === y.region
  return x.country !== undefined && x.country === y.country && x.city === undefined && y.city === undefined
}

/**
 * Whether `place` lies within `area`: the same city (or metro) when the area names one, else the same region, else
 * the same country ("Madrid, ES" is within "Spain"; "Berlin" is not). Undefined when the area names no known place.
 */
export const isWithin = (place: string, area: string): boolean | undefined => {
  const where = metro(parsePlace(area))
  // A name the tables do not know, with nothing beside it ("the Bay Area"), says nothing.
  if (where.city !== undefined && where.region === undefined && where.country === undefined) {
    return CITY_HOMES[where.city] === undefined ? undefined : samePlace(place, area)
  }
  if (where.city !== undefined) return samePlace(place, area)
  const here = parsePlace(place)
  if (where.region !== undefined) return here.region === where.region
  if (where.country !== undefined) return here.country === where.country
  return undefined
}

const STATE_NAME = new RegExp(`\\b(${Object.keys(US_STATES).join("|")})\\b`, "gi")

/** The US states a text names in full ("Texas", "New York"): codes are left out, "IN" and "OR" being words too. */
export const statesNamed = (text: string): ReadonlySet<string> =>
  new Set([...text.matchAll(STATE_NAME)].map((m) => US_STATES[m[1]!.toLowerCase()]!))

// "TX 77030", "SE18 4XQ": a US state with its ZIP code, a UK postcode.
const STATE_ZIP = /^([A-Z]{2})\s+\d{5}(?:-\d{4})?$/
const CITY_STATE_ZIP = /^([\p{Lu}][\p{L} .'-]{1,40}),?\s+([A-Z]{2})\s+\d{5}(?:-\d{4})?$/u
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i

/**
 * The town of a postal address, as a person names the place of a job: "7400 Bellaire Trace / Houston, TX 77030 /
 * USA" is "Houston, TX", "Thameside General Hospital, Riverside Road, London, SE18 4XQ" is "London". Undefined for
 * text that is no address (no ZIP code or postcode).
 */
export const placeOfAddress = (lines: ReadonlyArray<string>): string | undefined => {
  for (const line of lines) {
    const whole = CITY_STATE_ZIP.exec(line.trim())
    if (whole !== null && isUsState(whole[2]!)) return `${whole[1]!.trim()}, ${whole[2]}`
  }
  const parts = lines.flatMap((line) => line.split(/\s*,\s*/)).map((part) => part.trim()).filter((p) => p !== "")
  for (let i = 1; i < parts.length; i++) {
    const state = STATE_ZIP.exec(parts[i]!)
    if (state !== null && isUsState(state[1]!) && !/\d/.test(parts[i - 1]!)) return `${parts[i - 1]}, ${state[1]}`
    if (UK_POSTCODE.test(parts[i]!) && !/\d/.test(parts[i - 1]!)) return parts[i - 1]
  }
  return undefined
}
