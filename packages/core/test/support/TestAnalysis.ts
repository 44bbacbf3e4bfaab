import { Analyzer, CvWriter, Errors, PostingSource } from "@jobfit/core"
import { Effect, Layer } from "effect"

/**
 * A posting source, analyzer and CV writer for tests: the URL decides what happens.
 * `unreachable` fails as POSTING_UNREACHABLE, `defect` dies, `bad-score` returns a score out of range, `low-score`
 * returns 10 with the verdict APPLY (which the Gateway's verdict rule corrects), `never` never answers (a process
 * that stops mid-analysis), `slow` takes a minute. Given text
 * is read with its first line as the title.
 */
export const layer = Layer.mergeAll(
  Layer.succeed(PostingSource.PostingSource, {
    fetch: (url) =>
      url.includes("unreachable")
        ? Effect.fail(new Errors.PostingUnreachable({ message: "The posting answered 404" }))
        : Effect.succeed({ url, title: "Engineer", company: "Acme", location: "Remote", description: "TypeScript" }),
    // Given text: its first line is the title; "not a posting" is refused as unreadable.
    read: (url, text) =>
      text.includes("not a posting")
        ? Effect.fail(new Errors.PostingUnreachable({ message: "The posting_text given has too little text" }))
        : Effect.succeed({
          url,
          title: text.split("\n")[0] ?? "",
          company: "Given",
          location: "Remote",
          description: text
        })
  }),
  Layer.succeed(Analyzer.Analyzer, {
    analyze: (posting) =>
      posting.url.includes("defect")
        ? Effect.die(new Error("SELECT secret FROM users"))
        : posting.url.includes("never")
        ? Effect.never
        : Effect.delay(
          Effect.succeed({
            title: `${posting.title} ${posting.url.length}`,
            company: posting.company,
            location: posting.location,
            match_score: posting.url.includes("bad-score") ? 150 : posting.url.includes("low-score") ? 10 : 80,
            verdict: "APPLY" as const,
            matching_skills: ["TypeScript"],
            missing_skills: ["Go"],
            red_flags: [],
            assessment: "A good fit.",
            analyzer: "test"
          }),
          posting.url.includes("slow") ? "1 minute" : 0
        )
  }),
  Layer.succeed(CvWriter.CvWriter, {
    write: ({ format, job }) => Effect.succeed({ content: `CV for ${job.job.title} as ${format}`, resume: {} })
  })
)
