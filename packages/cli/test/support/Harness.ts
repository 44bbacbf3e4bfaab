import { NodeFileSystem } from "@effect/platform-node"
import { Cli, Output } from "@jobfit/cli"
import { Analyzer, PostingSource } from "@jobfit/core"
import { Effect, Layer, Schema } from "effect"
import { execFile, spawn as spawnChild } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

/** What one command line did. */
export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** A temporary folder for a test file; `remove` is for its afterAll. */
export const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-cli-"))
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

/** Writes a file in `dir` and returns its path. */
export const writeFile = (dir: string, name: string, content: string): string => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, content)
  return file
}

/** The environment main.ts builds, with the store given; serve is not run in-process. */
export const environment = (store: Cli.Environment["store"]): Cli.Environment => ({
  store,
  analyzer: Layer.merge(Analyzer.layerUnavailable, PostingSource.layerUnavailable),
  serve: Effect.die("serve is tested as a process"),
  mcp: Effect.die("mcp is tested as a process")
})

/** Runs a command line in this process, the same way main.ts does, capturing what it prints. */
export const runIn = (env: Cli.Environment) => (...argv: ReadonlyArray<string>): Effect.Effect<Run> =>
  Effect.suspend(() => {
    let stdout = ""
    let stderr = ""
    const capture = Layer.succeed(
      Output.Output,
      Output.Output.of({
        stdout: (text) => Effect.sync(() => void (stdout += text)),
        stderr: (text) => Effect.sync(() => void (stderr += text))
      })
    )
    return Cli.run(argv, env).pipe(
      Effect.provide([capture, NodeFileSystem.layer]),
      Effect.map((code) => ({ code, stdout, stderr }))
    )
  })

const root = path.resolve(import.meta.dirname, "../../../..")
const main = path.join(root, "apps/cli/src/main.ts")

/** Runs the real CLI as a child process (`node --import tsx apps/cli/src/main.ts ...`), as `pnpm jobfit` does. */
export const spawn = (argv: ReadonlyArray<string>, env: Record<string, string> = {}): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", main, ...argv],
      { cwd: root, env: { ...process.env, NO_COLOR: "1", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1
        resolve({ code, stdout, stderr })
      }
    )
  })

/** A running `jobfit serve`: its address, and `stop` to send SIGTERM and wait for the exit. */
export interface Serving {
  readonly url: string
  readonly stop: () => Promise<Run>
}

/** Starts `jobfit serve` and waits for its "Listening on" log line (on stderr). */
export const serve = (env: Record<string, string>): Promise<Serving> =>
  new Promise((resolve, reject) => {
    const child = spawnChild(process.execPath, ["--import", "tsx", main, "serve"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1", ...env }
    })
    let stdout = ""
    let stderr = ""
    const exited = new Promise<Run>((done) => child.on("exit", (code) => done({ code: code ?? -1, stdout, stderr })))
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`serve did not start: ${stderr}`))
    }, 90_000)
    child.stdout.on("data", (chunk) => void (stdout += String(chunk)))
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk)
      const listening = /Listening on (http:\/\/[^\s"]+)/.exec(stderr)
      if (listening) {
        clearTimeout(timer)
        resolve({ url: listening[1]!, stop: () => (child.kill("SIGTERM"), exited) })
      }
    })
    void exited.then((run) => {
      clearTimeout(timer)
      reject(new Error(`serve exited early: ${run.stderr}`))
    })
  })

/** Parses stdout as exactly one JSON document on one line (no logs, nothing else). */
export const onlyJson = (run: Run): unknown => {
  const lines = run.stdout.split("\n")
  if (lines.length !== 2 || lines[1] !== "") throw new Error(`expected one line of JSON on stdout, got: ${run.stdout}`)
  return JSON.parse(lines[0]!)
}

/** The `{"error": {code, message}}` document of a failed --json command. */
export const errorOf = (run: Run): { readonly code: unknown; readonly message: unknown } => {
  const document = onlyJson(run)
  if (typeof document !== "object" || document === null || !("error" in document)) {
    throw new Error(`expected an error document, got: ${run.stdout}`)
  }
  const error = document.error
  if (typeof error !== "object" || error === null || !("code" in error) || !("message" in error)) {
    throw new Error(`expected {code, message}, got: ${run.stdout}`)
  }
  return { code: error.code, message: error.message }
}

/** One line on stderr, `jobfit: ...`, with no stack trace. */
export const isOneErrorLine = (run: Run): boolean =>
  /^jobfit: [^\n]+\n$/.test(run.stderr) && !/\n\s+at /.test(run.stderr)

/** Decodes the one JSON document on stdout; a field more or less than the schema names fails the test. */
export const decodeJson = <A, I>(schema: Schema.Schema<A, I>, run: Run): A =>
  Schema.decodeUnknownSync(schema, { onExcessProperty: "error" })(onlyJson(run))

/** The keys of a JSON object, in order. */
export const keysOf = (u: unknown): ReadonlyArray<string> => (typeof u === "object" && u !== null ? Object.keys(u) : [])
