import { NodeFileSystem, NodeRuntime } from "@effect/platform-node"
import { Cli, Output } from "@jobfit/cli"
import { Effect, Layer } from "effect"

// The store and the server are loaded on demand: --help and usage errors need neither driver nor HTTP stack.
const environment: Cli.Environment = {
  store: Layer.unwrapEffect(
    Effect.map(Effect.promise(() => import("@jobfit/store-sql")), ({ SqlStore }) => SqlStore.layerConfig)
  ),
  analyzer: Layer.unwrapEffect(
    Effect.map(Effect.promise(() => import("@jobfit/analyzer")), ({ Builtin }) => Builtin.layer)
  ),
  serve: Effect.flatMap(Effect.promise(() => import("@jobfit/host")), ({ Server }) => Server.serve()),
  mcp: Effect.flatMap(
    Effect.promise(() => import("@jobfit/host")),
    ({ StartError, Stdio }) =>
      Stdio.run().pipe(Effect.catchAllCause((cause) => Effect.fail(StartError.fromCause(cause))))
  )
}

Cli.run(process.argv.slice(2), environment).pipe(
  Effect.flatMap((code) => Effect.sync(() => void (process.exitCode = code))),
  Effect.provide([Output.layer, NodeFileSystem.layer]),
  NodeRuntime.runMain({ disableErrorReporting: true, disablePrettyLogger: true })
)
