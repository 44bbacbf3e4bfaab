export * as HttpRoutes from "./HttpRoutes.js"
export * as RequestId from "./RequestId.js"
export * as Responses from "./Responses.js"
export * as ToolCallBody from "./ToolCallBody.js"
