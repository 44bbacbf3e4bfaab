import type { Dispatcher } from "undici"
import {
  acceptedTypes,
  acceptEncoding,
  decoded,
  decodeText,
  discard,
  isKnownEncoding,
  parseContentType,
  readCapped
} from "./Body.js"

/** What one request (no redirects followed) came back with. */
export type Hop =
  | { readonly _tag: "Redirect"; readonly location: string }
  | { readonly _tag: "Status"; readonly status: number }
  | { readonly _tag: "ContentType"; readonly mediaType: string }
  | { readonly _tag: "Encoding"; readonly encoding: string }
  | { readonly _tag: "TooLarge" }
  | { readonly _tag: "Body"; readonly mediaType: string; readonly text: string }

export interface HopOptions {
  readonly maxBytes: number
  readonly timeoutMs: number
  readonly headers: Record<string, string>
}

const redirects = new Set([301, 302, 303, 307, 308])

const header = (value: string | Array<string> | undefined) => Array.isArray(value) ? value[0] : value

/** One GET without following redirects; the body is read only for a 2xx answer of an accepted type. */
export const hop = async (
  dispatcher: Dispatcher,
  url: URL,
  options: HopOptions,
  signal: AbortSignal
): Promise<Hop> => {
  const response = await dispatcher.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: "GET",
    headers: { ...options.headers, "accept-encoding": acceptEncoding },
    signal,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs
  })
  const { body, headers, statusCode } = response
  const location = header(headers.location)
  if (redirects.has(statusCode) && location !== undefined) {
    discard(body)
    return { _tag: "Redirect", location }
  }
  if (statusCode < 200 || statusCode > 299) {
    discard(body)
    return { _tag: "Status", status: statusCode }
  }
  const type = parseContentType(header(headers["content-type"]))
  if (type.mediaType !== "" && !acceptedTypes.has(type.mediaType)) {
    discard(body)
    return { _tag: "ContentType", mediaType: type.mediaType }
  }
  const encoding = (header(headers["content-encoding"]) ?? "identity").trim().toLowerCase()
  if (!isKnownEncoding(encoding)) {
    discard(body)
    return { _tag: "Encoding", encoding }
  }
  const length = Number(header(headers["content-length"]))
  if (Number.isFinite(length) && length > options.maxBytes) {
    discard(body)
    return { _tag: "TooLarge" }
  }
  const read = await readCapped(decoded(body, encoding), options.maxBytes)
  if (read._tag === "TooLarge") return read
  return { _tag: "Body", mediaType: type.mediaType, text: decodeText(read.bytes, type) }
}
