import { Context, Effect, Layer } from "effect"

/** Where the command writes: stdout carries results (one JSON document with --json), stderr everything else. */
export class Output extends Context.Tag("@jobfit/cli/Output")<Output, {
  readonly stdout: (text: string) => Effect.Effect<void>
  readonly stderr: (text: string) => Effect.Effect<void>
}>() {}

/** The process's own streams. */
export const layer = Layer.succeed(
  Output,
  Output.of({
    stdout: (text) => Effect.sync(() => void process.stdout.write(text)),
    stderr: (text) => Effect.sync(() => void process.stderr.write(text))
  })
)
