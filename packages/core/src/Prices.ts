import { Config, Context, Layer } from "effect"

/** What the paid tools cost, in integer cents. */
export class Prices extends Context.Tag("@jobfit/core/Prices")<Prices, {
  readonly analyze_job: number
  readonly generate_cv: number
}>() {}

export const defaults: typeof Prices.Service = { analyze_job: 5, generate_cv: 10 }

const price = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    // Validate before the default: the other order loses the variable's name from the error.
    Config.validate({ message: "must be a whole number of cents, 0 or more", validation: (n) => n >= 0 }),
    Config.withDefault(fallback)
  )

/** JOBFIT_PRICE_ANALYZE_JOB and JOBFIT_PRICE_GENERATE_CV, in cents. */
export const layerConfig = Layer.effect(
  Prices,
  Config.all({
    analyze_job: price("JOBFIT_PRICE_ANALYZE_JOB", defaults.analyze_job),
    generate_cv: price("JOBFIT_PRICE_GENERATE_CV", defaults.generate_cv)
  })
)

/** What one call of `tool` costs under `prices`; tools that are not paid cost nothing. */
export const of = (prices: typeof Prices.Service, tool: string): number =>
  tool === "analyze_job" || tool === "generate_cv" ? prices[tool] : 0

export const layer = (prices: typeof Prices.Service = defaults) => Layer.succeed(Prices, prices)
