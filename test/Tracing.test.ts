import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as path from "node:path"
import { tempDir } from "./support/Databases.js"
import * as Fleet from "./support/Fleet.js"

interface Export {
  readonly path: string
  readonly headers: http.IncomingHttpHeaders
  readonly body: {
    readonly resourceSpans: ReadonlyArray<{
      readonly resource: { readonly attributes: ReadonlyArray<Attribute> }
      readonly scopeSpans: ReadonlyArray<{ readonly spans: ReadonlyArray<Span> }>
    }>
  }
}
interface Attribute {
  readonly key: string
  readonly value: { readonly stringValue?: string; readonly intValue?: number | string }
}
interface Span {
  readonly name: string
  readonly traceId: string
  readonly parentSpanId?: string
  readonly attributes: ReadonlyArray<Attribute>
}

/** An OTLP/HTTP collector on 127.0.0.1 that keeps what it is sent. */
const collector = Effect.acquireRelease(
  Effect.async<{ readonly url: string; readonly received: Array<Export>; readonly server: http.Server }>((resume) => {
    const received: Array<Export> = []
    const server = http.createServer((req, res) => {
      let text = ""
      req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")))
      req.on("end", () => {
        received.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(text) })
        res.writeHead(200, { "content-type": "application/json" }).end("{}")
      })
    })
    server.listen(0, "127.0.0.1", () =>
      resume(Effect.succeed({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        received,
        server
      })))
  }),
  ({ server }) =>
    Effect.async<void>((resume) => {
      server.close(() => resume(Effect.void))
    })
)

const spansOf = (received: ReadonlyArray<Export>) =>
  received.flatMap((e) => e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)))

const attribute = (attributes: ReadonlyArray<Attribute>, key: string) =>
  attributes.find((a) => a.key === key)?.value.stringValue

describe("tracing", () => {
  it.live(
    "with OTEL_EXPORTER_OTLP_ENDPOINT set, a request's spans reach the collector in the caller's trace",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const otlp = yield* collector
        const database = path.join(yield* tempDir, "jobfit.db")
        const user = yield* Fleet.seed(database, 0)
        const running = yield* Fleet.startServer(database, {
          OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
          OTEL_EXPORTER_OTLP_HEADERS: "X-Collector-Key=abc%20def",
          OTEL_SERVICE_NAME: "jobfit-test",
          OTEL_BSP_SCHEDULE_DELAY: "100"
        })
        yield* Effect.promise(() => fetch(`${running.baseUrl}/dashboard/reset?token=secret-reset-token`))
        const traceId = "4bf92f3577b34da6a3ce929d0e0e4736"
        const answer = yield* Fleet.call(running.baseUrl, user.key, "get_credits", {}, {
          traceparent: `00-${traceId}-00f067aa0ba902b7-01`
        })
        assert.strictEqual(answer.status, 200, answer.text)
        const deadline = Date.now() + 15_000
        while (!spansOf(otlp.received).some((s) => s.name === "Gateway.callAs") && Date.now() < deadline) {
          yield* Effect.sleep("100 millis")
        }
        const spans = spansOf(otlp.received)
        const call = spans.find((s) => s.name === "Gateway.callAs")
        assert.isDefined(call, `spans received: ${spans.map((s) => s.name).join(", ")}`)
        assert.strictEqual(call!.traceId, traceId)
        assert.strictEqual(attribute(call!.attributes, "tool"), "get_credits")
        // The HTTP request's own span joins the caller's trace, under the caller's span.
        const request = spans.find((s) => s.traceId === traceId && s.parentSpanId === "00f067aa0ba902b7")
        assert.isDefined(request, `spans received: ${spans.map((s) => `${s.name} ${s.parentSpanId}`).join(", ")}`)
        const first = otlp.received[0]!
        assert.strictEqual(first.path, "/v1/traces")
        assert.strictEqual(first.headers["x-collector-key"], "abc def")
        assert.strictEqual(attribute(first.body.resourceSpans[0]!.resource.attributes, "service.name"), "jobfit-test")
        // Never a key or a reset token in what leaves the process.
        assert.notInclude(JSON.stringify(otlp.received), user.key)
        assert.notInclude(JSON.stringify(otlp.received), "secret-reset-token")
      })),
    { timeout: 60_000 }
  )
})
