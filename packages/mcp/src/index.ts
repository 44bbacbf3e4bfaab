export * as JsonRpc from "./JsonRpc.js"
export * as McpServer from "./McpServer.js"
export * as Protocol from "./Protocol.js"
export * as ToolList from "./ToolList.js"
