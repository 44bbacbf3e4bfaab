import * as OtlpSerialization from "@effect/opentelemetry/OtlpSerialization"
import * as OtlpTracer from "@effect/opentelemetry/OtlpTracer"
import { FetchHttpClient } from "@effect/platform"
import { Server as ServerInfo } from "@jobfit/core"
import { Config, Duration, Effect, Layer, Logger, Option } from "effect"
import { describe, StartError } from "./StartError.js"

/** How log lines are written: one JSON object a line, or logfmt. */
export type LogFormat = "json" | "logfmt"

/**
 * JOBFIT_LOG_FORMAT: `json` (one object a line: message, logLevel, timestamp, annotations such as the requestId, cause)
 * or `logfmt`. Unset: logfmt on a terminal, where a person reads it, JSON otherwise, where a collector does.
 */
export const LogFormatConfig: Config.Config<LogFormat> = Config.literal("json", "logfmt")("JOBFIT_LOG_FORMAT").pipe(
  Config.withDefault<LogFormat>(process.stdout.isTTY ? "logfmt" : "json")
)

/**
 * Log lines in batches: each entry is one line, written with the others of the same turn of the event loop in one
 * write, after the request that logged it has been answered. A console write per request cost the server about 5% of
 * its time under load.
 */
export const batchedLogger = (
  write: (chunk: string) => void = (chunk) => void process.stdout.write(chunk),
  format: LogFormat = "logfmt"
) => {
  let pending: Array<string> = []
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending.length === 0) return
    const chunk = `${pending.join("\n")}\n`
    pending = []
    write(chunk)
  }
  process.once("exit", flush)
  const push = (line: string) => {
    pending.push(line)
    if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
  return Logger.replace(
    Logger.defaultLogger,
    format === "json" ? Logger.map(Logger.jsonLogger, push) : Logger.map(Logger.logfmtLogger, push)
  )
}

/** The server's logger: batched, to stdout, in the format JOBFIT_LOG_FORMAT names. */
export const logger = Layer.unwrapEffect(
  Effect.map(LogFormatConfig, (format) => batchedLogger(undefined, format)).pipe(
    Effect.mapError((error) => new StartError({ message: describe(error) }))
  )
)

const OtlpProtocol = Config.literal("http/protobuf", "http/json")

/** `key=value` pairs, comma-separated, values percent-encoded (OTEL_EXPORTER_OTLP_HEADERS). */
const headerList = (text: string): Record<string, string> =>
  Object.fromEntries(
    text.split(",").map((pair) => pair.trim()).filter((pair) => pair.includes("=")).map((pair) => {
      const at = pair.indexOf("=")
      return [pair.slice(0, at).trim().toLowerCase(), decodeURIComponent(pair.slice(at + 1).trim())]
    })
  )

/** Where and how to send traces, from the standard OpenTelemetry variables; none when no endpoint is set. */
export const OtlpSettings = Config.all({
  endpoint: Config.option(Config.string("OTEL_EXPORTER_OTLP_ENDPOINT")),
  tracesEndpoint: Config.option(Config.string("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")),
  protocol: Config.orElse(
    OtlpProtocol("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"),
    () => Config.withDefault(OtlpProtocol("OTEL_EXPORTER_OTLP_PROTOCOL"), "http/protobuf" as const)
  ),
  headers: Config.map(Config.withDefault(Config.string("OTEL_EXPORTER_OTLP_HEADERS"), ""), headerList),
  serviceName: Config.withDefault(Config.string("OTEL_SERVICE_NAME"), ServerInfo.info.name),
  // The batch span processor's delay, in ms (5 s as in the OpenTelemetry SDKs).
  delay: Config.withDefault(Config.integer("OTEL_BSP_SCHEDULE_DELAY"), 5000)
}).pipe(Config.map((s) => {
  // The traces endpoint is used as it is; the general one gets the signal's path, as the specification says.
  const url = Option.orElse(
    s.tracesEndpoint,
    () => Option.map(s.endpoint, (base) => `${base.replace(/\/+$/, "")}/v1/traces`)
  )
  return Option.map(url, (url) => ({ ...s, url }))
}))

/**
 * Spans only where something reads them. With OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) set, the
 * service's spans — each HTTP request (joining the caller's `traceparent`), each tool call, its SQL — go to that
 * collector over OTLP/HTTP, protobuf or JSON (OTEL_EXPORTER_OTLP_PROTOCOL), in batches. Without one the tracer is
 * off: each span would cost a stack trace and an allocation per call for nothing.
 */
export const tracing = Layer.unwrapEffect(
  Effect.map(
    OtlpSettings,
    Option.match({
      onNone: () => Layer.setTracerEnabled(false),
      onSome: (s) =>
        OtlpTracer.layer({
          url: s.url,
          resource: { serviceName: s.serviceName, serviceVersion: ServerInfo.info.version },
          headers: s.headers,
          exportInterval: Duration.millis(s.delay)
        }).pipe(
          Layer.provide(s.protocol === "http/json" ? OtlpSerialization.layerJson : OtlpSerialization.layerProtobuf),
          Layer.provide(FetchHttpClient.layer)
        )
    })
  )
)
