import { NodeRuntime } from "@effect/platform-node"
import { Console, Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { parseArgs } from "node:util"
import * as Child from "./Child.js"
import * as Fixture from "./Fixture.js"
import * as Floor from "./Floor.js"
import * as Load from "./Load.js"
import * as Profile from "./Profile.js"

const usage = `pnpm bench:mcp [options]

MCP tools/call get_saved_jobs {limit: 10} throughput: jobfit's POST /api/mcp against the official SDK's stateless
streamable HTTP server, each in its own process on 127.0.0.1, loaded from this process.

  --connections N     concurrent workers (keep-alive connections) per server   (default 16)
  --warmup S          warm-up seconds per server, not measured                  (default 5)
  --duration S        measured seconds per server                               (default 10)
  --rounds N          the measured time is split into N alternating rounds      (default 2)
  --jobs N            seeded jobs                                               (default 500)
  --store S           sqlite: both servers read the SQLite file on every call (default);
                      cached: both read it once, then answer the key and the page from memory, so that
                      what differs is the MCP/HTTP layer (the Gateway's own checks, decoding, encoding stay)
  --sdk-work W        gateway: the SDK tool runs Gateway.call like ours (default, fair);
                      static: it answers a precomputed page (no auth, no database: the SDK's ceiling)
  --sdk-response R    sse: the SDK's default answer, as in its stateless example (default); json: enableJsonResponse
  --quiet-log         drop jobfit's access log (default: kept, as \`pnpm start\` runs; it goes to /dev/null)
  --profile           write CPU profiles of both servers (node --cpu-prof) and summarise them; slows both a little
  --min-ratio X       exit 1 when jobfit/SDK is below X (default: report only)
  --help`

const parse = () =>
  parseArgs({
    options: {
      connections: { type: "string", default: "16" },
      warmup: { type: "string", default: "5" },
      duration: { type: "string", default: "10" },
      rounds: { type: "string", default: "2" },
      jobs: { type: "string", default: "500" },
      store: { type: "string", default: "sqlite" },
      "sdk-work": { type: "string", default: "gateway" },
      "sdk-response": { type: "string", default: "sse" },
      "quiet-log": { type: "boolean", default: false },
      profile: { type: "boolean", default: false },
      "min-ratio": { type: "string" },
      help: { type: "boolean", default: false }
    },
    strict: true
  }).values

const number = (name: string, text: string, min: number, max: number) => {
  const n = Number(text)
  if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} must be a number from ${min} to ${max}`)
  return n
}
const oneOf = <A extends string>(name: string, text: string, allowed: ReadonlyArray<A>): A => {
  const found = allowed.find((a) => a === text)
  if (found === undefined) throw new Error(`--${name} must be one of ${allowed.join(", ")}`)
  return found
}

const parseOptions = (args: ReturnType<typeof parse>) => ({
  connections: number("connections", args.connections, 1, 512),
  warmup: number("warmup", args.warmup, 0, 60),
  duration: number("duration", args.duration, 1, 120),
  rounds: number("rounds", args.rounds, 1, 20),
  jobs: number("jobs", args.jobs, 10, 100_000),
  store: oneOf("store", args.store, ["sqlite", "cached"] as const),
  sdkWork: oneOf("sdk-work", args["sdk-work"], ["gateway", "static"] as const),
  sdkResponse: oneOf("sdk-response", args["sdk-response"], ["sse", "json"] as const),
  minRatio: args["min-ratio"] === undefined ? undefined : number("min-ratio", args["min-ratio"], 0, 1000),
  help: args.help,
  quietLog: args["quiet-log"],
  profile: args.profile
})

const options = (() => {
  try {
    return parseOptions(parse())
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${usage}\n`)
    return process.exit(2)
  }
})()

const fixed = (n: number, digits = 0) => n.toFixed(digits)

/** Seeds the database and computes, through the Gateway itself, the page every response must carry. */
const prepare = Effect.map(Fixture.expectedPage(options.jobs), ({ key, text }) => ({
  key,
  expected: { text } satisfies Load.Expected
}))

/** One server's measured rounds: the load samples, their time spans, and the server's CPU time over them. */
interface Measured {
  readonly samples: Array<Load.Sample>
  readonly windows: Array<Profile.Window>
  /** Undefined where the CPU time cannot be read (no /proc). */
  cpuMs: number | undefined
}

const program = Effect.gen(function*() {
  if (options.help) return yield* Console.log(usage)
  const startedAt = Date.now()
  const database = yield* Fixture.tempDatabase
  // This process keeps a Gateway on the file too: it seeds, gives the expected page, and measures Gateway.call alone.
  const context = yield* Layer.build(Fixture.gatewayLayer(database, options.store))
  const { expected, key } = yield* Effect.provide(prepare, context)
  yield* Console.log(
    `seeded ${options.jobs} jobs in ${database}; get_saved_jobs {limit: 10} answers ${expected.text.length} bytes`
  )

  const profileDir = options.profile ? fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-bench-prof-")) : undefined
  const profiling = (name: string) =>
    profileDir === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", path.join(profileDir, name)]
  const [ours, sdk] = yield* Effect.all([
    Child.start({
      name: "jobfit",
      entry: "bench/src/JobfitServer.ts",
      env: { BENCH_DATABASE: database, BENCH_STORE: options.store, BENCH_ACCESS_LOG: options.quietLog ? "0" : "1" },
      nodeArgs: profiling("jobfit")
    }),
    Child.start({
      name: "sdk",
      entry: "bench/src/SdkServer.ts",
      env: {
        BENCH_DATABASE: database,
        BENCH_STORE: options.store,
        BENCH_KEY: key,
        BENCH_SDK_WORK: options.sdkWork,
        BENCH_SDK_RESPONSE: options.sdkResponse
      },
      nodeArgs: profiling("sdk")
    })
  ], { concurrency: 2 })

  const common = { "content-type": "application/json", accept: "application/json, text/event-stream" }
  // The SDK side gets the key too: in gateway mode its tool authenticates it exactly as ours does.
  const headers = { ...common, authorization: `Bearer ${key}` }
  const servers = [
    { child: ours, target: { name: "jobfit", url: `${ours.url}/api/mcp`, headers } },
    { child: sdk, target: { name: "sdk", url: sdk.url, headers } }
  ] as const
  const clients = yield* Effect.acquireRelease(
    Effect.sync(() => servers.map((server) => Load.client(server.target, options.connections))),
    (clients) => Effect.promise(() => Promise.all(clients.map(Load.close)))
  )
  yield* Console.log(
    `jobfit ${servers[0].target.url} | sdk ${
      servers[1].target.url
    } (store: ${options.store}, sdk work: ${options.sdkWork}, response: ` +
      `${options.sdkResponse}) | ${options.connections} connections, ${options.warmup} s warm-up + ` +
      `${options.duration} s measured each in ${options.rounds} rounds${options.profile ? ", CPU profiling on" : ""}`
  )

  // One checked request each first: a wrong answer stops the run before any timing.
  for (const client of clients) {
    const failure = yield* Effect.promise(() => Load.once(client, expected))
    if (failure !== undefined) {
      return yield* Effect.dieMessage(`${client.target.name} answers wrongly (${failure.kind}): ${failure.message}`)
    }
  }
  for (const client of clients) {
    if (options.warmup > 0) {
      yield* Effect.promise(() => Load.phase(client, options.connections, options.warmup, expected))
    }
  }
  const measured: Array<Measured> = servers.map(() => ({ samples: [], windows: [], cpuMs: 0 }))
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, client] of clients.entries()) {
      const into = measured[i]!
      const start = Profile.now()
      const phase = yield* Effect.promise(() =>
        Child.cpuDuring(
          servers[i]!.child,
          () => Load.phase(client, options.connections, options.duration / options.rounds, expected)
        )
      )
      into.samples.push(phase.value)
      into.cpuMs = into.cpuMs === undefined || phase.cpu === undefined ? undefined : into.cpuMs + phase.cpu
      into.windows.push([start, Profile.now()])
    }
  }
  const floor = yield* Effect.provide(Floor.measure(key, expected, options.connections, 2), context)

  const summaries = servers.map((server, i) => {
    const merged = Load.merge(measured[i]!.samples)
    const cpuMs = measured[i]!.cpuMs
    return {
      ...Load.summarize(server.target.name, merged),
      cpuPerRequest: cpuMs === undefined ? NaN : cpuMs / merged.ok
    }
  })
  const [jobfit, sdkSummary] = [summaries[0]!, summaries[1]!]
  const errors = summaries.reduce((n, s) => n + s.errors, 0) + floor.errors
  yield* Console.log("\nserver    req/s    p50 ms   p99 ms   cpu ms/req   ok       errors")
  for (const s of summaries) {
    yield* Console.log(
      `${s.name.padEnd(8)} ${fixed(s.rps).padStart(6)}   ${fixed(s.p50, 2).padStart(6)}   ${
        fixed(s.p99, 2).padStart(6)
      }` +
        `   ${fixed(s.cpuPerRequest, 2).padStart(10)}   ${String(s.ok).padEnd(8)} ${s.errors}`
    )
  }
  yield* Console.log(
    `gateway  ${fixed(floor.perSecond).padStart(6)}        -        -   ${fixed(floor.cpuPerCall, 2).padStart(10)}   ` +
      `${String(floor.ok).padEnd(8)} ${floor.errors}   (Gateway.call in-process: the work below any transport)`
  )
  for (const [i, server] of servers.entries()) {
    for (const [kind, { count, first }] of Load.merge(measured[i]!.samples).kinds) {
      yield* Console.error(`${server.target.name}: ${count} x ${kind}, first: ${first}`)
    }
  }

  if (profileDir !== undefined) {
    yield* Effect.forEach(servers, (server) => Child.stopNow(server.child), { concurrency: 2 })
    for (const [i, server] of servers.entries()) {
      const name = server.target.name
      const file = Profile.mainThreadIn(path.join(profileDir, name))
      yield* Console.log(
        "\n" + (file === undefined
          ? `${name}: no profile written`
          : Profile.format(name, Profile.summarize(file, measured[i]!.windows)))
      )
    }
  }

  const ratio = jobfit.rps / sdkSummary.rps
  yield* Console.log(
    `\ncpu per request: jobfit ${fixed(jobfit.cpuPerRequest, 2)} ms, sdk ${fixed(sdkSummary.cpuPerRequest, 2)} ms ` +
      `(ratio ${fixed(sdkSummary.cpuPerRequest / jobfit.cpuPerRequest, 2)}x); Gateway.call alone ` +
      `${fixed(floor.cpuPerCall, 2)} ms; latency jobfit p50 ${fixed(jobfit.p50, 2)} / p99 ${
        fixed(jobfit.p99, 2)
      } ms, ` +
      `sdk p50 ${fixed(sdkSummary.p50, 2)} / p99 ${fixed(sdkSummary.p99, 2)} ms; errors ${errors}; ` +
      `run ${fixed((Date.now() - startedAt) / 1000, 1)} s`
  )
  yield* Console.log(
    `mcp get_saved_jobs: jobfit ${fixed(jobfit.rps)} req/s, sdk ${fixed(sdkSummary.rps)} req/s, ratio ${
      fixed(ratio, 2)
    }x`
  )
  if (errors > 0) return yield* Effect.dieMessage(`${errors} responses were not the expected success`)
  if (options.minRatio !== undefined && ratio < options.minRatio) {
    return yield* Effect.dieMessage(`ratio ${fixed(ratio, 2)}x is below --min-ratio ${options.minRatio}`)
  }
})

// Bounded: whatever happens, the run ends (children stopped by the scope) within three minutes.
program.pipe(
  Effect.scoped,
  Effect.timeoutFail({ duration: "3 minutes", onTimeout: () => new Error("the benchmark took over 3 minutes") }),
  NodeRuntime.runMain({ disablePrettyLogger: true })
)
