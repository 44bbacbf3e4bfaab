/** The MCP protocol versions this server speaks, newest first. */
export const versions = ["2025-11-25", "2025-06-18", "2025-03-26"] as const
export type Version = typeof versions[number]

export const latest: Version = versions[0]

/** What a server assumes when a client sends no version (the streamable HTTP rule). */
export const assumed: Version = "2025-03-26"

export const isSupported = (version: string): version is Version => versions.some((v) => v === version)

/** JSON-RPC batches exist only in 2025-03-26; later versions removed them. */
export const allowsBatches = (version: string): boolean => version === "2025-03-26"

export const codes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603
} as const
