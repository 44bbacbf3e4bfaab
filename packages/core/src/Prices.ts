import { Config, Context, Layer } from "effect"
import * as Tools from "./Tools.js"

/** The tools whose contracts carry a price. */
export type PaidTool = {
  [K in Tools.ToolName]: (typeof Tools.tools)[K] extends { readonly price: object } ? K : never
}[Tools.ToolName]

/** What the paid tools cost, in integer cents. */
export class Prices extends Context.Tag("@jobfit/core/Prices")<Prices, Readonly<Record<PaidTool, number>>>() {}

const paidTools = Object.values(Tools.tools).flatMap((tool) =>
  tool.price === undefined ? [] : [[tool.name as PaidTool, tool.price] as const]
)

/** Each paid tool's price as its contract gives it. */
export const defaults: typeof Prices.Service = Object.fromEntries(
  paidTools.map(([name, price]) => [name, price.cents])
) as Record<PaidTool, number>

const price = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    // Validate before the default: the other order loses the variable's name from the error.
    Config.validate({ message: "must be a whole number of cents, 0 or more", validation: (n) => n >= 0 }),
    Config.withDefault(fallback)
  )

/** Each paid tool's price from the variable its contract names (JOBFIT_PRICE_ANALYZE_JOB, ...), in cents. */
export const layerConfig = Layer.effect(
  Prices,
  Config.all(Object.fromEntries(paidTools.map(([name, p]) => [name, price(p.variable, p.cents)]))).pipe(
    Config.map((found) => found as Record<PaidTool, number>)
  )
)

/** What one call of `tool` costs under `prices`; tools that are not paid cost nothing. */
export const of = (prices: typeof Prices.Service, tool: string): number =>
  (prices as Readonly<Record<string, number>>)[tool] ?? 0

export const layer = (prices: typeof Prices.Service = defaults) => Layer.succeed(Prices, prices)
