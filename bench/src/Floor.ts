import { Gateway } from "@jobfit/core"
import { Effect, Either } from "effect"
import { performance } from "node:perf_hooks"
import { callerOf } from "./Fixture.js"
import type { Expected } from "./Load.js"

export interface Floor {
  readonly ok: number
  readonly errors: number
  readonly perSecond: number
  /** CPU time of this process per call, in milliseconds. */
  readonly cpuPerCall: number
}

/**
 * get_saved_jobs {limit: 10} through Gateway.call in this process, `workers` at a time, for `seconds`: what both
 * servers do below their MCP layer (authenticate, decode, read the page, encode), with no HTTP or JSON-RPC around it.
 */
export const measure = (key: string, expected: Expected, workers: number, seconds: number) =>
  Effect.gen(function*() {
    const gateway = yield* Gateway.Gateway
    const request = { ...callerOf(key), tool: "get_saved_jobs", arguments: { limit: 10 } }
    let ok = 0
    let errors = 0
    const start = performance.now()
    const end = start + seconds * 1000
    const cpu = process.cpuUsage()
    const worker = Effect.gen(function*() {
      while (performance.now() < end) {
        const outcome = yield* Effect.either(gateway.call(request))
        // Serialised as a transport would, and checked against the page the servers must send.
        if (Either.isRight(outcome) && JSON.stringify(outcome.right.value) === expected.text) ok++
        else errors++
      }
    })
    yield* Effect.all(Array.from({ length: workers }, () => worker), { concurrency: "unbounded", discard: true })
    const used = process.cpuUsage(cpu)
    const elapsed = (performance.now() - start) / 1000
    return {
      ok,
      errors,
      perSecond: ok / elapsed,
      cpuPerCall: (used.user + used.system) / 1000 / Math.max(1, ok + errors)
    } satisfies Floor
  })
