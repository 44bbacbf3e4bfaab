import { Context, Effect, Layer, Schema } from "effect"
import { FeatureUnavailable } from "./Errors.js"
import type { StoredJob } from "./JobStore.js"
import type { Profile, Resume } from "./Profile.js"

export const CvFormat = Schema.Literal("markdown", "html", "json")
export type CvFormat = typeof CvFormat.Type

/** Writes a CV aimed at one job from the user's profile. */
export class CvWriter extends Context.Tag("@jobfit/core/CvWriter")<CvWriter, {
  readonly write: (input: {
    readonly profile: Profile
    readonly job: StoredJob
    readonly format: CvFormat
  }) => Effect.Effect<{ readonly content: string; readonly resume: Resume }, FeatureUnavailable>
}>() {}

export const layerUnavailable = Layer.succeed(CvWriter, {
  write: () => Effect.fail(new FeatureUnavailable({ feature: "CV generation" }))
})
