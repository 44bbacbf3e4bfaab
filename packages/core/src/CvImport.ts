import { Context, Data, type Effect } from "effect"
import type { Resume } from "./Profile.js"

/** Why a CV file could not be read, in words for the person who sent it. */
export class CvImportFailed extends Data.TaggedError("CvImportFailed")<{ readonly message: string }> {}

/** The largest CV file taken, in bytes. */
export const MAX_BYTES = 5 * 1024 * 1024

/**
 * Reads a CV file (PDF or Word .docx) into a draft JSON Resume for the person to correct: nothing is saved here.
 * Optional: a host without it offers no CV import.
 */
export class CvImport extends Context.Tag("@jobfit/core/CvImport")<CvImport, {
  readonly draft: (file: { readonly name: string; readonly bytes: Uint8Array }) => Effect.Effect<Resume, CvImportFailed>
}>() {}
