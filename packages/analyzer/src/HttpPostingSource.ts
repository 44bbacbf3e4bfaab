import { Errors, PostingSource } from "@jobfit/core"
import { ConfigError, Duration, Effect, Either, Layer } from "effect"
import { Agent } from "undici"
import { boardFor } from "./extract/Boards.js"
import { notAPosting } from "./extract/Draft.js"
import { extract, extractBoard, extractGiven } from "./extract/Extract.js"
import { AllowConfig, type FetchOptions, resolve, type ResolvedOptions } from "./fetch/FetchOptions.js"
import { guardedConnector } from "./fetch/GuardedConnector.js"
import * as SafeFetcher from "./fetch/SafeFetcher.js"
import { checkUrl } from "./fetch/UrlPolicy.js"

const unreachable = (message: string) => new Errors.PostingUnreachable({ message })

const makeFetch = (get: SafeFetcher.Get, options: ResolvedOptions) =>
  Effect.fn("PostingSource.fetch")(
    function*(url: string) {
      const board = boardFor(yield* checkUrl(url, options.allow), options.boardApis)
      if (board !== undefined) {
        yield* Effect.annotateCurrentSpan({ board: board.name })
        const answer = yield* get(board.apiUrl, board.accept)
        return yield* Either.mapLeft(extractBoard(board, url, answer.text), unreachable)
      }
      const page = yield* get(url)
      return yield* Either.mapLeft(extract(url, page.mediaType, page.text), (why) =>
        unreachable(
          why === notAPosting(url)
            ? `${why}; if the posting is on that page behind a sign-in or a script, pass its text as posting_text`
            : why
        ))
    },
    Effect.timeoutFail({
      duration: options.timeout,
      onTimeout: () => unreachable(`The posting did not load within ${Duration.format(options.timeout)}`)
    })
  )

/** A posting from text the user gave: no fetch, the URL kept as its identity. */
export const read = Effect.fn("PostingSource.read")(function*(url: string, text: string) {
  return yield* Either.mapLeft(extractGiven(url, text), unreachable)
})

const agentFor = Effect.fn("HttpPostingSource.agent")(function*(options: ResolvedOptions) {
  const ms = Duration.toMillis(options.timeout)
  return yield* Effect.acquireRelease(
    Effect.sync(() =>
      new Agent({ connect: guardedConnector(options.allow, options.resolver, ms), headersTimeout: ms, bodyTimeout: ms })
    ),
    (agent) =>
      Effect.promise(() => agent.close()).pipe(
        Effect.timeout("2 seconds"),
        Effect.orElse(() => Effect.promise(() => agent.destroy()))
      )
  )
})

/** A PostingSource over HTTP with the given allow-list, timeout, size cap and board API bases (tests, embedders). */
export const layerWith = (
  options: FetchOptions = {}
): Layer.Layer<PostingSource.PostingSource, ConfigError.ConfigError> =>
  Layer.scoped(
    PostingSource.PostingSource,
    Effect.gen(function*() {
      const resolved = yield* Either.mapLeft(resolve(options), (message) => ConfigError.InvalidData(["allow"], message))
      const agent = yield* agentFor(resolved)
      return PostingSource.PostingSource.of({ fetch: makeFetch(SafeFetcher.make(agent, resolved), resolved), read })
    })
  )

/** The PostingSource the apps use: safe defaults, plus `JOBFIT_FETCH_ALLOW` for local testing. */
export const layer: Layer.Layer<PostingSource.PostingSource, ConfigError.ConfigError> = Layer.unwrapEffect(
  Effect.map(AllowConfig, (allow) => layerWith({ allow }))
)
