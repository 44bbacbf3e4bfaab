/**
 * `pnpm bench:http`: the whole request, as a client waits for it, against floors measured in the same run.
 *
 *   jobfit REST   POST /api/mcp/tools/call   the server as `pnpm start` runs it (SQLite, access log on, limits off)
 *   jobfit MCP    POST /api/mcp tools/call
 *   raw REST/MCP  node:http, the key in a Map, the body parsed and validated, a fixed page serialised  (RawServer.ts)
 *   raw+sqlite    node:http + better-sqlite3: the same two queries, prepared                          (RawServer.ts)
 *   sdk static    the official MCP SDK's stateless server answering the page from memory, JSON bodies (SdkServer.ts)
 *   sdk tuned     the same, tuned as its docs allow: one JSON Schema validator shared by the per-request servers
 *
 * Every server is its own process on 127.0.0.1; the load comes from this one (undici, keep-alive). With taskset
 * and two cores, the servers run on core 1 and the load on core 0. Every answer is checked against the page the
 * Gateway gives in this process; any failure makes the exit code 1.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import * as Child from "./Child.js"
import * as Fixture from "./Fixture.js"
import * as Load from "./Load.js"
import * as Profile from "./Profile.js"

const usage = `pnpm bench:http [options]

get_saved_jobs {"limit":10} for a key whose user has --jobs jobs, over jobfit's REST and MCP routes and over the
floors (raw node:http, raw node:http + better-sqlite3, the official MCP SDK answering from memory).

  --connections N   concurrent keep-alive workers per target       (default 50)
  --warmup S        warm-up seconds per target, then up to 30 s more
                    until its CPU per request settles              (default 5)
  --duration S      measured seconds per target, over all rounds   (default 10)
  --rounds N        the targets take turns N times                 (default 3)
  --jobs N          seeded jobs                                    (default 1000)
  --quick           warm-up 1 s, 2 s measured, 1 round (a smoke run)
  --store KIND      sqlite: jobfit reads the seeded file (default); cached: the file once and memory after
                    (Fixture.cachedStore), the ceiling of a request whose store costs nothing
  --profile         write a CPU profile of the jobfit server (node --cpu-prof) and print where its time went
  --help`

const args = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "5" },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    jobs: { type: "string", default: "1000" },
    quick: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    store: { type: "string", default: "sqlite" },
    help: { type: "boolean", default: false }
  },
  strict: true
}).values

const whole = (name: string, text: string, min: number, max: number) => {
  const n = Number(text)
  if (!Number.isInteger(n) || n < min || n > max) {
    process.stderr.write(`--${name} must be a whole number from ${min} to ${max}\n\n${usage}\n`)
    process.exit(2)
  }
  return n
}

const storeKind = (text: string): "sqlite" | "cached" => {
  if (text === "sqlite" || text === "cached") return text
  process.stderr.write(`--store must be sqlite or cached\n\n${usage}\n`)
  return process.exit(2)
}

const options = {
  connections: whole("connections", args.connections, 1, 512),
  warmup: args.quick ? 1 : whole("warmup", args.warmup, 0, 60),
  duration: args.quick ? 2 : whole("duration", args.duration, 1, 300),
  rounds: args.quick ? 1 : whole("rounds", args.rounds, 1, 20),
  jobs: whole("jobs", args.jobs, 10, 100_000),
  profile: args.profile,
  store: storeKind(args.store)
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "-")

/**
 * More warm-up, one second at a time, until the server's CPU per request settles (two seconds in a row within 10%
 * of each other) or 30 s have passed; the seconds it took. The jobfit and SDK servers run through far more code than
 * the raw floors, and on a slow machine their JIT takes tens of seconds: a fixed warm-up measured them half-warm.
 */
const settle = (client: Load.Client, child: Child.Started, expected: Load.Expected) =>
  Effect.promise(async () => {
    if (args.quick) return 0
    let last = Infinity
    for (let second = 1; second <= 30; second++) {
      const { cpu, value: sample } = await Child.cpuDuring(
        child,
        () => Load.phase(client, options.connections, 1, expected)
      )
      if (cpu === undefined || options.warmup === 0) return second
      const perRequest = cpu / Math.max(sample.ok, 1)
      if (Number.isFinite(last) && Math.abs(perRequest - last) <= 0.1 * last) return second
      last = perRequest
    }
    return 30
  })

const program = Effect.gen(function*() {
  if (args.help) return yield* Console.log(usage)
  const startedAt = Date.now()
  const database = yield* Fixture.tempDatabase
  const context = yield* Layer.build(Fixture.gatewayLayer(database, "sqlite"))
  const { key, text } = yield* Effect.provide(Fixture.expectedPage(options.jobs), context)
  const expected: Load.Expected = { text }
  yield* Console.log(`seeded ${options.jobs} jobs; get_saved_jobs {limit: 10} answers ${text.length} bytes`)

  // The SDK's server answering the page from memory in JSON, untuned or with `tuning`.
  const sdkServer = (name: string, tuning: Record<string, string>) =>
    Child.start({
      name,
      entry: "bench/src/SdkServer.ts",
      env: {
        BENCH_DATABASE: database,
        BENCH_STORE: "sqlite",
        BENCH_KEY: key,
        BENCH_SDK_WORK: "static",
        BENCH_SDK_RESPONSE: "json",
        ...tuning
      }
    })
  const profileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-bench-http-prof-")) : undefined
  const [jobfit, raw, rawSql, sdk, sdkTuned] = yield* Effect.all([
    Child.start({
      name: "jobfit",
      entry: "bench/src/JobfitServer.ts",
      env: { BENCH_DATABASE: database, BENCH_STORE: options.store, BENCH_ACCESS_LOG: "1" },
      nodeArgs: profileDir === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", profileDir]
    }),
    Child.start({
      name: "raw",
      entry: "bench/src/RawServer.ts",
      env: { BENCH_RAW: "map", BENCH_KEY: key, BENCH_PAGE: text }
    }),
    Child.start({
      name: "raw+sqlite",
      entry: "bench/src/RawServer.ts",
      env: { BENCH_RAW: "sqlite", BENCH_DATABASE: database }
    }),
    sdkServer("sdk", {}),
    sdkServer("sdk tuned", { BENCH_SDK_VALIDATOR: "shared" })
  ], { concurrency: 5 })
  const pinned = [jobfit, raw, rawSql, sdk, sdkTuned].every((c) => Child.pin(c.child.pid, 1)) &&
    Child.pin(process.pid, 0)

  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${key}`
  }
  const targets = [
    { child: jobfit, target: { name: "jobfit REST", url: `${jobfit.url}/api/mcp/tools/call`, headers, kind: "rest" } },
    { child: jobfit, target: { name: "jobfit MCP", url: `${jobfit.url}/api/mcp`, headers, kind: "mcp" } },
    { child: raw, target: { name: "raw REST", url: `${raw.url}/api/mcp/tools/call`, headers, kind: "rest" } },
    { child: raw, target: { name: "raw MCP", url: `${raw.url}/api/mcp`, headers, kind: "mcp" } },
    {
      child: rawSql,
      target: { name: "raw+sqlite REST", url: `${rawSql.url}/api/mcp/tools/call`, headers, kind: "rest" }
    },
    { child: sdk, target: { name: "sdk static MCP", url: sdk.url, headers, kind: "mcp" } },
    { child: sdkTuned, target: { name: "sdk tuned MCP", url: sdkTuned.url, headers, kind: "mcp" } }
  ] as const
  const clients = yield* Effect.acquireRelease(
    Effect.sync(() => targets.map((t) => Load.client(t.target, options.connections))),
    (clients) => Effect.promise(() => Promise.all(clients.map(Load.close)))
  )
  yield* Console.log(
    `${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s measured per target in ` +
      `${options.rounds} rounds; ${pinned ? "servers pinned to core 1, load to core 0" : "not pinned"}` +
      (options.store === "cached" ? "; jobfit's store answers from memory" : "")
  )

  const warmed: Array<string> = []
  for (const client of clients) {
    const failure = yield* Effect.promise(() => Load.once(client, expected))
    if (failure !== undefined) {
      return yield* Effect.dieMessage(`${client.target.name} answers wrongly (${failure.kind}): ${failure.message}`)
    }
    if (options.warmup > 0) {
      yield* Effect.promise(() => Load.phase(client, options.connections, options.warmup, expected))
    }
    const settled = yield* settle(client, targets.find((t) => t.target.name === client.target.name)!.child, expected)
    warmed.push(`${client.target.name} ${settled} s`)
  }
  yield* Console.log(`warm-up until the CPU per request settled: ${warmed.join(", ")}`)
  const samples = targets.map(() => [] as Array<Load.Sample>)
  const windows: Array<Profile.Window> = []
  const cpu = targets.map(() => 0 as number | undefined)
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, client] of clients.entries()) {
      const start = Profile.now()
      const phase = yield* Effect.promise(() =>
        Child.cpuDuring(
          targets[i]!.child,
          () => Load.phase(client, options.connections, options.duration / options.rounds, expected)
        )
      )
      samples[i]!.push(phase.value)
      if (targets[i]!.child === jobfit) windows.push([start, Profile.now()])
      const sofar = cpu[i]
      cpu[i] = sofar === undefined || phase.cpu === undefined ? undefined : sofar + phase.cpu
    }
  }

  const results = targets.map((t, i) => {
    const merged = Load.merge(samples[i]!)
    const spent = cpu[i]
    return {
      ...Load.summarize(t.target.name, merged),
      cpuPerRequest: spent === undefined ? NaN : spent / merged.ok,
      merged
    }
  })
  yield* Console.log("\ntarget             req/s    p50 ms   p99 ms   cpu ms/req   ok        errors")
  for (const r of results) {
    yield* Console.log(
      `${r.name.padEnd(16)} ${fixed(r.rps).padStart(7)}   ${fixed(r.p50, 2).padStart(6)}   ${
        fixed(r.p99, 2).padStart(6)
      }` +
        `   ${fixed(r.cpuPerRequest, 3).padStart(10)}   ${String(r.ok).padEnd(9)} ${r.errors}`
    )
    for (const [kind, { count, first }] of r.merged.kinds) {
      yield* Console.error(`${r.name}: ${count} x ${kind}: ${first}`)
    }
  }
  const by = (name: string) => results.find((r) => r.name === name)!
  const ratio = (a: string, b: string) =>
    `${fixed(by(a).rps / by(b).rps, 3)}x req/s, ${fixed(by(b).cpuPerRequest / by(a).cpuPerRequest, 3)}x cpu`
  yield* Console.log("\nratios (jobfit / floor; 1.0 is the floor):")
  yield* Console.log(`  jobfit REST / raw REST          ${ratio("jobfit REST", "raw REST")}`)
  yield* Console.log(`  jobfit REST / raw+sqlite REST   ${ratio("jobfit REST", "raw+sqlite REST")}`)
  yield* Console.log(`  jobfit MCP  / raw MCP           ${ratio("jobfit MCP", "raw MCP")}`)
  yield* Console.log(`  jobfit MCP  / sdk static MCP    ${ratio("jobfit MCP", "sdk static MCP")} (untuned)`)
  yield* Console.log(`  jobfit MCP  / sdk tuned MCP     ${ratio("jobfit MCP", "sdk tuned MCP")} (one shared validator)`)
  if (profileDir !== undefined) {
    yield* Child.stopNow(jobfit)
    const file = Profile.mainThreadIn(profileDir)
    yield* Console.log(
      `\n${
        file === undefined ? "jobfit: no profile written" : Profile.format("jobfit", Profile.summarize(file, windows))
      }`
    )
  }
  const errors = results.reduce((n, r) => n + r.errors, 0)
  yield* Console.log(`\nerrors ${errors}; run ${fixed((Date.now() - startedAt) / 1000, 1)} s`)
  if (errors > 0) return yield* Effect.dieMessage(`${errors} responses were not the expected success`)
})

program.pipe(
  Effect.scoped,
  Effect.timeoutFail({ duration: "10 minutes", onTimeout: () => new Error("the benchmark took over 10 minutes") }),
  NodeRuntime.runMain({ disablePrettyLogger: true })
)
