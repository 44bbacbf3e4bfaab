/**
 * `pnpm bench:compare --base DIR`: this checkout's server against another checkout's (a `git worktree` of an older
 * commit, installed), in one run, taking turns second by second under the same load. On a shared machine whose speed
 * drifts by a factor of two within minutes, two runs of `bench:http` cannot tell a 20% change; turns of a few seconds
 * can. Prints each server's CPU per request per turn and the ratio of this checkout's to the base's, turn by turn.
 */
import { Console, Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { parseArgs } from "node:util"
import * as Child from "./Child.js"
import * as Fixture from "./Fixture.js"
import * as Load from "./Load.js"

const usage = `pnpm bench:compare --base DIR [options]

get_saved_jobs {"limit":10} (1,000 jobs, SQLite) from this checkout's server and from DIR's (another checkout of
the repository with its dependencies installed, e.g. \`git worktree add /tmp/base <commit> && (cd /tmp/base && pnpm
install --frozen-lockfile --offline)\`), and from raw node:http + better-sqlite3, in turns.

  --base DIR        the other checkout                               (required)
  --route R         rest (POST /api/mcp/tools/call) or mcp (/api/mcp) (default rest)
  --turns N         turns per server                                 (default 12)
  --seconds S       seconds per turn                                 (default 2)
  --connections N   keep-alive workers                               (default 50)
  --help`

const args = parseArgs({
  options: {
    base: { type: "string" },
    route: { type: "string", default: "rest" },
    turns: { type: "string", default: "12" },
    seconds: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    help: { type: "boolean", default: false }
  },
  strict: true
}).values

const fail = (message: string): never => {
  process.stderr.write(`${message}\n\n${usage}\n`)
  process.exit(2)
}

const whole = (name: string, text: string, max: number) => {
  const n = Number(text)
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fail(`--${name} must be a whole number from 1 to ${max}`)
}

const route = args.route === "rest" || args.route === "mcp" ? args.route : fail("--route must be rest or mcp")
const turns = whole("turns", args.turns, 100)
const seconds = whole("seconds", args.seconds, 60)
const connections = whole("connections", args.connections, 512)

const median = (values: ReadonlyArray<number>) => Load.percentile([...values].sort((a, b) => a - b), 50)

const program = Effect.gen(function*() {
  if (args.help) return yield* Console.log(usage)
  const base = args.base === undefined ? fail("--base is required") : path.resolve(args.base)
  const entry = path.join(base, "bench", "src", "JobfitServer.ts")
  if (!fs.existsSync(entry)) return fail(`${entry} does not exist`)
  const database = yield* Fixture.tempDatabase
  const context = yield* Layer.build(Fixture.gatewayLayer(database, "sqlite"))
  const { key, text } = yield* Effect.provide(Fixture.expectedPage(1000), context)
  const expected: Load.Expected = { text }
  const env = { BENCH_DATABASE: database, BENCH_STORE: "sqlite", BENCH_ACCESS_LOG: "1" }
  const servers = yield* Effect.all([
    Child.start({ name: "this checkout", entry: "bench/src/JobfitServer.ts", env }),
    Child.start({ name: "base", entry, env }),
    Child.start({
      name: "raw+sqlite",
      entry: "bench/src/RawServer.ts",
      env: { BENCH_RAW: "sqlite", BENCH_DATABASE: database }
    })
  ], { concurrency: 3 })
  const pinned = servers.every((s) => Child.pin(s.child.pid, 1)) && Child.pin(process.pid, 0)
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    authorization: `Bearer ${key}`
  }
  const targets = servers.map((server, i) => {
    const kind = i === 2 ? "rest" : route
    const url = `${server.url}${kind === "rest" ? "/api/mcp/tools/call" : "/api/mcp"}`
    return { server, client: Load.client({ name: server.name, url, headers, kind }, connections) }
  })
  yield* Console.log(
    `${route} route, ${turns} turns of ${seconds} s each, ${connections} connections; ` +
      (pinned ? "servers pinned to core 1, load to core 0" : "not pinned")
  )
  for (const { client, server } of targets) {
    const failure = yield* Effect.promise(() => Load.once(client, expected))
    if (failure !== undefined) return yield* Effect.dieMessage(`${server.name} answers wrongly: ${failure.message}`)
    yield* Effect.promise(() => Load.phase(client, connections, 5, expected))
  }
  const perTurn = targets.map(() => [] as Array<number>)
  for (let turn = 0; turn < turns; turn++) {
    for (const [i, { client, server }] of targets.entries()) {
      const { cpu, value: sample } = yield* Effect.promise(() =>
        Child.cpuDuring(server, () => Load.phase(client, connections, seconds, expected))
      )
      if (sample.errors > 0) return yield* Effect.dieMessage(`${server.name}: ${sample.errors} wrong answers`)
      if (cpu === undefined) return yield* Effect.dieMessage("no /proc to read CPU time from")
      perTurn[i]!.push(cpu / Math.max(sample.ok, 1))
    }
  }
  yield* Console.log("\nCPU ms per request, turn by turn")
  for (const [i, { server }] of targets.entries()) {
    yield* Console.log(
      `${server.name.padEnd(14)} median ${median(perTurn[i]!).toFixed(3)}   ${
        perTurn[i]!.map((x) => x.toFixed(2)).join(" ")
      }`
    )
  }
  const ratios = perTurn[0]!.map((x, turn) => x / perTurn[1]![turn]!)
  yield* Console.log(
    `\nthis checkout / base, per turn: median ${median(ratios).toFixed(3)}   ` +
      [...ratios].sort((a, b) => a - b).map((x) => x.toFixed(2)).join(" ")
  )
  yield* Effect.promise(() => Promise.all(targets.map((t) => Load.close(t.client))))
})

Effect.runPromise(Effect.scoped(program)).then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${String(error)}\n`)
    process.exit(1)
  }
)
