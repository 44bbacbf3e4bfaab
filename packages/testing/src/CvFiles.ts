import * as zlib from "node:zlib"

/** Text repeated to `bytes` bytes, as one buffer: the filler of a file that inflates to far more than it is. */
const filler = (text: string, bytes: number): Buffer => Buffer.alloc(bytes, text)

export interface PdfOptions {
  readonly encrypted?: boolean
  /** Content after the lines, deflated with them (`/FlateDecode`): `text` repeated to `bytes` bytes. */
  readonly padding?: { readonly text: string; readonly bytes: number }
}

/** A one-page PDF with these lines of text (Helvetica), written by hand: a CV fixture with a text layer. */
export const pdf = (lines: ReadonlyArray<string>, options: PdfOptions = {}): Uint8Array => {
  const escape = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`)
  const text = ["BT", "/F1 11 Tf", "14 TL", "50 780 Td", ...lines.map((l) => `(${escape(l)}) Tj T*`)].join("\n")
  // A padded stream is deflated, as binary latin1 text in the file; the padding is inside the text object.
  const content = options.padding === undefined
    ? `${text}\nET`
    : zlib.deflateSync(
      Buffer.concat([
        Buffer.from(`${text}\n`),
        filler(options.padding.text, options.padding.bytes),
        Buffer.from("\nET")
      ])
    ).toString("latin1")
  const filter = options.padding === undefined ? "" : " /Filter /FlateDecode"
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")}${filter} >>\nstream\n${content}\nendstream`,
    // A standard security handler with a user password: readers ask for it before showing anything.
    ...(options.encrypted
      ? ["<< /Filter /Standard /V 1 /R 2 /O <" + "11".repeat(32) + "> /U <" + "22".repeat(32) + "> /P -44 >>"]
      : [])
  ]
  let out = "%PDF-1.4\n"
  const offsets: Array<number> = []
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"))
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, "latin1")
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")
  const encrypt = options.encrypted
    ? ` /Encrypt ${objects.length} 0 R /ID [<${"ab".repeat(16)}> <${"ab".repeat(16)}>]`
    : ""
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(out, "latin1"))
}

/** A zip of deflated entries (what a .docx is), with the sizes each entry's header claims. */
export const zip = (
  entries: ReadonlyArray<readonly [string, Uint8Array | string]>,
  claims: { readonly unpacked?: number } = {}
): Uint8Array => {
  const locals: Array<Buffer> = []
  const centrals: Array<Buffer> = []
  let offset = 0
  for (const [name, value] of entries) {
    const data = typeof value === "string" ? Buffer.from(value, "utf8") : Buffer.from(value)
    const body = zlib.deflateRawSync(data)
    const crc = zlib.crc32(data)
    const unpacked = claims.unpacked ?? data.length
    const nameBytes = Buffer.from(name, "utf8")
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(unpacked, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    locals.push(local, nameBytes, body)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(unpacked, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + body.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

const xml = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

export interface DocxOptions {
  /** The unpacked size every entry claims, whatever it is. */
  readonly unpacked?: number
  /** Spaces between the document's paragraphs (legal XML), so that it inflates to this many bytes more. */
  readonly padding?: number
}

/** A Word document (.docx) with one paragraph a line. */
export const docx = (lines: ReadonlyArray<string>, options: DocxOptions = {}): Uint8Array =>
  zip([
    [
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`
    ],
    [
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`
    ],
    [
      "word/document.xml",
      Buffer.concat([
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${
            lines.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xml(p)}</w:t></w:r></w:p>`).join("")
          }`
        ),
        filler(" ", options.padding ?? 0),
        Buffer.from("</w:body></w:document>")
      ])
    ]
  ], options.unpacked === undefined ? {} : { unpacked: options.unpacked })

/** The lines of a CV, as a person writes one. */
export const cvLines = [
  "Ada Lovelace",
  "Senior Backend Engineer",
  "ada@example.com · +44 20 7946 0000 · https://ada.example.com",
  "Summary",
  "Backend engineer who builds payment systems.",
  "Experience",
  "Senior Backend Engineer, Analytical Engines Ltd",
  "Jan 2020 – Present",
  "• Built the billing service in TypeScript and PostgreSQL",
  "• Moved deployments to Kubernetes",
  "Software Engineer at Difference Co",
  "03/2016 - 12/2019",
  "Education",
  "BSc Mathematics, University of London, 2012 - 2015",
  "Skills",
  "TypeScript, PostgreSQL, Kubernetes, Docker"
]
