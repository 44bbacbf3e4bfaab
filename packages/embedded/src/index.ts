export {
  analyzer as analyzerLayer,
  type AnalyzerFunctions,
  cvWriter as cvWriterLayer,
  type CvWriterFunctions,
  postingSource as postingSourceLayer,
  type PostingSourceFunctions
} from "./Adapters.js"
export type { AdminApi } from "./AdminApi.js"
export {
  type ClientInfo,
  createHandler,
  type Handler,
  type HandlerOptions,
  type HttpForms,
  type Listener
} from "./Handler.js"
export { createJobfit, type Jobfit, type JobfitOptions } from "./Jobfit.js"
export * from "./JobfitError.js"
export { layer, type Options, type Services } from "./Layers.js"
export type * from "./Types.js"
