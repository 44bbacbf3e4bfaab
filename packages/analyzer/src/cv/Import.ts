import { CvImport, type Profile } from "@jobfit/core"
import { Duration, Effect, Layer } from "effect"
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"
import { Worker } from "node:worker_threads"
import { builtinTaxonomy } from "../skills/BuiltinTaxonomy.js"
import { findMentions } from "../skills/Matcher.js"
import { sentencesOf } from "../skills/Sentence.js"
import type { Taxonomy } from "../skills/Taxonomy.js"
import * as FileText from "./FileText.js"

type Resume = Profile.Resume
type Entry = Record<string, unknown>

const failed = (message: string) => new CvImport.CvImportFailed({ message })

// ---- From a file to its text ----

/** How long a file may take to read. */
export const READ_TIMEOUT = Duration.seconds(5)
/** The heap a reading worker may grow to, in MB; past it the worker is stopped and the file refused. */
const WORKER_HEAP_MB = 256
/** Files read at once by one process; more wait their turn (within the time limit). */
const READERS = 2

// The worker beside this module: FileWorker.js when compiled by tsc, FileWorker.mjs beside a bundle
// (scripts/bundle.mjs builds it as a second entry; named by a template, so the bundler's asset rewrite leaves it
// relative to the bundle), FileWorker.ts under tsx (sources, tests).
const here = import.meta.url
const extension = /\.(m?[jt]s)$/.exec(new URL(here).pathname)?.[1] ?? "js"
const workerFile = new URL(`./FileWorker.${extension}`, here)

/**
 * What the worker runs. From the sources it loads tsx's loader first, after pdf.js (which tsx would otherwise
 * transform on every start, some seconds).
 */
const entryOf = (): URL => {
  if (extension !== "ts") return workerFile
  const require = createRequire(here)
  const url = (specifier: string) => JSON.stringify(pathToFileURL(require.resolve(specifier)).href)
  const tsx = JSON.stringify(pathToFileURL(require.resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href)
  const code = [
    `await import(${url("pdfjs-dist/legacy/build/pdf.worker.mjs")})`,
    `await import(${url("pdfjs-dist/legacy/build/pdf.mjs")})`,
    `const { register } = await import(${tsx})`,
    "register()",
    `await import(${JSON.stringify(workerFile.href)})`
  ].join(";")
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`)
}
// Made on the first upload (the resolving reads files), then the same for every one.
let entry: URL | undefined
const workerEntry = (): URL => (entry ??= entryOf())

const readers = Effect.runSync(Effect.makeSemaphore(READERS))

/**
 * Reads the file in a worker thread with a heap limit, stopped after READ_TIMEOUT: an upload can neither take the
 * memory nor hold the event loop that other requests need.
 */
const inWorker = (bytes: Uint8Array) =>
  Effect.async<FileText.FileText>((resume) => {
    const worker = new Worker(workerEntry(), {
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true
    })
    let done = false
    const finish = (result: FileText.FileText) => {
      if (done) return
      done = true
      resume(Effect.succeed(result))
      void worker.terminate()
    }
    // Listeners stay for the worker's life: an 'error' event without one would end the whole process.
    worker.on("message", finish)
    worker.on("error", (error) =>
      finish({
        ok: false,
        message: (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? "This file needs far more memory to read than a CV does; it was not read."
          : "This file could not be read. Save it again and try again."
      }))
    worker.on(
      "exit",
      () => finish({ ok: false, message: "This file could not be read. Save it again and try again." })
    )
    return Effect.sync(() => {
      done = true
      void worker.terminate()
    })
  }).pipe(
    Effect.timeoutTo({
      duration: READ_TIMEOUT,
      onSuccess: (result) => result,
      onTimeout: (): FileText.FileText => ({
        ok: false,
        message: "This file took too long to read; it was not read. Save it again (or as .docx) and try again."
      })
    }),
    readers.withPermits(1)
  )

/** The text of a PDF or .docx CV; other files, encrypted ones and ones without text are refused with a reason. */
export const textOf = (file: { readonly name: string; readonly bytes: Uint8Array }) =>
  Effect.gen(function*() {
    if (file.bytes.length > CvImport.MAX_BYTES) {
      return yield* failed(`The file is larger than ${CvImport.MAX_BYTES / 1024 / 1024} MB.`)
    }
    if (!FileText.isPdf(file.bytes) && !FileText.isZip(file.bytes)) {
      return yield* failed("Choose a PDF or a Word (.docx) file.")
    }
    const result = yield* inWorker(file.bytes)
    if (!result.ok) return yield* failed(result.message)
    if (result.text.replace(/\s/g, "").length < 20) {
      return yield* failed(
        "No text was found in this file: it may be a scanned image. Save the CV as a PDF with text, or fill in the form."
      )
    }
    return result.text
  })

// ---- From text to a draft resume ----

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,4}\)[\s.-]?)?\d[\d\s.-]{6,14}\d/
const URL_TEXT = /\bhttps?:\/\/[^\s,;]+|\b(?:www\.)?linkedin\.com\/[^\s,;]+/i

const HEADINGS: ReadonlyArray<readonly [string, RegExp]> = [
  ["summary", /^(?:summary|profile|about me|professional summary|objective)$/i],
  ["work", /^(?:(?:work |professional )?experience|employment(?: history)?|work history|career history)$/i],
  ["education", /^(?:education|academic background|qualifications|education and training)$/i],
  ["skills", /^(?:skills|technical skills|key skills|core skills|competencies|skills and tools)$/i],
  ["other", /^(?:languages|certifications?|projects|interests|hobbies|references|awards|publications|volunteering)$/i]
]

const MONTHS: Record<string, string> = {
  jan: "01",
  feb: "02",
  mar: "03",
  apr: "04",
  may: "05",
  jun: "06",
  jul: "07",
  aug: "08",
  sep: "09",
  oct: "10",
  nov: "11",
  dec: "12"
}

const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?"
const POINT = `(?:${MONTH}\\s+\\d{4}|\\d{1,2}[/.]\\d{4}|\\d{4}-\\d{2}|\\d{4})`
const RANGE = new RegExp(
  `(${POINT})\\s*(?:-|–|—|to|until)\\s*(${POINT}|present|current|now|today)`,
  "i"
)
const YEAR_ONLY = /\b(19[5-9]\d|20\d\d)\b/

/** A date as JSON Resume writes it (YYYY or YYYY-MM), from "Jan 2020", "01/2020", "2020-01" or "2020". */
const isoOf = (text: string): string | undefined => {
  const t = text.trim().toLowerCase()
  const named = /^([a-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(t)
  if (named && MONTHS[named[1]!] !== undefined) return `${named[2]}-${MONTHS[named[1]!]}`
  const slashed = /^(\d{1,2})[/.](\d{4})$/.exec(t)
  if (slashed && Number(slashed[1]) >= 1 && Number(slashed[1]) <= 12) {
    return `${slashed[2]}-${slashed[1]!.padStart(2, "0")}`
  }
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(t) || /^\d{4}$/.test(t)) return t
  return undefined
}

const DEGREE =
  /\b(?:b\.?sc|m\.?sc|b\.?a|m\.?a|mba|ph\.?d|bachelor|master|doctor|diploma|associate|certificate|b\.?eng|m\.?eng|bsn|msn|a\.?a\.?s)\b/i
const SCHOOL = /\b(?:university|college|school|institute|academy|polytechnic|hochschule|universit)/i

const lineOf = (text: string) => text.replace(/\s+/g, " ").trim()

/** "Senior Engineer, Acme Ltd", "Senior Engineer at Acme", "Acme Ltd — Senior Engineer", "Senior Engineer | Acme". */
const roleAndEmployer = (text: string): { position?: string; name?: string } => {
  const at = /^(.+?)\s+(?:at|@)\s+(.+)$/i.exec(text)
  if (at) return { position: at[1]!.trim(), name: at[2]!.trim() }
  const parts = text.split(/\s*(?:,|\||—|–| - )\s*/).filter((p) => p !== "")
  if (parts.length >= 2) return { position: parts[0]!, name: parts[1]! }
  return text === "" ? {} : { position: text }
}

const put = (entry: Entry, key: string, value: string | undefined) => {
  if (value !== undefined && value !== "") entry[key] = value
}

/** Work entries: a line with a date range starts one; the lines before it (since the last entry) name it. */
const workOf = (lines: ReadonlyArray<string>): Array<Entry> => {
  const entries: Array<Entry> = []
  let pending: Array<string> = []
  let current: Entry | undefined
  for (const line of lines) {
    const range = RANGE.exec(line)
    if (range) {
      const rest = lineOf(line.replace(range[0], "").replace(/[()|,–—-]+\s*$/, "").replace(/^\s*[()|,–—-]+/, ""))
      const naming = rest !== "" ? rest : pending.join(", ")
      current = {}
      const named = roleAndEmployer(naming)
      put(current, "position", named.position)
      put(current, "name", named.name ?? (rest !== "" && pending.length > 0 ? pending[0] : undefined))
      put(current, "startDate", isoOf(range[1]!))
      const end = /present|current|now|today/i.test(range[2]!) ? undefined : isoOf(range[2]!)
      put(current, "endDate", end)
      entries.push(current)
      pending = []
    } else if (current !== undefined && /^[•·*▪‣◦-]\s*/.test(line)) {
      const highlights = (current["highlights"] as Array<string> | undefined) ?? []
      highlights.push(line.replace(/^[•·*▪‣◦-]\s*/, ""))
      current["highlights"] = highlights
    } else {
      pending.push(line)
      if (pending.length > 2) pending.shift()
    }
  }
  return entries.filter((e) => e["position"] !== undefined || e["name"] !== undefined)
}

/** Education entries: lines naming a degree or a school, with the years near them. */
const educationOf = (lines: ReadonlyArray<string>): Array<Entry> =>
  lines.flatMap((line, i) => {
    if (!DEGREE.test(line) && !SCHOOL.test(line)) return []
    const near = [line, lines[i + 1] ?? ""].join(" ")
    const range = RANGE.exec(near)
    const years = near.match(new RegExp(YEAR_ONLY.source, "g")) ?? []
    const parts = line.replace(RANGE, "").split(/\s*(?:,|\||—|–| - )\s*/).map(lineOf).filter((p) =>
      p !== "" && !/^\d{4}$/.test(p)
    )
    const entry: Entry = {}
    const degree = parts.find((p) => DEGREE.test(p))
    const school = parts.find((p) => SCHOOL.test(p)) ?? parts.find((p) => p !== degree)
    if (degree !== undefined) {
      const [studyType, ...area] = degree.split(/\s+(?:in|of)\s+|\s+/)
      put(entry, "studyType", studyType)
      put(entry, "area", area.join(" "))
    }
    put(entry, "institution", school)
    put(entry, "startDate", range ? isoOf(range[1]!) : years.length > 1 ? years[0] : undefined)
    put(entry, "endDate", range ? isoOf(range[2]!) : years.at(-1))
    return entry["institution"] === undefined && entry["studyType"] === undefined ? [] : [entry]
  })

/** The skills the whole text names, by the analyzer's taxonomy (a CV's skills are spread over its sections). */
const skillsOf = (text: string, taxonomy: Taxonomy) => {
  const names = new Map<string, string>()
  for (const sentence of sentencesOf(text)) {
    for (const mention of findMentions(sentence, taxonomy)) {
      names.set(mention.skill.name.toLowerCase(), mention.skill.name)
    }
  }
  return [...names.values()].map((name) => ({ name }))
}

/**
 * A draft JSON Resume from a CV's text: the name (its first line), contact details, work entries (a line with a date
 * range starts one), education, and the skills the taxonomy knows. A draft: the person corrects it before saving.
 */
export const draftOf = (text: string, taxonomy: Taxonomy): Resume => {
  const lines = text.split(/\r?\n/).map(lineOf).filter((l) => l !== "")
  const sections: Record<string, Array<string>> = { head: [] }
  let section = "head"
  for (const line of lines) {
    const heading = HEADINGS.find(([, pattern]) => pattern.test(line.replace(/[:.]$/, "")))
    if (heading !== undefined) section = heading[0]
    else (sections[section] ??= []).push(line)
  }
  const head = sections["head"] ?? []
  const basics: Entry = {}
  const name = head.find((l) => !EMAIL.test(l) && !PHONE.test(l) && /^[\p{L}'’. -]{3,60}$/u.test(l))
  put(basics, "name", name)
  put(basics, "email", EMAIL.exec(text)?.[0])
  put(basics, "phone", PHONE.exec(head.join("\n"))?.[0]?.trim())
  const link = URL_TEXT.exec(text)?.[0]
  put(basics, "url", link === undefined ? undefined : /^https?:\/\//i.test(link) ? link : `https://${link}`)
  const label = head.find((l) => l !== name && !EMAIL.test(l) && !PHONE.test(l) && !URL_TEXT.test(l) && l.length <= 80)
  put(basics, "label", label)
  put(basics, "summary", (sections["summary"] ?? []).join(" ") || undefined)
  const resume: Record<string, unknown> = { basics }
  const work = workOf(sections["work"] ?? [])
  if (work.length > 0) resume["work"] = work
  const education = educationOf(sections["education"] ?? [])
  if (education.length > 0) resume["education"] = education
  const skills = skillsOf(text, taxonomy)
  if (skills.length > 0) resume["skills"] = skills
  return resume as Resume
}

/** The built-in CV import: PDF (pdf.js) and Word (.docx, mammoth) into a draft over the built-in taxonomy. */
export const layer = Layer.sync(CvImport.CvImport, () => {
  const taxonomy = builtinTaxonomy()
  return CvImport.CvImport.of({
    draft: (file) => Effect.map(textOf(file), (text) => draftOf(text, taxonomy))
  })
})
