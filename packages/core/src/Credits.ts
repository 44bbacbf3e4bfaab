import { Schema } from "effect"

/** An amount of money in integer cents; one credit is one cent. */
export const Cents = Schema.Int.pipe(Schema.nonNegative())

/** The balance shape of the status endpoint and get_credits. */
export const CreditBalance = Schema.Struct({
  balance_dollars: Schema.String,
  balance_cents: Schema.Int
})
export type CreditBalance = typeof CreditBalance.Type

/** Formats integer cents as a dollar string with two places, by integer arithmetic only. */
export const formatDollars = (cents: number): string => {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(cents)
  const rest = abs % 100
  return `${sign}${(abs - rest) / 100}.${rest < 10 ? "0" : ""}${rest}`
}

export const balanceOf = (cents: number): CreditBalance => ({
  balance_dollars: formatDollars(cents),
  balance_cents: cents
})
