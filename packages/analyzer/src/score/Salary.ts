import type { Posting } from "@jobfit/core"
import { isNotPay } from "../extract/SalaryText.js"

export type Period = "hour" | "day" | "week" | "month" | "year"

/** A pay range in one currency, with its yearly equivalent. */
export interface Pay {
  readonly min: number
  readonly max: number
  readonly currency: string | undefined
  readonly period: Period
  readonly annualMin: number
  readonly annualMax: number
  readonly quote: string | undefined
}

const PER_YEAR: Readonly<Record<Period, number>> = { hour: 2080, day: 260, week: 52, month: 12, year: 1 }
const FULL_TIME_HOURS = 40
const PART_TIME_HOURS = 20

const CURRENCIES: Readonly<Record<string, string>> = {
  "$": "USD",
  "us$": "USD",
  "usd": "USD",
  "£": "GBP",
  "gbp": "GBP",
  "€": "EUR",
  "eur": "EUR",
  "c$": "CAD",
  "cad": "CAD",
  "a$": "AUD",
  "aud": "AUD",
  "chf": "CHF"
}

/** The three-letter currency codes pay is written in ("CAD 65,000"), lower-cased. */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(
  Object.keys(CURRENCIES).filter((key) => /^[a-z]{3}$/.test(key))
)

const PERIODS: ReadonlyArray<readonly [RegExp, Period]> = [
  [/^(?:hour|hr|h|hourly)$/i, "hour"],
  [/^(?:day|daily)$/i, "day"],
  [/^(?:week|wk|weekly)$/i, "week"],
  [/^(?:month|mo|monthly)$/i, "month"],
  [/^(?:year|yr|annum|annually|yearly|annual)$/i, "year"]
]

const AMOUNT = String.raw`(\d{1,3}(?:[,.]\d{3})+|\d+(?:\.\d{1,2})?)\s*(k|K)?`
const MONEY = new RegExp(
  String
    .raw`(US\$|C\$|A\$|USD|EUR|GBP|CAD|AUD|CHF|[$£€])\s?${AMOUNT}(?:\s*(?:-|–|—|to)\s*(?:US\$|C\$|A\$|USD|EUR|GBP|CAD|AUD|CHF|[$£€])?\s?${AMOUNT})?` +
    String
      .raw`(?:\s*(?:USD|EUR|GBP|CAD|AUD))?\s*(?:(?:per|\/|an?|each)\s*(hour|hr|h|day|week|wk|month|mo|year|yr|annum)\b|(hourly|daily|weekly|monthly|annually|yearly|annual))?`,
  "g"
)
const amountOf = (text: string | undefined, thousands: string | undefined): number | undefined => {
  if (text === undefined) return undefined
  const value = Number(text.replace(/[,.](?=\d{3}\b)/g, ""))
  return Number.isFinite(value) ? value * (thousands === undefined ? 1 : 1000) : undefined
}

const periodOf = (word: string | undefined, amount: number): Period => {
  const named = word === undefined ? undefined : PERIODS.find(([pattern]) => pattern.test(word))?.[1]
  if (named !== undefined) return named
  return amount < 300 ? "hour" : amount >= 12_000 ? "year" : "month"
}

const pay = (
  min: number,
  max: number,
  currency: string | undefined,
  period: Period,
  quote: string | undefined,
  hoursPerWeek = FULL_TIME_HOURS
): Pay => {
  const perYear = period === "hour" ? hoursPerWeek * 52 : PER_YEAR[period]
  return { min, max, currency, period, annualMin: min * perYear, annualMax: max * perYear, quote }
}

const HOURS = /\b(\d{1,2})(?:\s*[-–]\s*\d{1,2})?\s*(?:hours|hrs)\s*(?:a|per|\/|each)\s*week\b/i

/** Hours a week for hourly pay: as the posting states them, else 20 for part-time and 40 otherwise. */
const hoursPerWeek = (posting: Posting.Posting, sentences: ReadonlyArray<string>): number => {
  for (const sentence of sentences) {
    if (!/hours|hrs/i.test(sentence)) continue
    const hours = Number(HOURS.exec(sentence)?.[1] ?? Number.NaN)
    if (hours > 0 && hours <= 60) return hours
  }
  const partTime = /part[- ]time/i.test(`${posting.employment_type ?? ""} ${posting.title}`)
  return partTime ? PART_TIME_HOURS : FULL_TIME_HOURS
}

/** In every text that names pay: a currency sign or code. */
export const MIGHT_NAME_MONEY = /[$£€]|USD|EUR|GBP|CAD|AUD|CHF/

/** Every pay amount or range a text states ("$120,000 - $150,000 a year", "£15/hour", "$5000 a week"). */
export const paysInText = (text: string): ReadonlyArray<Pay> => {
  const found: Array<Pay> = []
  if (!MIGHT_NAME_MONEY.test(text)) return found
  for (const m of text.matchAll(MONEY)) {
    if (isNotPay(text, m.index, m.index + m[0].length)) continue
    // "$120-150k": the k of the upper bound applies to the lower one too.
    const lowThousands = m[3] ?? (m[5] !== undefined && Number(m[2]) < 1000 ? m[5] : undefined)
    const low = amountOf(m[2], lowThousands)
    const high = amountOf(m[4], m[5] ?? m[3]) ?? low
    if (low === undefined || high === undefined || low <= 0) continue
    const period = periodOf(m[6] ?? m[7], high)
    found.push(
      pay(Math.min(low, high), Math.max(low, high), CURRENCIES[(m[1] ?? "").toLowerCase()], period, m[0].trim())
    )
  }
  return found
}

/** The posting's pay: its structured salary, else the first pay range its text states; hourly pay at its hours. */
export const postingPay = (posting: Posting.Posting, sentences: ReadonlyArray<string>): Pay | undefined => {
  const salary = posting.salary
  const low = salary?.min ?? salary?.max
  const high = salary?.max ?? salary?.min
  if (salary !== undefined && low !== undefined && high !== undefined && high > 0) {
    const period = salary.period ?? periodOf(undefined, high)
    return pay(low, high, salary.currency?.toUpperCase(), period, undefined, hoursPerWeek(posting, sentences))
  }
  for (const sentence of sentences) {
    const first = paysInText(sentence)[0]
    if (first !== undefined) {
      return pay(first.min, first.max, first.currency, first.period, sentence, hoursPerWeek(posting, sentences))
    }
  }
  return undefined
}

export const formatMoney = (amount: number, currency: string | undefined): string =>
  `${currency ?? ""} ${Math.round(amount).toLocaleString("en-US")}`.trim()
