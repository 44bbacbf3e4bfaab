import { Effect, Option, Stream } from "effect"
import { type Context, McpServer } from "./McpServer.js"

/**
 * MCP over newline-delimited JSON (the stdio transport): each line in is one message, each reply one line out.
 * Requests run concurrently, as JSON-RPC allows; replies carry their ids. Ends when the input ends.
 */
export const serve = <E, R>(
  input: Stream.Stream<string, E, R>,
  write: (line: string) => Effect.Effect<void>,
  context: Context
) =>
  Effect.flatMap(McpServer, (server) =>
    input.pipe(
      Stream.splitLines,
      Stream.filter((line) => line.trim().length > 0),
      Stream.mapEffect(
        (line) => server.handle(line, { ...context, notify: (message) => write(JSON.stringify(message)) }),
        { concurrency: 8, unordered: true }
      ),
      Stream.runForEach(Option.match({
        onNone: () => Effect.void,
        onSome: (reply) => write(JSON.stringify(reply.body))
      }))
    ))
