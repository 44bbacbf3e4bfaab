import { Config, Context, Layer } from "effect"
import type { RedFlag } from "./Analysis.js"
import type { Verdict } from "./Job.js"

/** Score limits for the verdicts: APPLY at `apply` or above, MAYBE at `maybe` or above, else SKIP. */
export interface Thresholds {
  readonly apply: number
  readonly maybe: number
}

export const defaultThresholds: Thresholds = { apply: 75, maybe: 50 }

/**
 * The one verdict rule every analysis keeps, whichever analyzer made it: the Gateway recomputes the verdict from
 * the score and the red flags, so a score of 10 never comes back as APPLY. Without a layer, the default thresholds.
 */
export class VerdictRule extends Context.Reference<VerdictRule>()("@jobfit/core/VerdictRule", {
  defaultValue: () => defaultThresholds
}) {}

/** APPLY, MAYBE or SKIP from the score; a high-severity red flag makes it SKIP whatever the score. */
export const verdictFor = (
  score: number,
  flags: ReadonlyArray<Pick<RedFlag, "severity">>,
  thresholds: Thresholds = defaultThresholds
): Verdict => {
  if (flags.some((flag) => flag.severity === "high")) return "SKIP"
  if (score >= thresholds.apply) return "APPLY"
  if (score >= thresholds.maybe) return "MAYBE"
  return "SKIP"
}

const limit = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.validate({ message: `${name} must be an integer from 0 to 100`, validation: (n) => n >= 0 && n <= 100 }),
    Config.withDefault(fallback)
  )

/** JOBFIT_VERDICT_APPLY (default 75) and JOBFIT_VERDICT_MAYBE (default 50). */
export const ThresholdsConfig: Config.Config<Thresholds> = Config.all({
  apply: limit("JOBFIT_VERDICT_APPLY", defaultThresholds.apply),
  maybe: limit("JOBFIT_VERDICT_MAYBE", defaultThresholds.maybe)
}).pipe(
  Config.validate({
    message: "JOBFIT_VERDICT_MAYBE must not be above JOBFIT_VERDICT_APPLY",
    validation: (t) => t.maybe <= t.apply
  })
)

export const layer = (thresholds: Thresholds = defaultThresholds) => Layer.succeed(VerdictRule, thresholds)

export const layerConfig = Layer.effect(VerdictRule, ThresholdsConfig)
