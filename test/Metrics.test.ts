import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

/** The samples of a scrape, by series as written (`name{labels}`). */
const scrape = (headers: Record<string, string> = {}) =>
  Effect.map(Client.request("/metrics", { headers }), (reply) => {
    const samples = new Map<string, number>()
    for (const line of reply.text.split("\n")) {
      if (line === "" || line.startsWith("#")) continue
      const at = line.lastIndexOf(" ")
      samples.set(line.slice(0, at), Number(line.slice(at + 1)))
    }
    return { reply, samples }
  })

const scraped = Effect.map(scrape(), ({ reply, samples }) => {
  assert.strictEqual(reply.status, 200)
  return samples
})

/** How much each series grew between two scrapes (series that did not grow left out). */
const grown = (before: Map<string, number>, after: Map<string, number>, prefix: string) =>
  Object.fromEntries(
    [...after].filter(([series, value]) => series.startsWith(prefix) && value !== (before.get(series) ?? 0))
      .map(([series, value]) => [series, value - (before.get(series) ?? 0)])
  )

const withToken = <A, E, R>(token: string | undefined, self: Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => {
      const old = process.env["JOBFIT_METRICS_TOKEN"]
      if (token === undefined) delete process.env["JOBFIT_METRICS_TOKEN"]
      else process.env["JOBFIT_METRICS_TOKEN"] = token
      return old
    }),
    () => self,
    (old) =>
      Effect.sync(() => {
        if (old === undefined) delete process.env["JOBFIT_METRICS_TOKEN"]
        else process.env["JOBFIT_METRICS_TOKEN"] = old
      })
  )

const refusal = (message: string) => ({ detail: { code: "INVALID_API_KEY", message } })

describe("GET /metrics", () => {
  layer(TestServer.layer({ store: sqlite }), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
    it.effect("counts tool calls, charges, analyses and requests as they happen, in the Prometheus text format", () =>
      withToken(
        undefined,
        Effect.gen(function*() {
          const before = yield* scraped
          const rich = yield* Fixtures.user({ cents: 20 })
          const poor = yield* Fixtures.user({ cents: 0 })
          assert.strictEqual((yield* Client.call(rich.key, "get_credits")).status, 200)
          assert.strictEqual(
            (yield* Client.call(rich.key, "analyze_job", { job_url: "https://jobs.example.com/m" })).status,
            200
          )
          assert.strictEqual(
            (yield* Client.call(rich.key, "analyze_job", { job_url: "https://jobs.example.com/m" })).status,
            200
          )
          assert.strictEqual(
            (yield* Client.call(poor.key, "analyze_job", { job_url: "https://jobs.example.com/n" })).status,
            402
          )
          assert.strictEqual((yield* Client.call("jf_live_nope", "get_credits")).status, 401)
          assert.strictEqual((yield* Client.request("/wp-login.php")).status, 404)
          const { reply, samples: after } = yield* scrape()
          assert.strictEqual(reply.headers.get("content-type"), "text/plain; version=0.0.4; charset=utf-8")
          assert.match(reply.text, /^# TYPE jobfit_tool_calls_total counter$/m)
          assert.match(reply.text, /^# TYPE jobfit_tool_call_duration_seconds histogram$/m)
          assert.deepStrictEqual(grown(before, after, "jobfit_tool_calls_total"), {
            "jobfit_tool_calls_total{tool=\"get_credits\",outcome=\"ok\"}": 1,
            "jobfit_tool_calls_total{tool=\"analyze_job\",outcome=\"ok\"}": 2,
            "jobfit_tool_calls_total{tool=\"analyze_job\",outcome=\"INSUFFICIENT_CREDITS\"}": 1
          })
          assert.deepStrictEqual(grown(before, after, "jobfit_charge"), {
            "jobfit_charges_total{tool=\"analyze_job\"}": 1,
            "jobfit_charged_cents_total{tool=\"analyze_job\"}": 5
          })
          assert.deepStrictEqual(grown(before, after, "jobfit_analyses_total"), {
            "jobfit_analyses_total{outcome=\"fresh\"}": 1,
            "jobfit_analyses_total{outcome=\"cached\"}": 1,
            "jobfit_analyses_total{outcome=\"INSUFFICIENT_CREDITS\"}": 1
          })
          assert.deepStrictEqual(grown(before, after, "jobfit_granted_cents_total"), {
            "jobfit_granted_cents_total{source=\"admin\"}": 20
          })
          assert.deepStrictEqual(grown(before, after, "jobfit_http_requests_total"), {
            "jobfit_http_requests_total{route=\"/api/mcp/tools/call\",method=\"POST\",status=\"200\"}": 3,
            "jobfit_http_requests_total{route=\"/api/mcp/tools/call\",method=\"POST\",status=\"401\"}": 1,
            "jobfit_http_requests_total{route=\"/api/mcp/tools/call\",method=\"POST\",status=\"402\"}": 1,
            "jobfit_http_requests_total{route=\"other\",method=\"GET\",status=\"404\"}": 1,
            // The first scrape, counted once its response was made.
            "jobfit_http_requests_total{route=\"/metrics\",method=\"GET\",status=\"200\"}": 1
          })
          assert.strictEqual(
            grown(before, after, "jobfit_tool_call_duration_seconds_count")[
              "jobfit_tool_call_duration_seconds_count{tool=\"analyze_job\"}"
            ],
            3
          )
          // Never a user, a key or a URL in a label.
          assert.notInclude(reply.text, rich.email)
          assert.notInclude(reply.text, "jobs.example.com")
          assert.notInclude(reply.text, "wp-login")
        })
      ))

    it.effect("without a token, answers only this machine unproxied; a forwarded request is 401", () =>
      withToken(
        undefined,
        Effect.gen(function*() {
          for (const header of [{ "x-forwarded-for": "127.0.0.9" }, { forwarded: "for=127.0.0.9" }]) {
            const { reply } = yield* scrape(header)
            assert.deepStrictEqual([reply.status, reply.body], [
              401,
              refusal(
                "GET /metrics answers other machines only when the server has JOBFIT_METRICS_TOKEN set; send it as a Bearer token"
              )
            ])
            assert.strictEqual(reply.headers.get("www-authenticate"), "Bearer")
          }
        })
      ))

    it.effect("with JOBFIT_METRICS_TOKEN, asks every client for it as a Bearer token", () =>
      withToken(
        "s3cret-metrics",
        Effect.gen(function*() {
          const needs = refusal("GET /metrics needs the metrics token (JOBFIT_METRICS_TOKEN) as a Bearer token")
          for (const headers of [{}, { authorization: "Bearer wrong" }, { authorization: "Basic s3cret-metrics" }]) {
            const { reply } = yield* scrape(headers)
            assert.deepStrictEqual([reply.status, reply.body], [401, needs])
            assert.notInclude(reply.text, "s3cret")
          }
          const { reply } = yield* scrape({ authorization: "Bearer s3cret-metrics", "x-forwarded-for": "127.0.0.9" })
          assert.strictEqual(reply.status, 200)
          assert.match(reply.text, /^process_resident_memory_bytes \d+$/m)
        })
      ))
  })
})
