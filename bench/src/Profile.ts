import * as fs from "node:fs"
import * as path from "node:path"

/** The parts of a V8 .cpuprofile (what `node --cpu-prof` writes) this summary reads. */
interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
    readonly children?: ReadonlyArray<number>
  }>
  readonly startTime: number
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

const isCpuProfile = (u: unknown): u is CpuProfile =>
  typeof u === "object" && u !== null && "nodes" in u && Array.isArray(u.nodes) && "startTime" in u &&
  typeof u.startTime === "number" && "samples" in u &&
  Array.isArray(u.samples) && "timeDeltas" in u && Array.isArray(u.timeDeltas)

/** Where a frame's code lives: an npm package, one of ours, a node: module, or a V8 pseudo-frame. */
export const groupOf = (functionName: string, url: string): string => {
  if (url === "") return functionName.startsWith("(") ? functionName : `(native) ${functionName || "anonymous"}`
  if (url.startsWith("node:")) return url.split("/")[0]!
  const modules = url.lastIndexOf("/node_modules/")
  if (modules !== -1) {
    const parts = url.slice(modules + "/node_modules/".length).split("/")
    return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!
  }
  const ours = /\/(packages|apps|bench)\/([^/]+)\//.exec(url)
  if (ours) return ours[1] === "bench" ? "bench" : `@jobfit/${ours[2]}`
  return url
}

export interface Line {
  readonly name: string
  readonly percent: number
}

export interface Summary {
  readonly file: string
  /** Milliseconds the process was busy (not idle) over the profile. */
  readonly busyMs: number
  readonly groups: ReadonlyArray<Line>
  readonly functions: ReadonlyArray<Line>
  /** Self time by source file (module), which splits a package such as effect into its parts. */
  readonly files: ReadonlyArray<Line>
}

/** A frame's file, shortened: the path inside its package (or the repository), or the pseudo-frame's name. */
const fileOf = (functionName: string, url: string): string => {
  if (url === "") return functionName === "" ? "(native) anonymous" : functionName
  const modules = url.lastIndexOf("/node_modules/")
  if (modules !== -1) return url.slice(modules + "/node_modules/".length).replace("/dist/esm/", "/")
  const ours = /\/((?:packages|apps|bench)\/.*)$/.exec(url)
  return ours ? ours[1]! : url
}

/** A span of time on the system's monotonic clock, in microseconds (`process.hrtime.bigint() / 1000n`). */
export type Window = readonly [start: number, end: number]

/** Now on the clock V8 stamps profile samples with (CLOCK_MONOTONIC, shared by every process on the machine). */
export const now = (): number => Number(process.hrtime.bigint() / 1000n)

/**
 * Self time by group and by function, as shares of the busy (non-idle) time; only samples inside `windows` count
 * when some are given (the measured phases, leaving out start-up and the other server's turns).
 */
export const summarize = (file: string, windows: ReadonlyArray<Window> = [], top = 15): Summary => {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"))
  if (!isCpuProfile(parsed)) throw new Error(`${file} is not a CPU profile`)
  const byId = new Map(parsed.nodes.map((node) => [node.id, node]))
  const self = new Map<number, number>()
  const inside = (t: number) => windows.length === 0 || windows.some(([start, end]) => t >= start && t <= end)
  let t = parsed.startTime
  parsed.samples.forEach((id, i) => {
    const delta = parsed.timeDeltas[i] ?? 0
    t += delta
    if (inside(t)) self.set(id, (self.get(id) ?? 0) + delta)
  })
  let busy = 0
  const groups = new Map<string, number>()
  const functions = new Map<string, number>()
  const files = new Map<string, number>()
  for (const [id, micros] of self) {
    const frame = byId.get(id)!.callFrame
    if (frame.functionName === "(idle)") continue
    busy += micros
    const group = groupOf(frame.functionName, frame.url)
    groups.set(group, (groups.get(group) ?? 0) + micros)
    const name = `${frame.functionName || "anonymous"} (${group}${
      frame.url === "" ? "" : `:${path.basename(frame.url)}:${frame.lineNumber + 1}`
    })`
    functions.set(name, (functions.get(name) ?? 0) + micros)
    const module = fileOf(frame.functionName, frame.url)
    files.set(module, (files.get(module) ?? 0) + micros)
  }
  const lines = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, micros]) => ({
      name,
      percent: (100 * micros) / busy
    }))
  return {
    file,
    busyMs: busy / 1000,
    groups: lines(groups),
    functions: lines(functions),
    files: lines(files)
  }
}

export const format = (title: string, summary: Summary): string => {
  const table = (lines: ReadonlyArray<Line>) =>
    lines.map((line) => `  ${line.percent.toFixed(1).padStart(5)}%  ${line.name}`).join("\n")
  return [
    `${title}: ${summary.file} (busy ${(summary.busyMs / 1000).toFixed(1)} s)`,
    " self time by package:",
    table(summary.groups),
    " self time by function:",
    table(summary.functions),
    " self time by file:",
    table(summary.files)
  ].join("\n")
}

/**
 * The main thread's .cpuprofile in a folder. Node names them CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile;
 * thread 0 is the main thread (tsx's module hooks run on another one, which profiles only the loading).
 */
export const mainThreadIn = (dir: string): string | undefined =>
  fs.readdirSync(dir)
    .filter((name) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(name))
    .map((name) => path.join(dir, name))[0]
