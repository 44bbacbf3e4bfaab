import { Config, ConfigError, Either, Option, Redacted } from "effect"

/** Where the store lives: a PostgreSQL server, or a SQLite file. */
export type DatabaseUrl =
  | { readonly _tag: "Postgres"; readonly url: string }
  | { readonly _tag: "Sqlite"; readonly filename: string }

export const variable = "JOBFIT_DATABASE_URL"

/** The embedded default when JOBFIT_DATABASE_URL is unset or empty. */
export const defaultFilename = "./.jobfit/jobfit.db"

// Two letters at least, so that a Windows drive (C:\data\jobfit.db) reads as a path.
const schemeOf = (text: string): Option.Option<string> =>
  Option.map(Option.fromNullable(/^([a-zA-Z][a-zA-Z0-9+.-]+):/.exec(text)), (match) => match[1]!.toLowerCase())

// `sqlite:///abs/path` and `file:///abs/path` are spelled with an empty authority; drop it.
const pathAfter = (text: string, scheme: string): string => {
  const rest = text.slice(scheme.length + 1)
  return rest.startsWith("//") ? rest.slice(2) : rest
}

/**
 * `postgres://` or `postgresql://` select PostgreSQL; `sqlite:PATH`, `file:PATH` or a plain path is a SQLite
 * file; nothing (or only blanks) is the default file. Any other scheme is refused. The message never repeats
 * the URL, which may hold a password.
 */
export const parse = (text: string | undefined): Either.Either<DatabaseUrl, string> => {
  const trimmed = text?.trim() ?? ""
  if (trimmed === "") return Either.right({ _tag: "Sqlite", filename: defaultFilename })
  const scheme = schemeOf(trimmed)
  if (Option.isNone(scheme)) return Either.right({ _tag: "Sqlite", filename: trimmed })
  switch (scheme.value) {
    case "postgres":
    case "postgresql":
      return Either.right({ _tag: "Postgres", url: trimmed })
    case "sqlite":
    case "file": {
      const filename = pathAfter(trimmed, scheme.value)
      return filename === ""
        ? Either.left(`${variable} has no file path after ${scheme.value}:; use ${scheme.value}:PATH`)
        : Either.right({ _tag: "Sqlite", filename })
    }
    default:
      return Either.left(
        `${variable} uses the unsupported scheme ${scheme.value}:; ` +
          "use postgres://..., postgresql://..., sqlite:PATH, file:PATH or a file path"
      )
  }
}

/** JOBFIT_DATABASE_URL, read through Config (kept Redacted until parsed); a bad value is a ConfigError naming it. */
export const config: Config.Config<DatabaseUrl> = Config.option(Config.redacted(variable)).pipe(
  Config.mapOrFail((value) =>
    Either.mapLeft(
      parse(Option.getOrUndefined(Option.map(value, Redacted.value))),
      (message) => ConfigError.InvalidData([variable], message)
    )
  )
)
