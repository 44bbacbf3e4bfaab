import { Data, Duration, Effect } from "effect"
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

/** The repository's root: children run from there so that `--import tsx` resolves. */
export const root = path.resolve(import.meta.dirname, "..", "..")

/** What a server child sends its parent over IPC once it listens. */
interface Ready {
  readonly _tag: "Ready"
  readonly url: string
}

const isReady = (message: unknown): message is Ready =>
  typeof message === "object" && message !== null && "_tag" in message && message._tag === "Ready" &&
  "url" in message && typeof message.url === "string"

/** In a child: tells the parent where it listens (a no-op when started by hand, without an IPC channel). */
export const ready = (url: string) =>
  Effect.sync(() => {
    if (process.send) process.send({ _tag: "Ready", url } satisfies Ready)
    else process.stderr.write(`listening on ${url}\n`)
  })

/** In a child: a required environment variable, or a defect naming it. */
export const env = (name: string) =>
  Effect.suspend(() => {
    const value = process.env[name]
    return value === undefined || value === "" ? Effect.dieMessage(`${name} is not set`) : Effect.succeed(value)
  })

export class ChildFailed extends Data.TaggedError("ChildFailed")<{ readonly message: string }> {}

export interface Started {
  readonly name: string
  readonly url: string
  readonly child: ChildProcess
}

export interface Spec {
  readonly name: string
  /** The entry, relative to the repository root. */
  readonly entry: string
  readonly env: Record<string, string>
  /** Extra node options (for example --cpu-prof), placed before the entry. */
  readonly nodeArgs?: ReadonlyArray<string>
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

/** Stops a child: SIGTERM, then SIGKILL after `grace`; resolves when it has exited. */
const stop = (child: ChildProcess, grace: Duration.DurationInput) =>
  Effect.async<void>((resume) => {
    if (exited(child)) return resume(Effect.void)
    const timer = setTimeout(() => child.kill("SIGKILL"), Duration.toMillis(grace))
    child.once("exit", () => {
      clearTimeout(timer)
      resume(Effect.void)
    })
    child.kill("SIGTERM")
  })

/**
 * Starts a server process (node with tsx's loader) and waits for its Ready message; stopped when the scope closes.
 * Its stdout goes nowhere (an access log there costs the server the same as in production, and the parent nothing);
 * its stderr is kept for the failure message.
 */
export const start = (spec: Spec) =>
  Effect.gen(function*() {
    let stderr = ""
    const child = yield* Effect.acquireRelease(
      Effect.sync(() => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", ...(spec.nodeArgs ?? []), spec.entry],
          { cwd: root, env: { ...process.env, ...spec.env }, stdio: ["ignore", "ignore", "pipe", "ipc"] }
        )
        child.stderr?.on("data", (chunk: Buffer) => {
          if (stderr.length < 20_000) stderr += chunk.toString("utf8")
        })
        return child
      }),
      (child) => stop(child, "10 seconds")
    )
    const url = yield* Effect.async<string, ChildFailed>((resume) => {
      child.on("message", (message) => {
        if (isReady(message)) resume(Effect.succeed(message.url))
      })
      child.once("exit", (code, signal) =>
        resume(Effect.fail(new ChildFailed({ message: `${spec.name} exited (${code ?? signal}) before listening` }))))
    }).pipe(
      Effect.timeoutFail({
        duration: "30 seconds",
        onTimeout: () =>
          new ChildFailed({ message: `${spec.name} did not listen within 30 seconds` })
      }),
      Effect.mapError((error) =>
        new ChildFailed({ message: `${error.message}\n${stderr}` })
      )
    )
    // Not needed after start-up; a closed channel lets the child exit on its own.
    child.disconnect()
    return { name: spec.name, url, child } satisfies Started
  })

/** Stops a started child now (rather than at the end of the scope), e.g. so that it writes its CPU profile. */
export const stopNow = (started: Started) => stop(started.child, "10 seconds")

/** /proc reports times in USER_HZ ticks, which Linux fixes at 100 a second for user space. */
const USER_HZ = 100

/**
 * CPU time (user + system, every thread) a child has used so far, in milliseconds, from /proc/<pid>/stat; undefined
 * where there is no /proc. Per request, it is a steadier figure than req/s on a machine shared with other work.
 */
export const cpuMillis = (started: Started): number | undefined => {
  try {
    const stat = fs.readFileSync(`/proc/${started.child.pid}/stat`, "utf8")
    // Fields after the command name (which may hold spaces) in parentheses; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? ticks * (1000 / USER_HZ) : undefined
  } catch {
    return undefined
  }
}

/** What `run` gave and the CPU milliseconds the child spent meanwhile (undefined where there is no /proc). */
export const cpuDuring = async <A>(
  started: Started,
  run: () => Promise<A>
): Promise<{ readonly value: A; readonly cpu: number | undefined }> => {
  const before = cpuMillis(started)
  const value = await run()
  const after = cpuMillis(started)
  return { value, cpu: before === undefined || after === undefined ? undefined : after - before }
}

/**
 * Pins every thread of a process (V8's GC helpers too) to one core with taskset, where there are two cores or more
 * and taskset exists; whether it did.
 */
export const pin = (pid: number | undefined, core: number): boolean => {
  if (pid === undefined || os.cpus().length < 2) return false
  try {
    execFileSync("taskset", ["-a", "-p", "-c", String(core), String(pid)], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
}
