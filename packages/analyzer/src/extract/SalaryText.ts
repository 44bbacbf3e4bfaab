import type { Posting } from "@jobfit/core"

type Salary = Posting.Salary
type Period = NonNullable<Salary["period"]>

const symbols: Record<string, string> = {
  "$": "USD",
  "US$": "USD",
  "€": "EUR",
  "£": "GBP",
  "CHF": "CHF",
  "¥": "JPY",
  "₹": "INR"
}
const codes = "USD|EUR|GBP|CAD|AUD|NZD|CHF|SEK|NOK|DKK|PLN|CZK|INR|JPY|SGD|BRL|MXN|ZAR"
const currency = `(US\\$|\\$|€|£|¥|₹|${codes})`
const amount = "(\\d{1,3}(?:[,.\\s]\\d{3})+|\\d+(?:\\.\\d+)?)\\s*([kK])?"
const range = new RegExp(
  `${currency}\\s?${amount}(?:\\s*(?:-|–|—|to)\\s*${currency}?\\s?${amount})?\\s*(${codes})?` +
    "(?:\\s*(?:per|a|an|/)\\s*(hour|hr|day|week|wk|month|mo|year|yr|annum))?(?:\\s*\\b(hourly|daily|weekly|monthly|yearly|annually)\\b)?",
  "gi"
)

const NOT_PAY =
  /^\s*(?:[mb]n?\b|million|billion|bonus|sign-on|signing|stipend|budget|funding|in funding|revenue|fee|deposit|starter|kit|gift|allowance|referral|reimburse|worth|(?:[\w-]+ ){1,2}(?:budget|stipend|allowance)\b|(?:(?:\/|per |an? )?(?:hour|hr|h)\b\s*)?(?:on top\b|(?:\w+ )?differential|premium))/i

// Money the job spends or the company has, said before the amount ("a monthly budget of around $150k").
const NOT_PAY_BEFORE =
  /\b(?:budgets?|(?:ad )?spend|revenues?|funding|raised|valuation|turnover|ARR|GMV|differentials?|premiums?)\b[:\s]*(?:[\w-]+\s*){0,3}$/i

/** Whether the amount at `start`–`end` of a text is money other than pay: a budget, funding, a bonus, a fee. */
export const isNotPay = (text: string, start: number, end: number): boolean =>
  NOT_PAY.test(text.slice(end, end + 24)) || NOT_PAY_BEFORE.test(text.slice(Math.max(0, start - 40), start))

const periods: Record<string, Period> = {
  hour: "hour",
  hr: "hour",
  hourly: "hour",
  day: "day",
  daily: "day",
  week: "week",
  wk: "week",
  weekly: "week",
  month: "month",
  mo: "month",
  monthly: "month",
  year: "year",
  yr: "year",
  annum: "year",
  yearly: "year",
  annually: "year"
}

const toNumber = (digits: string, thousands: string | undefined) => {
  const grouped = /^\d{1,3}([,.\s]\d{3})+$/.test(digits)
  const value = Number(grouped ? digits.replace(/[,.\s]/g, "") : digits)
  return thousands === undefined ? value : value * 1000
}

const currencyOf = (text: string | undefined) =>
  text === undefined ? undefined : symbols[text.toUpperCase()] ?? symbols[text] ?? text.toUpperCase()

/** The first salary or salary range written in free text ("$120,000 - $150,000 a year", "€60k–80k"). */
export const salaryInText = (text: string): Salary | undefined => {
  for (const match of text.matchAll(range)) {
    if (isNotPay(text, match.index, match.index + match[0].length)) continue
    const salary = salaryOfMatch(match)
    if (salary !== undefined) return salary
  }
  return undefined
}

const salaryOfMatch = (match: RegExpMatchArray): Salary | undefined => {
  const [, cur1, low, lowK, cur2, high, highK, code, per, adverb] = match
  const min = toNumber(low!, lowK ?? (high !== undefined ? highK : undefined))
  const max = high === undefined ? undefined : toNumber(high, highK)
  if (!Number.isFinite(min) || min <= 0 || (max !== undefined && !Number.isFinite(max))) return undefined
  const period = periods[(per ?? adverb ?? "").toLowerCase()]
  // A lone amount ("$20M raised") is no salary; a range, a period or a "k" says it is one.
  if (max === undefined && period === undefined && lowK === undefined) return undefined
  const [lo, hi] = max !== undefined && max < min ? [max, min] : [min, max]
  const cur = currencyOf(code ?? cur1 ?? cur2)
  return {
    min: lo,
    ...(hi === undefined ? {} : { max: hi }),
    ...(cur === undefined ? {} : { currency: cur }),
    ...(period === undefined ? {} : { period })
  }
}

/** A salary period from schema.org unitText or a board's interval ("HOUR", "per-year-salary", "1 YEAR"). */
export const periodOf = (unit: string | undefined): Period | undefined => {
  const text = (unit ?? "").toLowerCase()
  if (/hour/.test(text)) return "hour"
  if (/day|daily/.test(text)) return "day"
  if (/week/.test(text)) return "week"
  if (/month/.test(text)) return "month"
  if (/year|annual|annum/.test(text)) return "year"
  return undefined
}

/** A board's pay fields as a salary, leaving out what it does not give; undefined without a min or a max. */
export const salaryOf = (
  pay: {
    readonly min?: number | undefined
    readonly max?: number | undefined
    readonly currency?: string | undefined
    readonly period?: string | undefined
  } | undefined
): Salary | undefined => {
  if (pay === undefined || (pay.min === undefined && pay.max === undefined)) return undefined
  const currency = pay.currency?.trim()
  const period = periodOf(pay.period)
  return {
    ...(pay.min === undefined ? {} : { min: pay.min }),
    ...(pay.max === undefined ? {} : { max: pay.max }),
    ...(currency === undefined || currency === "" ? {} : { currency }),
    ...(period === undefined ? {} : { period })
  }
}
