export * from "./NodeHost.js"
export * from "./RestContract.js"
export * as TestAnalysis from "./TestAnalysis.js"
