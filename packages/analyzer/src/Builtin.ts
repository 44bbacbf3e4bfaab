import type { Analyzer, CvImport, CvWriter, PostingSource } from "@jobfit/core"
import { type ConfigError, Layer } from "effect"
import * as BuiltinAnalyzer from "./BuiltinAnalyzer.js"
import * as BuiltinCvWriter from "./BuiltinCvWriter.js"
import * as CvFile from "./cv/Import.js"
import * as HttpPostingSource from "./HttpPostingSource.js"

/**
 * The built-in analysis: the safe posting fetcher (JOBFIT_FETCH_ALLOW), the deterministic analyzer
 * (JOBFIT_VERDICT_APPLY, JOBFIT_VERDICT_MAYBE) and the CV writer.
 */
export const layer: Layer.Layer<
  PostingSource.PostingSource | Analyzer.Analyzer | CvWriter.CvWriter,
  ConfigError.ConfigError
> = Layer.mergeAll(HttpPostingSource.layer, BuiltinAnalyzer.layer, BuiltinCvWriter.layer)

/** Reading a CV file (PDF or .docx) into a draft profile, for the dashboard's import. */
export const cvImport: Layer.Layer<CvImport.CvImport> = CvFile.layer
