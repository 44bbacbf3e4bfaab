import { NodeRuntime } from "@effect/platform-node"
import { Server } from "@jobfit/host"
import { Console, Effect } from "effect"

// A failure to start is one line on stderr and exit code 1; runMain's own report would add a stack trace.
Server.serve().pipe(
  Effect.tapError((error) => Console.error(`jobfit: ${error.message}`)),
  NodeRuntime.runMain({ disableErrorReporting: true, disablePrettyLogger: true })
)
