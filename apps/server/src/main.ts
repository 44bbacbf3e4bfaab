import { NodeRuntime } from "@effect/platform-node"
import { Runtime, Server } from "@jobfit/host"
import { Console, Effect } from "effect"

// A failure to start is one line on stderr and exit code 1; runMain's own report would add a stack trace. The
// access log goes to stdout in batches, one line per request (JSON, or logfmt on a terminal: JOBFIT_LOG_FORMAT).
Server.serve().pipe(
  Effect.tapError((error) => Console.error(`jobfit: ${error.message}`)),
  Effect.provide(Runtime.logger),
  NodeRuntime.runMain({ disableErrorReporting: true, disablePrettyLogger: true })
)
