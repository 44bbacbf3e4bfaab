import { Effect } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import * as path from "node:path"

/** The repository's root, where `pnpm start` runs. */
export const root = path.resolve(import.meta.dirname, "..", "..")

/** What `pnpm start` runs: the server bundled into one JavaScript file, rebuilt first when a source changed. */
const command = [process.execPath, ["apps/server/scripts/start.mjs"]] as const

/** The environment of a started server: ours without any JOBFIT_ setting, plus `env`. */
const environment = (env: Record<string, string>): NodeJS.ProcessEnv => {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("JOBFIT_")))
  return { ...base, ...env }
}

export interface Started {
  readonly child: ChildProcess
  readonly stdout: () => string
  readonly stderr: () => string
}

/** Starts the server app as a process, stopped (SIGTERM, then SIGKILL) when the scope closes. */
export const start = (env: Record<string, string>) =>
  Effect.acquireRelease(
    Effect.sync((): Started => {
      const child = spawn(command[0], command[1], { cwd: root, env: environment(env), stdio: "pipe" })
      let stdout = ""
      let stderr = ""
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")))
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
      return { child, stdout: () => stdout, stderr: () => stderr }
    }),
    ({ child }) =>
      Effect.async<void>((resume) => {
        if (child.exitCode !== null || child.signalCode !== null) return resume(Effect.void)
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000)
        child.once("exit", () => {
          clearTimeout(timer)
          resume(Effect.void)
        })
        child.kill("SIGTERM")
      })
  )

/** Waits until the process exits, giving its exit code. */
export const exitCode = (started: Started) =>
  Effect.async<number | null>((resume) => {
    if (started.child.exitCode !== null) return resume(Effect.succeed(started.child.exitCode))
    started.child.once("exit", (code) => resume(Effect.succeed(code)))
  })

/** Waits for the "Listening on http://host:port" log line and gives the base URL. */
export const listening = (started: Started) =>
  Effect.gen(function*() {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const found = /Listening on (http:\/\/[\d.]+:\d+)/.exec(started.stdout())
      if (found) return found[1]!
      if (started.child.exitCode !== null) break
      yield* Effect.sleep("100 millis")
    }
    return yield* Effect.dieMessage(`the server did not start:\n${started.stdout()}\n${started.stderr()}`)
  })
