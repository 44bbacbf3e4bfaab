export * as Server from "./Server.js"
export * as StartError from "./StartError.js"
