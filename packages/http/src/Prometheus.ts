import { Effect, Metric, type MetricKey, type MetricPair, MetricState, Option } from "effect"

/**
 * Effect's metrics in the Prometheus text exposition format (version 0.0.4), with the process's memory and uptime.
 * Series of one name share their `# HELP` and `# TYPE` lines, as the format asks.
 */

export const contentType = "text/plain; version=0.0.4; charset=utf-8"

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, "\\\"")
const escapeHelp = (text: string) => text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")

const number = (n: number | bigint): string =>
  typeof n === "bigint"
    ? n.toString()
    : Number.isNaN(n)
    ? "NaN"
    : n === Infinity
    ? "+Inf"
    : n === -Infinity
    ? "-Inf"
    : String(n)

type Labels = ReadonlyArray<readonly [string, string]>

const labels = (pairs: Labels): string =>
  pairs.length === 0 ? "" : `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}`

const line = (name: string, pairs: Labels, value: number | bigint) => `${name}${labels(pairs)} ${number(value)}`

interface Family {
  readonly type: "counter" | "gauge" | "histogram" | "summary"
  readonly help: string
  readonly lines: Array<string>
}

const samples = (key: MetricKey.MetricKey.Untyped, state: MetricState.MetricState.Untyped): {
  readonly type: Family["type"]
  readonly lines: ReadonlyArray<string>
} => {
  const name = key.name
  const tags: Labels = key.tags.map((t) => [t.key, t.value] as const)
  if (MetricState.isCounterState(state)) return { type: "counter", lines: [line(name, tags, state.count)] }
  if (MetricState.isGaugeState(state)) return { type: "gauge", lines: [line(name, tags, state.value)] }
  if (MetricState.isHistogramState(state)) {
    // Effect's buckets are already cumulative and end with +Inf.
    return {
      type: "histogram",
      lines: [
        ...state.buckets.map(([le, count]) => line(`${name}_bucket`, [...tags, ["le", number(le)]], count)),
        line(`${name}_sum`, tags, state.sum),
        line(`${name}_count`, tags, state.count)
      ]
    }
  }
  if (MetricState.isSummaryState(state)) {
    return {
      type: "summary",
      lines: [
        ...state.quantiles.flatMap(([q, value]) =>
          value._tag === "Some" ? [line(name, [...tags, ["quantile", String(q)]], value.value)] : []
        ),
        line(`${name}_sum`, tags, state.sum),
        line(`${name}_count`, tags, state.count)
      ]
    }
  }
  if (MetricState.isFrequencyState(state)) {
    return {
      type: "counter",
      lines: [...state.occurrences].map(([value, count]) => line(name, [...tags, ["value", value]], count))
    }
  }
  return { type: "gauge", lines: [] }
}

const processFamilies = (): ReadonlyArray<readonly [string, Family]> => {
  const memory = process.memoryUsage()
  const gauge = (name: string, help: string, value: number): readonly [string, Family] => [
    name,
    { type: "gauge", help, lines: [line(name, [], value)] }
  ]
  return [
    gauge("process_resident_memory_bytes", "Resident memory size in bytes", memory.rss),
    gauge("nodejs_heap_size_used_bytes", "V8 heap in use, in bytes", memory.heapUsed),
    gauge("nodejs_heap_size_total_bytes", "V8 heap allocated, in bytes", memory.heapTotal),
    gauge("nodejs_external_memory_bytes", "Memory of C++ objects bound to JavaScript, in bytes", memory.external),
    gauge("process_uptime_seconds", "Seconds since the process started", process.uptime())
  ]
}

const seriesOrder = (pair: MetricPair.MetricPair.Untyped) =>
  pair.metricKey.name + labels(pair.metricKey.tags.map((t) => [t.key, t.value] as const))

/** Renders metric pairs (and the process gauges) as one exposition; families and series in a stable order. */
export const render = (pairs: ReadonlyArray<MetricPair.MetricPair.Untyped>): string => {
  const families = new Map<string, Family>()
  const ordered = pairs.map((pair) => [seriesOrder(pair), pair] as const).sort((
    [a],
    [b]
  ) => (a < b ? -1 : a > b ? 1 : 0))
  for (const [, pair] of ordered) {
    const { lines, type } = samples(pair.metricKey, pair.metricState)
    const name = pair.metricKey.name
    const family: Family = families.get(name) ??
      { type, help: Option.getOrElse(pair.metricKey.description, () => name), lines: [] }
    family.lines.push(...lines)
    families.set(name, family)
  }
  const out: Array<string> = []
  for (const [name, family] of [...families, ...processFamilies()]) {
    if (family.lines.length === 0) continue
    out.push(`# HELP ${name} ${escapeHelp(family.help)}`, `# TYPE ${name} ${family.type}`, ...family.lines)
  }
  return out.join("\n") + "\n"
}

/** Every metric in Effect's global registry, rendered. */
export const exposition: Effect.Effect<string> = Effect.map(Metric.snapshot, render)
