import { Context, Effect, Layer } from "effect"
import { FeatureUnavailable, type PostingUnreachable, type UrlNotAllowed } from "./Errors.js"
import type { Posting } from "./Posting.js"

/** Fetches a posting page and extracts the posting from it. */
export class PostingSource extends Context.Tag("@jobfit/core/PostingSource")<PostingSource, {
  readonly fetch: (url: string) => Effect.Effect<Posting, UrlNotAllowed | PostingUnreachable | FeatureUnavailable>
  /**
   * Reads a posting from text the user gave (plain text or HTML) instead of fetching `url`, which stays the
   * posting's identity. Optional: a source without it answers `posting_text` with SERVICE_UNAVAILABLE.
   */
  readonly read?: (url: string, text: string) => Effect.Effect<Posting, PostingUnreachable | FeatureUnavailable>
}>() {}

/** For a server started without a posting fetcher: every call says so, and nothing is charged. */
export const layerUnavailable = Layer.succeed(PostingSource, {
  fetch: () => Effect.fail(new FeatureUnavailable({ feature: "Job analysis" })),
  read: () => Effect.fail(new FeatureUnavailable({ feature: "Job analysis" }))
})
