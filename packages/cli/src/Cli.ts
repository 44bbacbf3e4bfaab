import {
  type AccountStore,
  Admin,
  type Analyzer,
  type Credentials,
  type JobStore,
  type Ledger,
  type PostingSource,
  Server,
  type Transactor,
  type Vouchers
} from "@jobfit/core"
import { Cause, Effect, Layer, Logger, LogLevel } from "effect"
import * as CommandLine from "./CommandLine.js"
import * as Commands from "./Commands.js"
import * as Failure from "./Failure.js"
import * as Help from "./Help.js"
import { Output } from "./Output.js"

export type Stores =
  | AccountStore.AccountStore
  | JobStore.JobStore
  | Ledger.Ledger
  | Transactor.Transactor
  | Credentials.Credentials
  | Vouchers.Vouchers

/** What the commands run on; main.ts picks the real layers, tests their own. */
export interface Environment {
  /** The store; built only by the commands that need it, so `--help` and usage errors never open a database. */
  readonly store: Layer.Layer<Stores, unknown>
  /** The posting fetcher and analyzer of `analyze`. */
  readonly analyzer: Layer.Layer<Analyzer.Analyzer | PostingSource.PostingSource, unknown>
  /** Serves the HTTP app until interrupted. */
  readonly serve: Effect.Effect<void, unknown>
  /** Serves MCP on stdin/stdout until stdin closes. */
  readonly mcp: Effect.Effect<void, unknown>
}

const execute = Effect.fn("Cli.execute")(function*(invocation: CommandLine.Invocation, env: Environment) {
  const store = Layer.catchAllCause(env.store, (cause) => Layer.fail(Failure.storeFailure(cause)))
  const admin = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.provide(effect, Admin.Admin.Default.pipe(Layer.provideMerge(store)))
  switch (invocation.name) {
    case "serve":
      return yield* Effect.as(env.serve, undefined)
    case "mcp":
      return yield* Effect.as(env.mcp, undefined)
    case "users create":
      return yield* admin(Commands.usersCreate(invocation.values))
    case "keys create":
      return yield* admin(Commands.keysCreate(invocation.values))
    case "keys list":
      return yield* admin(Commands.keysList(invocation.values))
    case "keys update":
      return yield* admin(Commands.keysUpdate(invocation.values))
    case "keys revoke":
      return yield* admin(Commands.keysRevoke(invocation.values))
    case "users password-reset":
      return yield* admin(Commands.usersPasswordReset(invocation.values))
    case "vouchers create":
      return yield* admin(Commands.vouchersCreate(invocation.values))
    case "credits add":
      return yield* admin(Commands.creditsAdd(invocation.values))
    case "profile set":
      return yield* admin(Commands.profileSet(invocation.values))
    case "jobs seed":
      return yield* admin(Commands.jobsSeed(invocation.values))
    case "analyze":
      return yield* Effect.provide(Commands.analyze(invocation.values), env.analyzer)
  }
})

const json = (value: unknown): string => `${JSON.stringify(value)}\n`

// The stdio MCP server's stdout is the protocol: its failures go to stderr only, even with --json.
const writesErrorJson = (parsed: CommandLine.Parsed): boolean =>
  parsed.json && !(parsed.request._tag === "Right" && parsed.request.right._tag === "Run" &&
    parsed.request.right.invocation.name === "mcp")

/**
 * Runs one command line and returns the process's exit code. Results go to stdout (one JSON document with --json);
 * a failure is one `jobfit: <message>` line on stderr, plus `{"error": {code, message}}` on stdout with --json.
 */
export const run = Effect.fn("Cli.run")(
  function*(argv: ReadonlyArray<string>, env: Environment) {
    const out = yield* Output
    const parsed = CommandLine.parse(argv)
    const program = Effect.gen(function*() {
      const request = yield* parsed.request
      switch (request._tag) {
        case "Help":
          return yield* out.stdout(
            request.command === undefined ? Help.general(Server.info.version) : Help.command(request.command)
          )
        case "Version":
          return yield* out.stdout(
            parsed.json
              ? json({ name: Server.info.name, version: Server.info.version })
              : `jobfit ${Server.info.version}\n`
          )
        case "Run": {
          const quiet = request.invocation.name === "serve" ? LogLevel.Info : LogLevel.Warning
          const result = yield* execute(request.invocation, env).pipe(Logger.withMinimumLogLevel(quiet))
          if (result !== undefined) yield* out.stdout(parsed.json ? json(result.json) : `${result.text}\n`)
        }
      }
    })
    return yield* program.pipe(
      Effect.as(0),
      Effect.catchAllCause((cause) => {
        if (Cause.isInterruptedOnly(cause)) return Effect.interrupt
        const report = Failure.report(cause)
        return Effect.all([
          out.stderr(`jobfit: ${report.message}\n`),
          writesErrorJson(parsed)
            ? out.stdout(json({ error: { code: report.code, message: report.message } }))
            : Effect.void
        ]).pipe(Effect.as(report.exitCode))
      })
    )
  },
  // Logs never reach stdout, which carries results (and, for mcp, the protocol).
  Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger)))
)
