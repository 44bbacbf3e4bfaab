import { CvWriter, type JobStore, type Profile } from "@jobfit/core"
import { DateTime, Effect, Layer } from "effect"
import { cvDocument } from "./cv/CvDocument.js"
import { renderHtml } from "./cv/Html.js"
import { renderMarkdown } from "./cv/Markdown.js"
import { tailorResume } from "./cv/Tailor.js"
import { builtinTaxonomy } from "./skills/BuiltinTaxonomy.js"
import type { Taxonomy } from "./skills/Taxonomy.js"

export interface WriteCvInput {
  readonly profile: Profile.Profile
  readonly job: JobStore.StoredJob
  readonly format: CvWriter.CvFormat
}

/**
 * A CV aimed at one job, as a pure function: the tailored JSON Resume and its text in the asked format
 * (Markdown, a self-contained HTML page, or the JSON Resume document itself).
 */
export const writeCv = (
  input: WriteCvInput,
  now: Date,
  taxonomy: Taxonomy = builtinTaxonomy()
): { readonly content: string; readonly resume: Profile.Resume } => {
  const resume = tailorResume(input.profile, input.job, now, taxonomy)
  switch (input.format) {
    case "json":
      return { content: `${JSON.stringify(resume, null, 2)}\n`, resume }
    case "html":
      return { content: renderHtml(cvDocument(resume)), resume }
    case "markdown":
      return { content: renderMarkdown(cvDocument(resume)), resume }
  }
}

/** The built-in CV writer; the clock dates open-ended jobs for the years of experience in the summary. */
export const layer: Layer.Layer<CvWriter.CvWriter> = Layer.succeed(
  CvWriter.CvWriter,
  CvWriter.CvWriter.of({
    write: Effect.fn("CvWriter.write")(function*(input) {
      const now = yield* DateTime.now
      return writeCv(input, DateTime.toDate(now))
    })
  })
)
