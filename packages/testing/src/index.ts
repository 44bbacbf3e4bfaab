/**
 * The contract suites jobfit's own store and analyzer pass, for anyone writing another: run them from an
 * @effect/vitest test file against your layer.
 */
export * as AnalyzerContract from "./AnalyzerContract.js"
export { analyzerContract } from "./AnalyzerContract.js"
export * as CvFiles from "./CvFiles.js"
export { errorSamples } from "./ErrorSamples.js"
export * as StoreFixtures from "./store/Fixtures.js"
export * as StoreContract from "./StoreContract.js"
export { dashboardStoreContract, idempotencyStoreContract, storeContract } from "./StoreContract.js"
