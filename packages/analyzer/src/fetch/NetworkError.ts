const codeOf = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; depth < 4; depth++) {
    if (typeof current !== "object" || current === null) return undefined
    if ("code" in current && typeof current.code === "string") return current.code
    current = "cause" in current ? current.cause : undefined
  }
  return undefined
}

const reasons: Record<string, string> = {
  ECONNREFUSED: "the connection was refused",
  ECONNRESET: "the connection was reset",
  EPIPE: "the connection was closed",
  ENOTFOUND: "the host name could not be resolved",
  EAI_AGAIN: "the host name could not be resolved",
  EAI_NODATA: "the host name could not be resolved",
  ENETUNREACH: "the network is unreachable",
  EHOSTUNREACH: "the host is unreachable",
  ETIMEDOUT: "the connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "the connection timed out",
  UND_ERR_HEADERS_TIMEOUT: "the server did not answer in time",
  UND_ERR_BODY_TIMEOUT: "the server stopped sending the page",
  UND_ERR_SOCKET: "the connection closed unexpectedly",
  UND_ERR_CLOSED: "the connection closed unexpectedly",
  HPE_INVALID_CONSTANT: "the server's answer is not valid HTTP",
  UND_ERR_INVALID_ARG: "the URL cannot be requested"
}

/** A short, secret-free reason for a failed request: no stack, no message text from the network layer. */
export const describeNetworkError = (error: unknown): string => {
  const code = codeOf(error)
  if (code === undefined) return "the connection failed"
  if (code in reasons) return reasons[code] ?? "the connection failed"
  if (code.startsWith("HPE_")) return "the server's answer is not valid HTTP"
  if (code.startsWith("Z_") || code.startsWith("ERR__ERROR_FORMAT")) return "its compressed body is corrupt"
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return "its TLS certificate could not be verified"
  return "the connection failed"
}
