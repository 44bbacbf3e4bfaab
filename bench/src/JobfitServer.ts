import { HttpServer } from "@effect/platform"
import { NodeRuntime } from "@effect/platform-node"
import { Runtime, Server } from "@jobfit/host"
import { Effect, Layer, Logger } from "effect"
import * as Child from "./Child.js"
import { noRateLimits, storeLayer } from "./Fixture.js"

/**
 * Our server for the benchmark, as `pnpm start` runs it (Server.layer, access log included) except: the SQLite file
 * of BENCH_DATABASE (read through Fixture.cachedStore when BENCH_STORE=cached), rate limits off, 127.0.0.1 on a free
 * port. BENCH_ACCESS_LOG=0 drops the log output.
 */
const program = Effect.gen(function*() {
  const database = yield* Child.env("BENCH_DATABASE")
  const served = Server.layer({
    store: storeLayer(database, process.env.BENCH_STORE === "cached" ? "cached" : "sqlite"),
    rateLimits: noRateLimits,
    listen: { host: "127.0.0.1", port: 0 }
  })
  // As `pnpm start` logs: to stdout in batches (apps/server/src/main.ts).
  const logs = process.env.BENCH_ACCESS_LOG === "0" ? Logger.remove(Logger.defaultLogger) : Runtime.batchedLogger()
  return yield* Effect.gen(function*() {
    const { address } = yield* HttpServer.HttpServer
    if (address._tag !== "TcpAddress") return yield* Effect.dieMessage("expected a TCP address")
    yield* Child.ready(`http://127.0.0.1:${address.port}`)
    return yield* Effect.never
  }).pipe(Effect.provide(served.pipe(Layer.provide(logs))))
})

program.pipe(NodeRuntime.runMain({ disablePrettyLogger: true }))
