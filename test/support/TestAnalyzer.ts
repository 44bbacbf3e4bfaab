import { Analyzer, CvWriter, Errors, PostingSource } from "@jobfit/core"
import { Effect, Layer } from "effect"

/** The posting's title: the last path segment of its URL, so each test URL gives a job it can recognise. */
export const titleOf = (url: string): string => url.replace(/[?#].*$/, "").split("/").filter((s) => s !== "").pop()!

const postings = Layer.succeed(PostingSource.PostingSource, {
  fetch: (url) =>
    url.includes("unreachable")
      ? Effect.fail(new Errors.PostingUnreachable({ message: "The posting answered 404" }))
      : Effect.succeed({
        url,
        title: titleOf(url),
        company: url.includes("nul-byte") ? "Ac\u0000me" : "Acme",
        location: "Berlin",
        description: "We need TypeScript and Effect; Rust is a plus."
      }).pipe(Effect.delay(url.includes("slow") ? "500 millis" : 0))
})

const analyzer = Layer.succeed(Analyzer.Analyzer, {
  analyze: (posting) =>
    posting.url.includes("defect")
      ? Effect.die(new Error("SELECT secret FROM api_keys WHERE key = 'jf_live_oops'"))
      : Effect.succeed({
        title: posting.title,
        company: posting.company,
        location: posting.location,
        match_score: 80,
        verdict: "APPLY" as const,
        matching_skills: ["TypeScript", "Effect"],
        missing_skills: ["Rust"],
        red_flags: [],
        assessment: "A good fit.",
        analyzer: "test"
      })
})

const cvWriter = Layer.succeed(CvWriter.CvWriter, {
  write: ({ format, job, profile }) =>
    Effect.succeed({ content: `CV (${format}) for ${job.job.title}`, resume: profile.resume })
})

/**
 * A posting source, analyzer and CV writer with fixed answers, for end-to-end tests only: a URL containing
 * "unreachable" is POSTING_UNREACHABLE, one containing "defect" dies with SQL in the defect, one containing "slow" takes
 * half a second to fetch, one containing "nul-byte" names its company with a NUL in it (as a page may).
 */
export const layer = Layer.mergeAll(postings, analyzer, cvWriter)
