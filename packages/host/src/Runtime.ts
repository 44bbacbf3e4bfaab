import { Config, Layer, Logger, Option } from "effect"

/**
 * Log lines in batches: each entry is one logfmt line as before, written with the others of the same turn of the
 * event loop in one write, after the request that logged it has been answered. A console write per request cost
 * the server about 5% of its time under load.
 */
export const batchedLogger = (write: (chunk: string) => void = (chunk) => void process.stdout.write(chunk)) => {
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
  return Logger.replace(
    Logger.defaultLogger,
    Logger.map(Logger.logfmtLogger, (line) => {
      pending.push(line)
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    })
  )
}

/**
 * Spans only where something reads them: each span costs a stack trace and an allocation per call, so without an
 * OpenTelemetry endpoint (OTEL_EXPORTER_OTLP_ENDPOINT) the tracer is off.
 */
export const tracing = Layer.unwrapEffect(
  Config.option(Config.string("OTEL_EXPORTER_OTLP_ENDPOINT")).pipe(
    Config.map(Option.match({ onNone: () => Layer.setTracerEnabled(false), onSome: () => Layer.empty }))
  )
)
