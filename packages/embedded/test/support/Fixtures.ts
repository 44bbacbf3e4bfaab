import {
  type AnalyzerFunctions,
  type CvWriterFunctions,
  type Jobfit,
  type JobfitOptions,
  type PostingSourceFunctions,
  PostingUnreachableError,
  type Scope
} from "@jobfit/embedded"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

/** A profile document as `admin.setProfile` takes it (a bare JSON Resume). */
export const resume = {
  basics: { name: "Ada Lovelace", email: "ada@example.com" },
  skills: [{ name: "TypeScript" }, { name: "Effect" }]
}

/** The posting's title is the URL's last path segment; a URL containing "unreachable" is POSTING_UNREACHABLE. */
export const postingSource: PostingSourceFunctions = {
  fetch: async (url) => {
    if (url.includes("unreachable")) throw new PostingUnreachableError("The posting answered 404")
    const title = url.replace(/[?#].*$/, "").split("/").filter((s) => s !== "").pop() ?? "job"
    return { url, title, company: "Acme", location: "Berlin", description: "We need TypeScript and Effect." }
  }
}

/** A URL containing "throws" makes it throw a plain Error; one containing "malformed" returns a bad score. */
export const analyzer: AnalyzerFunctions = {
  analyze: async (posting) => {
    if (posting.url.includes("throws")) throw new Error("SELECT secret FROM api_keys")
    return {
      title: posting.title,
      company: posting.company,
      location: posting.location,
      match_score: posting.url.includes("malformed") ? 101 : 80,
      verdict: "APPLY",
      matching_skills: ["TypeScript", "Effect"],
      missing_skills: ["Rust"],
      red_flags: [],
      assessment: "A good fit.",
      analyzer: "test"
    }
  }
}

export const cvWriter: CvWriterFunctions = {
  write: ({ format, job, profile }) => ({ content: `CV (${format}) for ${job.title}`, resume: profile.resume })
}

/** The test analysis parts, no rate limits and no logs. */
export const options = (database: string, extra: JobfitOptions = {}): JobfitOptions => ({
  database,
  analyzer,
  postingSource,
  cvWriter,
  rateLimits: false,
  logLevel: "none",
  ...extra
})

/** A fresh folder for a SQLite file, removed by the returned function. */
export const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-embedded-"))
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

let counter = 0

export interface Seeded {
  readonly email: string
  readonly userId: number
  readonly keyId: number
  readonly key: string
}

/** A user with one key (every scope unless told), credits, and a profile unless `profile: false`. */
export const seed = async (
  jobfit: Jobfit,
  setup: { readonly scopes?: ReadonlyArray<Scope>; readonly cents?: number; readonly profile?: boolean } = {}
): Promise<Seeded> => {
  const email = `user${++counter}-${Date.now().toString(36)}@example.com`
  const user = await jobfit.admin.createUser({ email })
  const scopes = setup.scopes ??
    ["jobs_read", "jobs_write", "jobs_analyze", "cv_generate", "credits_read", "profile_read", "profile_write"]
  const created = await jobfit.admin.createKey({ email, scopes, name: "test" })
  if ((setup.cents ?? 0) > 0) await jobfit.admin.addCredits(email, setup.cents ?? 0)
  if (setup.profile ?? true) await jobfit.admin.setProfile(email, resume)
  return { email, userId: user.id, keyId: created.id, key: created.key }
}

/** The rejection of a promise that must reject. */
export const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error("expected a rejection")
}
