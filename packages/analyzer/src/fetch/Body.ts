import { pipeline, type Readable, type Transform } from "node:stream"
import * as zlib from "node:zlib"

/** Media types a posting may come as; anything else (images, PDFs, archives) is refused before reading. */
export const acceptedTypes: ReadonlySet<string> = new Set([
  "text/html",
  "application/xhtml+xml",
  "application/json",
  "application/ld+json",
  "text/plain",
  // Personio's job feed.
  "application/xml",
  "text/xml"
])

export interface ContentType {
  readonly mediaType: string
  readonly charset: string | undefined
}

export const parseContentType = (header: string | undefined): ContentType => {
  const [type = "", ...params] = (header ?? "").split(";")
  const charset = params
    .map((param) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(param)?.[1])
    .find((value) => value !== undefined)
  return { mediaType: type.trim().toLowerCase(), charset: charset?.toLowerCase() }
}

interface Closable {
  readonly destroy: () => void
  readonly once: (event: "error", listener: () => void) => unknown
}

/** Closes a body we will not read; undici then reports an abort, which is expected here and ignored. */
export const discard = (body: Closable): void => {
  body.once("error", () => undefined)
  body.destroy()
}

export type Capped =
  | { readonly _tag: "Bytes"; readonly bytes: Uint8Array }
  | { readonly _tag: "TooLarge" }

/** Reads a body, giving up (and closing the stream) as soon as it passes `cap` bytes. */
export const readCapped = async (
  body: AsyncIterable<unknown> & Closable,
  cap: number
): Promise<Capped> => {
  const chunks: Array<Uint8Array> = []
  let size = 0
  for await (const chunk of body) {
    if (!(chunk instanceof Uint8Array)) continue
    size += chunk.byteLength
    if (size > cap) {
      discard(body)
      return { _tag: "TooLarge" }
    }
    chunks.push(chunk)
  }
  return { _tag: "Bytes", bytes: Buffer.concat(chunks) }
}

/** Content codings we ask for and undo; the size cap applies to the decoded bytes, so a small bomb stays small. */
export const acceptEncoding = "gzip, deflate, br"

const decoders: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  "x-gzip": () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress()
}

export const isKnownEncoding = (encoding: string) => encoding === "identity" || encoding in decoders

/** The body with its content coding undone; the pipeline closes both ends when either fails. */
export const decoded = (body: Readable, encoding: string): Readable => {
  const make = decoders[encoding]
  if (make === undefined) return body
  const decoder = make()
  pipeline(body, decoder, () => undefined)
  return decoder
}

const metaCharset = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i

const decoderFor = (label: string | undefined) => {
  try {
    return new TextDecoder(label ?? "utf-8")
  } catch {
    return new TextDecoder("utf-8")
  }
}

/** Decodes with the header's charset, else an HTML `<meta charset>` in the first KB, else UTF-8. */
export const decodeText = (bytes: Uint8Array, type: ContentType): string => {
  const sniffed = type.charset ?? (type.mediaType === "application/json" || type.mediaType === "application/ld+json"
    ? undefined
    : metaCharset.exec(new TextDecoder("latin1").decode(bytes.subarray(0, 1024)))?.[1])
  return decoderFor(sniffed).decode(bytes)
}

export const formatBytes = (bytes: number) =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : bytes % 1024 === 0
    ? `${bytes / 1024} KB`
    : `${bytes} bytes`
