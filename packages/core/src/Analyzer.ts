import { Context, Effect, Layer } from "effect"
import type { Analysis } from "./Analysis.js"
import { FeatureUnavailable, type PostingUnreachable } from "./Errors.js"
import type { Posting } from "./Posting.js"
import type { Profile } from "./Profile.js"

/** Compares a posting with a profile. */
export class Analyzer extends Context.Tag("@jobfit/core/Analyzer")<Analyzer, {
  readonly analyze: (
    posting: Posting,
    profile: Profile
  ) => Effect.Effect<Analysis, PostingUnreachable | FeatureUnavailable>
}>() {}

export const layerUnavailable = Layer.succeed(Analyzer, {
  analyze: () => Effect.fail(new FeatureUnavailable({ feature: "Job analysis" }))
})
