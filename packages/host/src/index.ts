export * as Core from "./Core.js"
export * as Server from "./Server.js"
export * as StartError from "./StartError.js"
export * as Stdio from "./Stdio.js"
