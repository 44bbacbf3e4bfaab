import { Effect, Schema } from "effect"
import { execFile } from "node:child_process"
import * as path from "node:path"

const root = path.resolve(import.meta.dirname, "../../..")
const script = path.join(import.meta.dirname, "fixtures", "migrate.ts")

const Output = Schema.parseJson(Schema.Struct({ ran: Schema.Int }))

const migrateOnce = (url: string) =>
  Effect.async<string, Error>((resume) => {
    const args = ["--import", "tsx", script, url]
    const child = execFile(process.execPath, args, { cwd: root, timeout: 60_000 }, (error, stdout, stderr) =>
      resume(error ? Effect.fail(new Error(`${error.message}\n${stderr}`)) : Effect.succeed(stdout)))
    return Effect.sync(() =>
      child.kill()
    )
  })

/** Starts `count` processes that each build the store on `url` (and so migrate) at the same time. */
export const migrateInProcesses = (url: string, count: number) =>
  Effect.forEach(
    Array.from({ length: count }, () => url),
    // Logs share stdout with the result; the result is the last line.
    (target) =>
      Effect.flatMap(migrateOnce(target), (out) => Schema.decodeUnknown(Output)(out.trim().split("\n").pop())),
    { concurrency: "unbounded" }
  )
