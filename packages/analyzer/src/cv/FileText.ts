// The text of a CV file (PDF or .docx), read in a worker thread (FileWorker.ts): the file is untrusted, so what it
// inflates to is counted while inflating, and pdf.js and mammoth only see a file that passed.
import mammoth from "mammoth"
import * as zlib from "node:zlib"

/** What a file gives: its text, or why not in words for the person who sent it. */
export type FileText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string }

/** The most a file may inflate to, all its parts together: a CV's run to a few hundred KB. */
export const MAX_INFLATED = 32 * 1024 * 1024
/** The most text a file may hold: twenty pages of a CV are about 60,000 characters. */
export const MAX_TEXT = 200_000
/** The pages of a PDF read. */
export const MAX_PAGES = 20

const refused = (message: string): FileText => ({ ok: false, message })

export const isPdf = (bytes: Uint8Array) =>
  bytes.length > 5 && new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-"
export const isZip = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4

/** Counts inflated bytes against one budget for the whole file; `undefined` once it is spent. */
const budget = () => {
  let left = MAX_INFLATED
  return (inflate: (limit: number) => Buffer): Buffer | undefined | "spent" => {
    try {
      const out = inflate(left + 1)
      left -= out.length
      return left < 0 ? "spent" : out
    } catch (error) {
      // Past the limit zlib stops with a RangeError; any other error is data that is not deflated.
      return error instanceof RangeError ? "spent" : undefined
    }
  }
}

// ---- .docx ----

interface ZipEntry {
  readonly name: string
  readonly method: number
  readonly packed: number
  readonly offset: number
}

/** The entries of a zip's central directory; undefined when it has none that can be read. */
const zipEntries = (bytes: Uint8Array): ReadonlyArray<ZipEntry> | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end-of-central-directory record is in the last 64 KB + 22 bytes.
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 65_557); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue
    const count = view.getUint16(end + 10, true)
    let at = view.getUint32(end + 16, true)
    const entries: Array<ZipEntry> = []
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined
      const nameLength = view.getUint16(at + 28, true)
      entries.push({
        name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
        method: view.getUint16(at + 10, true),
        packed: view.getUint32(at + 20, true),
        offset: view.getUint32(at + 42, true)
      })
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    }
    return entries
  }
  return undefined
}

/**
 * Whether every entry inflates within the budget, measured by inflating it (the sizes a zip declares are the
 * sender's word). An entry that cannot be found or inflated is left to mammoth, which refuses a broken file.
 */
const zipWithinBudget = (bytes: Uint8Array, entries: ReadonlyArray<ZipEntry>): boolean => {
  const take = budget()
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (const entry of entries) {
    if (entry.offset + 30 > bytes.length || view.getUint32(entry.offset, true) !== 0x04034b50) continue
    const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true)
    const data = bytes.subarray(start, Math.min(bytes.length, start + entry.packed))
    const out = entry.method === 8
      ? take((limit) => zlib.inflateRawSync(data, { maxOutputLength: limit, finishFlush: zlib.constants.Z_SYNC_FLUSH }))
      : take(() => Buffer.from(data.buffer, data.byteOffset, data.byteLength))
    if (out === "spent") return false
  }
  return true
}

const docxText = async (bytes: Uint8Array): Promise<FileText> => {
  const entries = zipEntries(bytes)
  if (entries === undefined || !entries.some((e) => e.name === "word/document.xml")) {
    return refused("This is not a Word document (.docx). Save the CV as PDF or .docx and try again.")
  }
  if (!zipWithinBudget(bytes, entries)) {
    return refused("This Word file unpacks to far more than a CV does; it was not read.")
  }
  try {
    return { ok: true, text: (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value }
  } catch {
    return refused("This Word file could not be read. Save it again (or as PDF) and try again.")
  }
}

// ---- PDF ----

const STREAM = Buffer.from("stream")
const END_STREAM = Buffer.from("endstream")

/**
 * Whether the PDF's streams inflate within the budget, measured by inflating each (a deflated stream inside a
 * deflated stream too): pdf.js has no bound of its own on what a stream decodes to.
 */
const pdfWithinBudget = (bytes: Uint8Array): boolean => {
  const take = budget()
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = buffer.indexOf(STREAM)
  while (at !== -1) {
    let start = at + STREAM.length
    if (buffer[start] === 0x0d) start++
    if (buffer[start] === 0x0a) start++
    const end = buffer.indexOf(END_STREAM, start)
    let data: Buffer = buffer.subarray(start, end === -1 ? buffer.length : end)
    // 0x78 opens a zlib stream; a stream decoded twice is inflated twice.
    while (data.length > 2 && data[0] === 0x78) {
      const input = data
      const out = take((limit) =>
        zlib.inflateSync(input, { maxOutputLength: limit, finishFlush: zlib.constants.Z_SYNC_FLUSH })
      )
      if (out === "spent") return false
      if (out === undefined) break
      data = out
    }
    at = end === -1 ? -1 : buffer.indexOf(STREAM, end + END_STREAM.length)
  }
  return true
}

const pdfText = async (bytes: Uint8Array): Promise<FileText> => {
  if (!pdfWithinBudget(bytes)) return refused("This PDF unpacks to far more than a CV does; it was not read.")
  try {
    // pdf.js finds its worker code here rather than loading a file beside its own (a bundle has none).
    const pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs")
    ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs")
    const document = await getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0
    }).promise
    try {
      const pages: Array<string> = []
      let length = 0
      for (let n = 1; n <= Math.min(document.numPages, MAX_PAGES) && length <= MAX_TEXT; n++) {
        const content = await (await document.getPage(n)).getTextContent()
        const page = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("")
        pages.push(page)
        length += page.length
      }
      return { ok: true, text: pages.join("\n") }
    } finally {
      await document.destroy()
    }
  } catch (error) {
    return error instanceof Error && error.name === "PasswordException"
      ? refused("This PDF is protected by a password. Save a copy without one and try again.")
      : refused("This PDF could not be read. Save it again and try again.")
  }
}

/** The text of a PDF or .docx file, or why it was not read. */
export const read = async (bytes: Uint8Array): Promise<FileText> => {
  const result = isPdf(bytes)
    ? await pdfText(bytes)
    : isZip(bytes)
    ? await docxText(bytes)
    : refused("Choose a PDF or a Word (.docx) file.")
  if (result.ok && result.text.length > MAX_TEXT) {
    return refused("This file holds far more text than a CV does; it was not read.")
  }
  return result
}
