import { Analysis, Analyzer, CvWriter, Errors, Posting, PostingSource, Profile, Tools } from "@jobfit/core"
import { Effect, Layer, Option, ParseResult, Schema } from "effect"
import { JobfitError } from "./JobfitError.js"
import type * as Types from "./Types.js"

type Awaitable<A> = A | Promise<A>

/** An analyzer as plain functions. */
export interface AnalyzerFunctions {
  /**
   * Compares a posting with the user's profile. Throw `new JobfitError("POSTING_UNREACHABLE", message)` when the
   * page is not a posting after all; anything else thrown is INTERNAL_ERROR (logged) and the charge is refunded.
   */
  readonly analyze: (
    posting: Types.Posting,
    profile: Types.Profile,
    signal: AbortSignal
  ) => Awaitable<Types.AnalysisResult>
}

/** A posting source as plain functions. */
export interface PostingSourceFunctions {
  /**
   * Fetches and extracts the posting at `url` (as the caller sent it; the core has refused non-http(s) URLs and
   * credentials already). Throw a JobfitError with code URL_NOT_ALLOWED or POSTING_UNREACHABLE to refuse it.
   * It must refuse private and loopback addresses itself when callers are not trusted.
   */
  readonly fetch: (url: string, signal: AbortSignal) => Awaitable<Types.Posting>
  /**
   * Reads the posting from text the caller gave (`posting_text`: plain text or HTML) for `url`, without fetching.
   * Optional: without it, analyze_job with posting_text answers SERVICE_UNAVAILABLE. Throw a JobfitError with code
   * POSTING_UNREACHABLE when the text is no posting.
   */
  readonly read?: ((url: string, text: string, signal: AbortSignal) => Awaitable<Types.Posting>) | undefined
}

/** A CV writer as plain functions. */
export interface CvWriterFunctions {
  readonly write: (request: Types.CvRequest, signal: AbortSignal) => Awaitable<Types.CvDocument>
}

/** Runs a host's function; a JobfitError that `refusal` maps becomes that core error, anything else a defect. */
const attempt = <A, E>(
  what: string,
  run: (signal: AbortSignal) => Awaitable<A>,
  refusal: (thrown: JobfitError) => Option.Option<E>
): Effect.Effect<A, E> =>
  Effect.tryPromise({ try: async (signal) => await run(signal), catch: (thrown) => thrown }).pipe(
    Effect.catchAll((thrown) =>
      Option.match(thrown instanceof JobfitError ? refusal(thrown) : Option.none(), {
        onSome: Effect.fail,
        onNone: () => Effect.die(thrown instanceof Error ? thrown : new Error(`${what} threw ${String(thrown)}`))
      })
    )
  )

const unreachable = (thrown: JobfitError) =>
  thrown.code === "POSTING_UNREACHABLE"
    ? Option.some(new Errors.PostingUnreachable({ message: thrown.message }))
    : Option.none()

const refused = (thrown: JobfitError) =>
  thrown.code === "URL_NOT_ALLOWED"
    ? Option.some<Errors.UrlNotAllowed | Errors.PostingUnreachable>(
      new Errors.UrlNotAllowed({ message: thrown.message })
    )
    : unreachable(thrown)

/** Checks what a host's function returned; a wrong shape is a defect that names the function and the problem. */
const checked = <A, I>(what: string, schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknown(schema)
  return (value: unknown) =>
    Effect.orDieWith(
      decode(value),
      (error) => new Error(`${what} returned an unexpected value: ${ParseResult.TreeFormatter.formatErrorSync(error)}`)
    )
}

const encodeProfile = Schema.encode(Tools.ProfileResult)
const encodeJob = Schema.encode(Tools.JobWithAnalysis)

const profileView = (profile: Profile.Profile) => Effect.orDie(encodeProfile(profile))

/** The Analyzer service over plain functions. */
export const analyzer = (functions: AnalyzerFunctions): Layer.Layer<Analyzer.Analyzer> => {
  const check = checked("analyzer.analyze", Analysis.Analysis)
  const analyze = Effect.fn("EmbeddedAnalyzer.analyze")(function*(posting: Posting.Posting, profile: Profile.Profile) {
    const view = yield* profileView(profile)
    const result = yield* attempt("analyzer.analyze", (signal) => functions.analyze(posting, view, signal), unreachable)
    return yield* check(result)
  })
  return Layer.succeed(Analyzer.Analyzer, Analyzer.Analyzer.of({ analyze }))
}

/** The PostingSource service over plain functions. */
export const postingSource = (functions: PostingSourceFunctions): Layer.Layer<PostingSource.PostingSource> => {
  const check = checked("postingSource.fetch", Posting.Posting)
  const fetch = Effect.fn("EmbeddedPostingSource.fetch")(function*(url: string) {
    const result = yield* attempt("postingSource.fetch", (signal) => functions.fetch(url, signal), refused)
    return yield* check(result)
  })
  const read = functions.read
  const readText = read === undefined ? undefined : Effect.fn("EmbeddedPostingSource.read")(function*(
    url: string,
    text: string
  ) {
    const result = yield* attempt("postingSource.read", (signal) => read(url, text, signal), unreachable)
    return yield* check(result)
  })
  return Layer.succeed(
    PostingSource.PostingSource,
    PostingSource.PostingSource.of(readText === undefined ? { fetch } : { fetch, read: readText })
  )
}

const CvDocument = Schema.Struct({ content: Schema.String, resume: Profile.Resume })

type CvInput = Parameters<typeof CvWriter.CvWriter.Service["write"]>[0]

/** The CvWriter service over plain functions. */
export const cvWriter = (functions: CvWriterFunctions): Layer.Layer<CvWriter.CvWriter> => {
  const check = checked("cvWriter.write", CvDocument)
  const write = Effect.fn("EmbeddedCvWriter.write")(function*(input: CvInput) {
    const profile = yield* profileView(input.profile)
    const job = yield* Effect.orDie(encodeJob({ ...input.job.job, analysis: input.job.analysis }))
    const result = yield* attempt(
      "cvWriter.write",
      (signal) => functions.write({ profile, job, format: input.format }, signal),
      () => Option.none<never>()
    )
    return yield* check(result)
  })
  return Layer.succeed(CvWriter.CvWriter, CvWriter.CvWriter.of({ write }))
}
