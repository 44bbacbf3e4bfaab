import {
  CITY_REGION,
  EMPLOYMENT,
  type Header,
  isJobName,
  isPlaceLine,
  isPlacePart,
  LEGAL_NAME,
  NAME_LINE,
  ORGANISATION,
  SPACED_SEPARATOR,
  withoutAside,
  WORK_MODE
} from "./HeaderLines.js"
import { parsePlace } from "./Place.js"

// The header of a pasted posting, read from its first lines: the title line, the employer and the place.

const LABEL_LINE = /^(company|employer|location|job location|where)\s*[:：]\s*(.{2,100})$/i
// A label on a line of its own with its value on the next, as job boards' pages paste ("locations" / "Austin, TX").
const LABEL_ALONE =
  /^(company|employer|locations?|job locations?|time type|posted on|job requisition id|job type|pay|salary|employment type|req(?:uisition)? id)$/i
// Lines of a pasted page that are its furniture: buttons, ratings, "Posted 3 days ago".
const NOISE_LINE =
  /^(?:apply(?: now)?|save(?: job)?|share|easy apply|\d(?:\.\d)? out of 5 stars|\d(?:\.\d)?\s*★|\d[\d,]* reviews?|(?:re)?posted .{1,30} ago|posted (?:today|yesterday)|over \d+ applicants|\d+ applicants)$/i

/** Whether a pasted line is a board's furniture: "Easy Apply", "4.1 ★", "37 applicants". */
export const isNoiseLine = (line: string): boolean => NOISE_LINE.test(line.trim())
const SPLIT_LINE = /^(.{2,60}?)\s+(?:[-–—|·•@]|at)\s+(.{2,80})$/u

/**
 * The header lines of a pasted posting, after its title: "Acme Logistics - Columbus, OH", "Company: Acme",
 * "Location: Remote". Says how many lines it used, so they are not read again as text.
 */
export const textHeader = (lines: ReadonlyArray<string>): Header & { readonly lines: number } => {
  let company: string | undefined
  let location: string | undefined
  let used = 0
  for (let i = 0; i < lines.length; i++) {
    // "Keystone Cold Storage, Inc. (NYSE: KCSI)": a listed employer's ticker is no part of its name.
    const trimmed = withoutTicker(lines[i]!.trim())
    if (trimmed.length > 100) break
    if (NOISE_LINE.test(trimmed)) {
      used++
      continue
    }
    const alone = LABEL_ALONE.exec(trimmed)
    if (alone !== null && i + 1 < lines.length) {
      const value = lines[i + 1]!.trim()
      if (/^(?:company|employer)$/i.test(alone[1]!)) company ??= value
      else if (/location/i.test(alone[1]!)) location ??= value
      used += 2
      i++
      continue
    }
    // "Department: Finance", "Reports to: Controller": a form's other fields, between the title and the place;
    // "Full-time" on a line of its own.
    if (OTHER_FIELD.test(trimmed) || (EMPLOYMENT.test(trimmed) && trimmed.split(/\s+/).length <= 3)) {
      used++
      continue
    }
    const label = LABEL_LINE.exec(trimmed)
    if (label !== null) {
      let value = label[2]!.trim()
      // "Location: Chicago, IL (hybrid, 3 days in" / "office)": a value a PDF's lines broke in two.
      const next = lines[i + 1]?.trim() ?? ""
      if (/\([^)]*$/.test(value) && /^[^()]{1,40}\)$/.test(next)) {
        value = `${value} ${next}`
        used++
        i++
      }
      if (/company|employer/i.test(label[1]!)) company ??= value
      else location ??= value
      used++
      continue
    }
    const split = SPLIT_LINE.exec(trimmed)
    // "Tandem Payroll (Remote - US)": a dash inside parentheses splits nothing.
    if (split !== null && location === undefined && !/\([^)]*$/.test(split[1]!)) {
      const [left, right] = [split[1]!.trim(), split[2]!.trim()]
      // "Milwaukee, WI — on-site", "Portland, OR · Full-time": a place and how the job is worked.
      const notes = right.split(PLACE_SEPARATOR).every((item) => BOARD_FURNITURE.test(item))
      // "United States · Reposted 1 week ago · Over 200 applicants": a country before a board's notes is a place too.
      if (
        (CITY_REGION.test(left) || (notes && isPlacePart(left))) &&
        (WORK_MODE.test(right) || EMPLOYMENT.test(right) || SCHEDULE.test(right) || notes) &&
        !CITY_REGION.test(right)
      ) {
        location = left
        used++
        continue
      }
      // "Capitol Heights Medical Center | Austin, Texas | Full time": the hours after the place are no part of it.
      const place = withoutWorkMode(right)
      // "Chicago, IL (West Loop)": a place with its part of town.
      // "Remote – UK": a way of working is no employer.
      if (
        (isPlaceLine(place) || isPlaceLine(withoutAside(place))) && company === undefined && !WORK_MODE_FIRST.test(left)
      ) {
        company = withoutTicker(left)
        location = place
        used++
        continue
      }
    }
    // "Hollis & Bloom (London, hybrid — 2 days a week in Shoreditch)": the employer, and its place in parentheses.
    const named = NAME_THEN_PLACE.exec(trimmed)
    if (named !== null && company === undefined && location === undefined) {
      const [name, inner] = [named[1]!.trim(), named[2]!.trim()]
      const [first = "", ...rest] = inner.split(/\s*[,·|—–]\s*/)
      // "Tandem Payroll (Remote - US)": the way of working, and where.
      const workMode = WORK_MODE_FIRST.test(inner) && inner.length <= 40
      if (
        NAME_LINE.test(name) && !isPlaceLine(name) && (workMode || (isPlacePart(first) &&
          rest.every((part) => WORK_MODE.test(part) || EMPLOYMENT.test(part) || /\bdays?\b/i.test(part))))
      ) {
        company = name
        location = workMode ? inner : first
        used++
        continue
      }
    }
    // "Keystone Cold Storage, Inc.": a name with its legal form, which reads like "City, Region" to the place tests.
    if (company === undefined && LEGAL_NAME.test(trimmed) && NAME_LINE.test(trimmed)) {
      company = trimmed
      used++
      continue
    }
    // "Zahlwerk GmbH, Berlin (hybrid, 2 days a week in Kreuzberg)": a name, a comma, its place.
    const comma = trimmed.indexOf(",")
    if (comma > 0 && company === undefined && location === undefined && !CITY_REGION.test(trimmed)) {
      const [name, place] = [trimmed.slice(0, comma).trim(), trimmed.slice(comma + 1).trim()]
      if (NAME_LINE.test(name) && !isPlaceLine(name) && isPlacePart(withoutAside(place))) {
        company = name
        location = place
        used++
        continue
      }
    }
    // "Heidi Melbourne, Victoria, Australia": a name, then a city, its region and its country, as a board's top card
    // reads when pasted.
    const named3 = NAME_THEN_THREE_PART_PLACE.exec(trimmed)
    if (named3 !== null && company === undefined && location === undefined) {
      const place = `${named3[2]!}, ${named3[3]!}, ${named3[4]!}`
      if (NAME_LINE.test(named3[1]!) && parsePlace(place).country !== undefined && isPlacePart(named3[4]!)) {
        company = named3[1]!.trim()
        location = place
        used++
        continue
      }
    }
    const withCompany = COMPANY_CITY_REGION.exec(trimmed)
    if (withCompany !== null && company === undefined && location === undefined) {
      company = withCompany[1]!.trim()
      location = withCompany[2]!.trim()
      used++
      continue
    }
    if (location === undefined && isPlaceLine(trimmed) && trimmed.split(/\s+/).length <= 6) {
      location = trimmed
      used++
      continue
    }
    // "Remote (EU, UTC−1 to UTC+3) · Full-time · €80,000 – €95,000": a place, however it is qualified, before the
    // line's notes on hours and pay.
    const place = withoutWorkMode(trimmed)
    if (location === undefined && place !== trimmed && WORK_MODE_FIRST.test(place.replace(/\([^()]*\)/g, "").trim())) {
      location = place
      used++
      continue
    }
    // "iterate" over "Melbourne VIC (Remote)": a brand written in lower case is the employer where a place follows.
    const brand = LOWER_BRAND.test(trimmed) &&
      lines.slice(i + 1, i + 3).some((next) => isPlaceLine(withoutAside(next.trim())))
    if (company === undefined && used === 0 && (NAME_LINE.test(trimmed) || brand) && !isPlaceLine(trimmed)) {
      company = trimmed
      used++
      continue
    }
    // "Department of Veterans Affairs" / "Veterans Health Administration" / "Temple, TX": the employer's parts above
    // the place, as public employers list them.
    if (
      company !== undefined && location === undefined && used <= 3 && NAME_LINE.test(trimmed) &&
      !isPlaceLine(trimmed) && lines.slice(i + 1, i + 3).some((next) => isPlaceLine(next.trim()))
    ) {
      used++
      continue
    }
    break
  }
  return { company, location, lines: used }
}

const OTHER_FIELD =
  /^(?:department|division|reports? to|job code|req(?:uisition)?(?: id| no\.?| #)?|schedule|shift|job type|employment type|grade)\s*[:：]/i

// "Keystone Fuel Transport, Columbus, OH": an employer, then a city and a US state.
const COMPANY_CITY_REGION =
  /^([\p{Lu}][^,]{2,60}),\s*([\p{Lu}][\p{L}.' -]{1,40}(?:,\s*|\s+)(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY]))$/u

const LOWER_BRAND = /^[\p{Ll}][\p{L}\d&'.-]{1,30}$/u

const NAME_THEN_PLACE = /^([^()]{2,60}?)\s*\(([^()]{2,80})\)$/

// "Heidi Melbourne, Victoria, Australia": the shortest name, a city of one or two words, a region, a country.
const NAME_THEN_THREE_PART_PLACE =
  /^([^,]{2,60}?)\s+([\p{Lu}][\p{L}.'-]+(?:\s[\p{Lu}][\p{L}.'-]+)?),\s*([\p{Lu}][\p{L}.' -]{1,40}),\s*([\p{Lu}][\p{L}.' -]{1,40})$/u

// Between a place and how the job is worked: "Milwaukee, WI · Hybrid", "Chicago, IL — Hybrid".
const PLACE_SEPARATOR = /\s+[·•|—–]\s+/

// "Meridian Biosciences (NASDAQ: MRDN)": a listed employer's ticker is no part of its name.
const TICKER = /\s*\((?:NASDAQ|NYSE|NYSE American|LSE|TSX|ASX|AMEX|OTC|XETRA|Euronext)\s*:\s*[A-Z.]{1,6}\)\s*$/
const withoutTicker = (name: string): string => name.replace(TICKER, "")

/**
 * "Hartford, CT, on-site 4 days" -> "Hartford, CT", "Milwaukee, WI · Hybrid" -> "Milwaukee, WI": a place followed by
 * how often one is there.
 */
export const withoutWorkMode = (place: string): string => {
  const items = place.split(PLACE_SEPARATOR)
  if (
    items.length >= 2 &&
    items.slice(1).every((item) => {
      // "Hybrid (3 days in office)": the way of working, with how often.
      const bare = withoutAside(item)
      // "Remote possible within Germany": a way of working opens the item.
      return (WORK_MODE.test(bare) && bare.split(/\s+/).length <= 3) || WORK_MODE_FIRST.test(bare) ||
        BOARD_FURNITURE.test(item) || PAY_ITEM.test(item) ||
        ((EMPLOYMENT.test(item) || SCHEDULE.test(item)) && !CITY_REGION.test(item))
    })
  ) return items[0]!
  const parts = place.split(/\s*,\s*/)
  const last = parts.at(-1) ?? ""
  return parts.length >= 3 && /^(?:on-?site|onsite|hybrid|in[- ]office)\b/i.test(last)
    ? parts.slice(0, -1).join(", ")
    : place
}

// "$76,000–$88,000", "€55k – €65k a year": the pay, after the place in a header line.
const PAY_ITEM =
  /^(?:(?:up to|from)\s+)?(?:[$€£]|USD|EUR|GBP)\s?\d[\d,.]*\s?[kK]?(?:\s*(?:[–—-]|to)\s*(?:[$€£]|USD|EUR|GBP)?\s?\d[\d,.]*\s?[kK]?)?(?:\s*(?:a|per|\/)\s*(?:year|yr|annum|hour|hr))?$/i

// "1 week ago", "64 applicants", "Over 100 applicants": a board's notes after the place (LinkedIn's top card).
const BOARD_FURNITURE =
  /^(?:(?:re)?posted\s+)?(?:\d+|an?|one)\s+(?:minutes?|hours?|days?|weeks?|months?)\s+ago$|^(?:over\s+)?\d[\d,]*\s+(?:applicants?|people clicked apply)$|^(?:be among the first \d+ applicants|promoted|actively recruiting)$/i

const WORK_MODE_FIRST = /^(?:remote|hybrid|on-?site|onsite)\b(?:\s+\S+){0,5}$/i

// "Rotating days/nights", "Nights", "12-hour shifts": when the work is done, after the place.
const SCHEDULE =
  /^(?:rotating\b|\d\s?x\s?\d{1,2}s?\b|\d{1,2}[- ]hour\b|(?:day|night|evening|weekend)s?(?:\s*(?:[/&,]|and)\s*(?:day|night|evening|weekend)s?)*(?:\s+shifts?)?$|(?:day|night|evening) shift\b|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:[–—-]|to|through|thru)\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)/i

const TITLE_DASH_PLACE = /\s[—–-]\s+([^—–-]{2,60})$/
const TITLE_PARENTHESES_PLACE = /\s\(([^()]{2,60})\)$/

/**
 * "Senior Engineer (Go) — Remote, EU", "Customer Service Representative (Remote - US)": the place a title ends with,
 * after a dash or in parentheses.
 */
export const placeInTitle = (title: string): string | undefined =>
  [TITLE_DASH_PLACE, TITLE_PARENTHESES_PLACE].map((pattern) => pattern.exec(title)?.[1]?.trim()).find((place) =>
    place !== undefined && (WORK_MODE.test(place) || CITY_REGION.test(place))
  )

/**
 * How many lines of a pasted posting come before its title: 1 when the first names an organisation ("Brightwater
 * Dental Group") and the second is a short line that does not, else 0.
 */
export const companyFirst = (lines: ReadonlyArray<string>): number => {
  const [first, second, third] = lines.map((l) => l.trim())
  if (first === undefined || second === undefined) return 0
  // LinkedIn's top card: employer, title, then "Chicago, IL · 1 week ago · 64 applicants".
  // "Pecan Grove Medical Center — Austin, TX" under the first line: the employer and its place are the second line's,
  // so the first is the title, whatever word it ends with.
  const split = SPLIT_LINE.exec(second)
  if (split !== null && isPlaceLine(split[2]!.trim()) && !isPlaceLine(split[1]!.trim())) return 0
  const card = third?.split(PLACE_SEPARATOR) ?? []
  if (card.length >= 2 && isPlaceLine(card[0]!) && card.slice(1).every((item) => BOARD_FURNITURE.test(item))) return 1
  // "Trailhead Goods Co.": a legal form's full stop ends no sentence.
  const short = (line: string) =>
    line.length <= 80 && !/[.!?:]$/.test(line.replace(/\b(?:co|inc|ltd|corp|llc)\.$/i, "")) &&
    line.split(/\s+/).length <= 10
  // "Whitcombe Hale LLP", "Tax Senior, Pass-Through Entities", "Chicago, IL" (Glassdoor): an employer, a title that
  // has a comma in it as a place has, then the place.
  if (
    third !== undefined && ORGANISATION.test(first) && short(second) && second.includes(",") &&
    !ORGANISATION.test(second) && isPlaceLine(third) && !WORK_MODE.test(second) &&
    parsePlace(second).country === undefined
  ) return 1
  // "Trailhead Coffee Roasters", "Social Media Manager", "Denver, CO (Remote)": a name no job ends as, a job's name,
  // then its place.
  if (
    third !== undefined && short(first) && short(second) && isPlaceLine(third) && !isPlaceLine(first) &&
    !isPlaceLine(second) && isJobName(second) && !isJobName(first) && !ORGANISATION.test(second)
  ) return 1
  return ORGANISATION.test(first) && short(first) && short(second) && !ORGANISATION.test(second) &&
      !isPlaceLine(second)
    ? 1
    : 0
}

/**
 * A pasted title line with more in it: "Senior Accountant | Chicago, IL | Hybrid", "Marketing Coordinator at
 * Sunpeak Solar". The title alone, and the place or employer it names.
 */
export const titleLine = (line: string): Header => {
  // "Job Title: Cath Lab RN", as forms and some boards label it; "Subject: Paid Search Manager", as an e-mail does.
  const trimmed = line.trim().replace(/^(?:job title|position title|position|job|title|role|subject)\s*[:：]\s*/i, "")
    // "NOW HIRING - Forklift Operators", "[Hiring] Junior Frontend Developer": an announcement, then the title.
    .replace(/^(?:\[hiring\]|\(hiring\)|now hiring|we(?:'re| are) hiring|hiring)\s*(?:[:!–—-]\s*)?(?=\S)/i, "")
    // "🚀 Frontend Engineer (React)": a post's emoji before the title.
    .replace(/^[\p{Extended_Pictographic}\uFE0F\u200D\s]+(?=\S)/u, "")
  if (trimmed === "") return {}
  const parts = trimmed.split(SPACED_SEPARATOR).map((p) => p.trim()).filter((p) => p !== "")
  if (parts.length >= 2) {
    const place = parts.slice(1).find((p) => CITY_REGION.test(p) || WORK_MODE.test(p))
    if (
      place !== undefined && parts.slice(1).every((p) => CITY_REGION.test(p) || WORK_MODE.test(p) || p.length <= 20)
    ) {
      const city = parts.slice(1).find((p) => CITY_REGION.test(p))
      // "Senior Accountant | Brenner Tool & Die | Milwaukee, WI | On-site": a name of two words or more among the
      // parts that say where and how is the employer's.
      const name = parts.slice(1).find((p) =>
        NAME_LINE.test(p) && /\s/.test(p) && !isPlaceLine(p) && !EMPLOYMENT.test(p) && !PAY_ITEM.test(p) &&
        !SCHEDULE.test(p)
      )
      return name === undefined
        ? { title: parts[0], location: city ?? place }
        : { title: parts[0], company: name, location: city ?? place }
    }
  }
  // "Med/Surg RN - Nights — St. Brigid Medical Center — Austin, TX", "RN - PACU | St. Brigid | Austin, TX": title,
  // employer and place; "Redwood Legal Group — Paralegal": employer, then title.
  const dashed = trimmed.split(/\s+[—–|]\s+/).map((p) => p.trim())
  // "Paid Search Manager – on-site in Salt Lake City – $95–110K", as an e-mail's subject says it: the way of working
  // and the pay after the title.
  const notes = dashed.slice(1)
  if (notes.length > 0 && notes.every((p) => PAY_ITEM.test(p) || WORK_MODE_FIRST.test(p))) {
    const way = notes.find((p) => WORK_MODE_FIRST.test(p))
    return way === undefined ? { title: dashed[0] } : { title: dashed[0], location: way }
  }
  // "Forklift Operator - $21/hr + OT (Commerce City)", as a classified ad's title says it: the pay after the title.
  const paid = /^(.{3,80}?)\s+[-–—]\s+[$€£]\d.*$/.exec(trimmed)
  if (paid !== null) return { title: paid[1]! }
  if (dashed.length === 3 && isPlaceLine(dashed[2]!) && !isPlaceLine(dashed[1]!)) {
    return { title: dashed[0], company: dashed[1], location: dashed[2] }
  }
  if (
    dashed.length === 2 && ORGANISATION.test(dashed[0]!) && !ORGANISATION.test(dashed[1]!) && !isPlaceLine(dashed[1]!)
  ) {
    return { title: dashed[1], company: dashed[0] }
  }
  const at = /^(.{3,100}?)\s+at\s+([\p{Lu}][\p{L}\d&'. -]{1,60})$/u.exec(trimmed)
  if (at !== null && !/\b(?:experience|years?)\b/i.test(at[1]!)) return { title: at[1]!.trim(), company: at[2]!.trim() }
  return { title: trimmed }
}
