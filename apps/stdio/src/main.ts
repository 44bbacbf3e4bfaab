import { NodeRuntime } from "@effect/platform-node"
import { StartError, Stdio } from "@jobfit/host"
import { Console, Effect } from "effect"

// Nothing but JSON-RPC goes to stdout; a failure to start is one line on stderr and exit code 1.
Stdio.run().pipe(
  Effect.catchAllCause((cause) =>
    Effect.zipRight(
      Console.error(`jobfit mcp: ${StartError.fromCause(cause).message}`),
      Effect.sync(() => void (process.exitCode = 1))
    )
  ),
  Effect.provide(Stdio.StderrLogger),
  NodeRuntime.runMain({ disableErrorReporting: true, disablePrettyLogger: true })
)
