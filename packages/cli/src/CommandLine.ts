import { Either, Schema } from "effect"

/** A command line that does not fit any command: exit code 2, code USAGE. */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", {
  message: Schema.String
}) {}

interface OptionSpec {
  readonly required: boolean
  readonly placeholder: string
  readonly description: string
}

interface CommandSpec {
  readonly summary: string
  readonly args: ReadonlyArray<string>
  readonly options: Readonly<Record<string, OptionSpec>>
}

const required = (placeholder: string, description: string) => ({ required: true, placeholder, description }) as const
const optional = (placeholder: string, description: string) => ({ required: false, placeholder, description }) as const

const email = required("E", "the user's email address")

/** Every command, by its words; the help text and the parser both read this table. */
export const commands = {
  "serve": {
    summary: "Run the HTTP server (REST, MCP over HTTP, dashboard)",
    args: [],
    options: {}
  },
  "mcp": { summary: "Run the stdio MCP server (key: JOBFIT_API_KEY)", args: [], options: {} },
  "users create": {
    summary: "Create a user",
    args: [],
    options: { email, name: optional("N", "display name (default: the part of the email before @)") }
  },
  "keys create": {
    summary: "Create an API key; prints it, this once only",
    args: [],
    options: {
      email,
      scopes: required("a,b", "comma-separated scopes"),
      name: optional("N", "a name to recognise the key by (default: default)")
    }
  },
  "keys list": { summary: "List a user's API keys (never the secrets)", args: [], options: { email } },
  "keys update": {
    summary: "Replace an API key's scopes",
    args: [],
    options: { id: required("ID", "the key's id"), scopes: required("a,b", "comma-separated scopes") }
  },
  "keys revoke": { summary: "Revoke an API key", args: [], options: { id: required("ID", "the key's id") } },
  "users password-reset": {
    summary: "Print a link that sets the password (1 hour, once)",
    args: [],
    options: { email }
  },
  "vouchers create": {
    summary: "Make voucher codes for the dashboard's credits page",
    args: [],
    options: {
      cents: required("N", "whole cents each, 1 to 100000000"),
      count: optional("K", "how many codes, 1 to 1000 (default 1)"),
      note: optional("T", "why they were made, kept with each code")
    }
  },
  "credits add": {
    summary: "Grant credits in cents (1 credit = 1 cent)",
    args: [],
    options: { email, cents: required("N", "whole cents, 1 to 100000000") }
  },
  "profile set": {
    summary: "Set a user's profile from a JSON file",
    args: [],
    options: { email, file: required("PATH", "a JSON Resume document, or {\"resume\": ..., \"preferences\": ...}") }
  },
  "analyze": {
    summary: "Analyse a posting locally (no server, no credits)",
    args: ["URL"],
    options: {
      profile: required("PATH", "a JSON Resume document, or {\"resume\": ..., \"preferences\": ...}"),
      "text-file": optional(
        "PATH",
        "the posting's text (plain text or HTML, at most 200 KB), for a page behind a sign-in: read instead of fetching URL"
      )
    }
  },
  "jobs seed": {
    summary: "Store N synthetic analysed jobs (no network)",
    args: [],
    options: { email, count: required("N", "how many, 1 to 100000") }
  }
} as const satisfies Record<string, CommandSpec>

export type Name = keyof typeof commands

type RequiredKeys<O> = { [K in keyof O]: O[K] extends { readonly required: true } ? K : never }[keyof O]
type OptionValues<O> =
  & { readonly [K in RequiredKeys<O>]: string }
  & { readonly [K in Exclude<keyof O, RequiredKeys<O>>]?: string }
type ArgValues<A extends ReadonlyArray<string>> = { readonly [K in A[number]]: string }

/** The values a command receives: its options by name, its positional arguments by placeholder. */
export type Values<N extends Name> =
  & OptionValues<(typeof commands)[N]["options"]>
  & ArgValues<(typeof commands)[N]["args"]>

export type Invocation = { readonly [N in Name]: { readonly name: N; readonly values: Values<N> } }[Name]

/** What a command line asks for. */
export type Request =
  | { readonly _tag: "Help"; readonly command: Name | undefined }
  | { readonly _tag: "Version" }
  | { readonly _tag: "Run"; readonly invocation: Invocation }

/** A parsed line; `json` is read even from a line that fails to parse, for the error's form. */
export interface Parsed {
  readonly json: boolean
  readonly request: Either.Either<Request, UsageError>
}

/** The command names, in the order the help lists them. */
export const names = Object.keys(commands).filter((key): key is Name => key in commands)
const groups = new Set(names.filter((name) => name.includes(" ")).map((name) => name.split(" ")[0]!))

interface Scan {
  json: boolean
  help: boolean
  version: boolean
  words: Array<string>
  /** Single-dash words before any `--`: never a command word or argument here. */
  stray: Array<string>
  options: Array<{ readonly name: string; readonly value: string | undefined }>
}

const scan = (argv: ReadonlyArray<string>): Scan => {
  const out: Scan = { json: false, help: false, version: false, words: [], stray: [], options: [] }
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!
    if (token === "--") {
      out.words.push(...argv.slice(i + 1))
      break
    }
    if (token === "--json") out.json = true
    else if (token === "--help" || token === "-h") out.help = true
    else if (token === "--version") out.version = true
    else if (token.startsWith("--")) {
      const eq = token.indexOf("=")
      if (eq > 0) {
        out.options.push({ name: token.slice(2, eq), value: token.slice(eq + 1) })
      } else {
        // A value may start with a single dash (`--cents -5`), never with two.
        const next = argv[i + 1]
        const value = next !== undefined && !next.startsWith("--") ? next : undefined
        if (value !== undefined) i++
        out.options.push({ name: token.slice(2), value })
      }
    } else if (token.startsWith("-") && token.length > 1) out.stray.push(token)
    else out.words.push(token)
  }
  return out
}

const findCommand = (words: ReadonlyArray<string>): Either.Either<Name, UsageError> => {
  const two = names.find((name) => name === `${words[0]} ${words[1]}`)
  if (two !== undefined) return Either.right(two)
  const one = names.find((name) => name === words[0])
  if (one !== undefined) return Either.right(one)
  const first = words[0]!
  if (groups.has(first)) {
    const subs = names.filter((name) => name.startsWith(`${first} `)).map((name) => name.slice(first.length + 1))
    const what = words[1] === undefined ? `"${first}" needs a subcommand` : `unknown command "${first} ${words[1]}"`
    return Either.left(new UsageError({ message: `${what}: one of ${subs.join(", ")}` }))
  }
  return Either.left(new UsageError({ message: `unknown command "${first}"; run jobfit --help for the list` }))
}

const bind = (name: Name, scanned: Scan): Either.Either<Invocation, UsageError> => {
  const spec: CommandSpec = commands[name]
  const fail = (message: string) => Either.left(new UsageError({ message }))
  const values: Record<string, string> = {}
  for (const option of scanned.options) {
    const known = spec.options[option.name]
    if (known === undefined) return fail(`unknown option --${option.name} for "${name}"; see jobfit ${name} --help`)
    if (option.value === undefined) return fail(`--${option.name} needs a value (${known.placeholder})`)
    if (option.name in values) return fail(`--${option.name} is given more than once`)
    values[option.name] = option.value
  }
  for (const [option, { placeholder, required }] of Object.entries(spec.options)) {
    if (required && !(option in values)) return fail(`"${name}" needs --${option} ${placeholder}`)
  }
  const stray = scanned.stray[0]
  if (stray !== undefined) return fail(`unknown option ${stray} for "${name}"`)
  const positionals = scanned.words.slice(name.split(" ").length)
  for (const [index, arg] of spec.args.entries()) {
    const value = positionals[index]
    if (value === undefined) return fail(`"${name}" needs ${arg}`)
    values[arg] = value
  }
  const extra = positionals[spec.args.length]
  if (extra !== undefined) return fail(`unexpected argument "${extra}" for "${name}"`)
  // The one boundary: the loops above checked `values` against the spec that `Values<name>` is computed from.
  return Either.right({ name, values } as Invocation)
}

/** Reads a command line (without the node and script paths). Pure: nothing is printed or run. */
export const parse = (argv: ReadonlyArray<string>): Parsed => {
  const scanned = scan(argv)
  const request = ((): Either.Either<Request, UsageError> => {
    if (scanned.words.length === 0) {
      if (scanned.version) return Either.right({ _tag: "Version" })
      if (scanned.help) return Either.right({ _tag: "Help", command: undefined })
      return Either.left(new UsageError({ message: "no command given; run jobfit --help for the list" }))
    }
    return Either.flatMap(findCommand(scanned.words), (name): Either.Either<Request, UsageError> =>
      scanned.help
        ? Either.right({ _tag: "Help", command: name })
        : Either.map(bind(name, scanned), (invocation) => ({ _tag: "Run", invocation })))
  })()
  return { json: scanned.json, request }
}
