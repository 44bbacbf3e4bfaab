/**
 * `pnpm bench:memory`: the server as `pnpm start` runs it, its resident memory just started, at rest (30 s after
 * starting), after 10,000 mixed requests (REST and MCP tool calls, fresh and cached analyses of real pages, CVs, bad
 * bodies, 10,000-deep JSON, bad keys, unknown paths, Idempotency-Keys, docs and metrics pages) and at rest again 30 s
 * later; on SQLite, and on PostgreSQL
 * when JOBFIT_TEST_DATABASE_URL (or the default local one) answers. BENCH_REQUESTS changes the count.
 */
import { Seed } from "@jobfit/cli"
import { Admin, Scope } from "@jobfit/core"
import { SqlStore, TestDatabases } from "@jobfit/store-sql"
import { Effect, Layer, Logger } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { root } from "./Child.js"

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000)
const CONCURRENCY = 16
const postings = path.join(root, "packages/analyzer/test/fixtures/postings")
const pages = ["jsonld-plain.html", "jsonld-graph.html", "noisy.html", "jsonld-nested.html", "jsonld-array.html"]

/** The analyzer's posting pages on 127.0.0.2, as a job site would serve them. */
const site = () =>
  new Promise<{ server: http.Server; origin: string }>((resolve) => {
    const server = http.createServer((request, response) => {
      const file = path.join(postings, path.basename(new URL(request.url ?? "/", "http://x").pathname))
      if (!fs.existsSync(file)) return void response.writeHead(404).end()
      const type = file.endsWith(".json") ? "application/json" : "text/html; charset=utf-8"
      response.writeHead(200, { "content-type": type }).end(fs.readFileSync(file))
    })
    server.listen(0, "127.0.0.2", () => {
      const address = server.address()
      resolve({ server, origin: `http://127.0.0.2:${typeof address === "object" && address ? address.port : 0}` })
    })
  })

/** A user with a key of every scope, plenty of credits, a profile and 300 saved jobs, on `database`. */
const seed = (database: string) =>
  Effect.gen(function*() {
    const admin = yield* Admin.Admin
    const email = `memory-${Date.now().toString(36)}@example.com`
    const user = yield* admin.createUser({ email, name: "Memory Bench" })
    const { secret } = yield* admin.createKey({ email, scopes: Scope.all, name: "bench" })
    yield* admin.addCredits(email, 10_000_000)
    yield* admin.setProfile(email, {
      basics: { name: "Memory Bench", email, label: "Backend engineer" },
      skills: [{ name: "TypeScript" }, { name: "Go" }, { name: "PostgreSQL" }, { name: "Kubernetes" }],
      work: [{ name: "Acme", position: "Backend Engineer", startDate: "2018-01-01", summary: "APIs in Go" }]
    })
    yield* Seed.seed(user.id, 300)
    return secret
  }).pipe(
    Effect.provide(Admin.Admin.Default.pipe(Layer.provideMerge(SqlStore.layerFromUrl(database)))),
    Effect.provide(Logger.remove(Logger.defaultLogger)),
    Effect.orDie
  )

/** The server app as `pnpm start` runs it (the bundle), on `database`; resolves with its address. */
const start = (database: string) =>
  new Promise<{ child: ChildProcess; baseUrl: string }>((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("JOBFIT_")))
    const child = spawn(process.execPath, ["apps/server/scripts/start.mjs"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...env,
        JOBFIT_PORT: "0",
        JOBFIT_DATABASE_URL: database,
        JOBFIT_FETCH_ALLOW: "127.0.0.2",
        // Limits on (their buckets are part of what is measured), high enough never to refuse.
        JOBFIT_RATE_LIMIT: "1000000",
        JOBFIT_RATE_BURST: "100000",
        JOBFIT_ANALYZE_RATE_LIMIT: "1000000"
      }
    })
    let out = ""
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8")
      const found = /Listening on (http:\/\/[\d.]+:\d+)/.exec(out)
      if (found) {
        out = ""
        child.stdout!.removeAllListeners("data")
        child.stdout!.resume()
        resolve({ child, baseUrl: found[1]! })
      }
    })
    child.stderr!.on("data", (chunk: Buffer) => process.stderr.write(chunk))
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)))
  })

/** Resident memory of a process, in MB (Linux). */
const rssMb = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
}

/** The V8 heap in use, in MB, as the server's /metrics says. */
const heapMb = async (baseUrl: string): Promise<number> => {
  const text = await (await fetch(`${baseUrl}/metrics`)).text()
  return Number(/^nodejs_heap_size_used_bytes (\d+)$/m.exec(text)![1]) / 1024 / 1024
}

const deep = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`

/** Request `i` of the mix: a path and how to send it. */
const requestOf = (i: number, origin: string, key: string): [string, RequestInit] => {
  const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body)
  })
  const call = (name: string, args: unknown, headers?: Record<string, string>) =>
    ["/api/mcp/tools/call", json({ name, arguments: args }, headers)] as [string, RequestInit]
  const rpc = (method: string, params: object) =>
    ["/api/mcp", {
      ...json({ jsonrpc: "2.0", id: i, method, params }),
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${key}`
      }
    }] as [string, RequestInit]
  const page = pages[Math.floor(i / 20) % pages.length]!
  switch (i % 20) {
    case 0:
    case 1:
    case 2:
      return call("get_saved_jobs", { limit: 10, status: i % 3 === 0 ? "new" : undefined })
    case 3:
      return call("get_credits", {})
    case 4:
      return ["/api/mcp/status", { headers: { authorization: `Bearer ${key}`, "x-request-id": `req-${i}` } }]
    case 5:
      // A fresh analysis: a URL never seen, a real page to fetch, parse and score, a job saved.
      return call("analyze_job", { job_url: `${origin}/${page}?n=${i}` })
    case 6:
      return call("analyze_job", { job_url: `${origin}/${page}?n=5` })
    case 7:
      return call("generate_cv", { job_id: 1 + (i % 300) })
    case 8:
      return rpc("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: `bench-${i}`, version: "1" }
      })
    case 9:
      return rpc("tools/list", {})
    case 10:
      return rpc("tools/call", { name: "get_saved_jobs", arguments: { limit: 5 } })
    case 11:
      return ["/api/mcp/tools/call", json("{\"name\": \"get_credits\", \"arguments\": ")]
    case 12:
      return ["/api/mcp/tools/call", json(`{"name":"get_saved_jobs","arguments":${deep(10_000)}}`)]
    case 13:
      return call(i % 2 === 0 ? "no_such_tool" : "get_saved_jobs", { limit: "ten", extra: "x".repeat(2000) })
    case 14:
      return ["/api/mcp/status", { headers: { authorization: `Bearer jf_live_${i.toString(36).padStart(49, "x")}` } }]
    case 15:
      return [`/no/such/path/${i}?q=${i}`, {}]
    case 16:
      return call("get_credits", {}, { "idempotency-key": `bench-${i}` })
    case 17:
      return [i % 2 === 0 ? "/dashboard/signin" : "/docs", {}]
    case 18:
      return [i % 2 === 0 ? "/openapi.json" : "/metrics", {}]
    default:
      return call("update_job_status", { job_id: 1 + (i % 300), status: i % 2 === 0 ? "applied" : "interviewing" })
  }
}

const load = async (baseUrl: string, origin: string, key: string) => {
  const statuses = new Map<number, number>()
  let next = 0
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++
      const [target, init] = requestOf(i, origin, key)
      const response = await fetch(baseUrl + target, init)
      await response.arrayBuffer()
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { statuses, seconds: (Date.now() - started) / 1000 }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long the server is left alone before "at rest" and after the load. */
const REST_MS = 30_000

const measure = async (name: string, database: string, origin: string) => {
  const key = await Effect.runPromise(seed(database))
  const { child, baseUrl } = await start(database)
  try {
    await sleep(2000)
    const started = rssMb(child.pid!)
    const startedHeap = await heapMb(baseUrl)
    // V8 keeps the young generation it grew while starting (migrations, the analyzer's data) until its memory
    // reducer runs, 10–20 s after allocation stops: at rest is after that.
    await sleep(REST_MS - 2000)
    const idle = rssMb(child.pid!)
    const idleHeap = await heapMb(baseUrl)
    const { statuses, seconds } = await load(baseUrl, origin, key)
    const loaded = rssMb(child.pid!)
    const loadedHeap = await heapMb(baseUrl)
    // BENCH_SNAPSHOT=1 (with NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2): a heap snapshot after the load, in the root.
    if (process.env.BENCH_SNAPSHOT === "1") {
      child.kill("SIGUSR2")
      await sleep(8000)
    }
    await sleep(REST_MS)
    const rested = rssMb(child.pid!)
    const restedHeap = await heapMb(baseUrl)
    const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ")
    const mb = (rss: number, heap: number) => `${rss.toFixed(0).padStart(4)} MB (heap ${heap.toFixed(0).padStart(3)})`
    console.log(
      `${name.padEnd(10)} started ${mb(started, startedHeap)}   at rest ${mb(idle, idleHeap)}   ` +
        `after ${REQUESTS} requests ${mb(loaded, loadedHeap)}   ${REST_MS / 1000} s later ${
          mb(rested, restedHeap)
        }   ` +
        `(${seconds.toFixed(1)} s; ${counts})`
    )
    return [...statuses.keys()].some((s) => s >= 500)
  } finally {
    child.kill("SIGTERM")
    await new Promise((resolve) => child.once("exit", resolve))
  }
}

const main = async () => {
  const { server, origin } = await site()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-memory-"))
  let failed = false
  try {
    console.log(`resident memory (VmRSS) of the server process, ${REQUESTS} mixed requests, ${CONCURRENCY} at a time`)
    if (process.env.BENCH_ONLY !== "postgres") {
      failed = await measure("SQLite", path.join(dir, "jobfit.db"), origin) || failed
    }
    if (process.env.BENCH_ONLY !== "sqlite") {
      if (await TestDatabases.pgAvailable()) {
        await Effect.runPromise(
          Effect.scoped(Effect.gen(function*() {
            const url = yield* TestDatabases.pgSchema("jobfit_memory")
            failed = (yield* Effect.promise(() => measure("PostgreSQL", url, origin))) || failed
          })).pipe(Effect.provide(Logger.remove(Logger.defaultLogger)))
        )
      } else {
        console.log("PostgreSQL not reachable: skipped")
      }
    }
  } finally {
    server.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  if (failed) {
    console.log("a request answered 5xx")
    process.exitCode = 1
  }
}

void main()
