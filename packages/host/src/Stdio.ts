import { NodeStream } from "@effect/platform-node"
import { LineTransport } from "@jobfit/mcp"
import { Config, Effect, Logger, Redacted, Stream } from "effect"
import * as Server from "./Server.js"

/** The key every message is sent with: JOBFIT_API_KEY. There is no keyless mode; the key's scopes apply. */
export const ApiKey = Config.redacted(Config.nonEmptyString("JOBFIT_API_KEY"))

// stdout carries the protocol, so logs go to stderr.
export const StderrLogger = Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))

const writeLine = (line: string) =>
  Effect.async<void>((resume) => {
    process.stdout.write(`${line}\n`, () => resume(Effect.void))
  })

/** Serves MCP on stdin/stdout until stdin closes, on the Gateway built from `options` (the server's defaults). */
export const run = (options: Server.Options = {}) =>
  Effect.gen(function*() {
    const key = yield* ApiKey
    const input = NodeStream.stdin.pipe(Stream.decodeText())
    yield* LineTransport.serve(input, writeLine, {
      caller: { authorization: `Bearer ${Redacted.value(key)}`, client: "stdio" }
    })
  }).pipe(Effect.provide(Server.layerGateway(options)))
