import { Config, ConfigError, Duration, Either } from "effect"
import { type BoardApis, publicBoardApis } from "../extract/Boards.js"
import { type AllowList, allowNothing, parseAllowList } from "./AddressPolicy.js"
import { type Resolver, systemResolver } from "./GuardedConnector.js"

/** How postings are fetched; every field has a safe default. */
export interface FetchOptions {
  /** Hosts, addresses and CIDR ranges that may be fetched although they are not public (local testing). */
  readonly allow?: ReadonlyArray<string>
  readonly timeout?: Duration.DurationInput
  readonly maxBytes?: number
  readonly maxRedirects?: number
  readonly boardApis?: Partial<BoardApis>
  readonly userAgent?: string
  /** Replaces DNS, for tests of names that resolve to forbidden addresses. */
  readonly resolver?: Resolver
}

export interface ResolvedOptions {
  readonly allow: AllowList
  readonly timeout: Duration.Duration
  readonly maxBytes: number
  readonly maxRedirects: number
  readonly boardApis: BoardApis
  readonly userAgent: string
  readonly resolver: Resolver
}

export const defaultUserAgent = "jobfit/0.1 (+https://github.com/jobfit)"

/** Fills the defaults: 10 s in all, 2 MB, 5 redirects, nothing but public addresses. */
export const resolve = (options: FetchOptions): Either.Either<ResolvedOptions, string> => {
  const allow = options.allow === undefined ? allowNothing : parseAllowList(options.allow)
  if (typeof allow === "string") return Either.left(allow)
  return Either.right({
    allow,
    timeout: Duration.decode(options.timeout ?? "10 seconds"),
    maxBytes: options.maxBytes ?? 2 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    boardApis: { ...publicBoardApis, ...options.boardApis },
    userAgent: options.userAgent ?? defaultUserAgent,
    resolver: options.resolver ?? systemResolver
  })
}

/** `JOBFIT_FETCH_ALLOW`: a comma list of hosts, addresses or CIDR ranges; empty (nothing extra) by default. */
export const AllowConfig: Config.Config<ReadonlyArray<string>> = Config.string("JOBFIT_FETCH_ALLOW").pipe(
  Config.withDefault(""),
  Config.mapOrFail((text) => {
    const entries = text.split(",").map((entry) => entry.trim()).filter((entry) => entry.length > 0)
    const parsed = parseAllowList(entries)
    return typeof parsed === "string"
      ? Either.left(ConfigError.InvalidData(["JOBFIT_FETCH_ALLOW"], parsed))
      : Either.right(entries)
  })
)
