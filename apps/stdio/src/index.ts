export * as Stdio from "./Stdio.js"
