import { Metric, MetricBoundaries, MetricKey, type MetricKeyType, MetricLabel } from "effect"

/**
 * What the service counts, as Effect metrics (kept in Effect's global registry; `GET /metrics` shows them in the
 * Prometheus text format). Labels take only values from small fixed sets — tool names, error codes, policies — never
 * a user, a key or a URL.
 */

/** Seconds, from 1 ms to about 16 s, doubling. */
export const secondsBoundaries = MetricBoundaries.exponential({ start: 0.001, factor: 2, count: 15 })

type Series<Type extends MetricKeyType.MetricKeyType.Untyped> = Metric.Metric<
  Type,
  MetricKeyType.MetricKeyType.InType<Type>,
  MetricKeyType.MetricKeyType.OutType<Type>
>

/**
 * A metric with its labels' names; `of(...values)` is the series for those values, made once and remembered. (A
 * series made with `Metric.tagged` builds its key and looks it up in the registry on every update: a sixth of a
 * request's CPU time when every request counts four.)
 */
export class Family<Type extends MetricKeyType.MetricKeyType.Untyped> {
  readonly #made = new Map<string, Series<Type>>()
  constructor(readonly key: MetricKey.MetricKey<Type>, readonly labels: ReadonlyArray<string>) {}

  of(...values: ReadonlyArray<string>): Series<Type> {
    const id = values.join("\u0000")
    let found = this.#made.get(id)
    if (found === undefined) {
      const tags = values.map((value, i) => MetricLabel.make(this.labels[i] ?? `label${i}`, value))
      found = Metric.fromMetricKey(MetricKey.taggedWithLabels(this.key, tags))
      this.#made.set(id, found)
    }
    return found
  }
}

export const counter = (name: string, description: string, labels: ReadonlyArray<string>) =>
  new Family(MetricKey.counter(name, { description, incremental: true }), labels)

export const histogram = (name: string, description: string, labels: ReadonlyArray<string>) =>
  new Family(MetricKey.histogram(name, secondsBoundaries, description), labels)

/** Tool calls by `tool` and `outcome` (`ok` or the error code), whatever the transport. */
export const toolCalls = counter("jobfit_tool_calls_total", "Tool calls by tool and outcome (ok, or the error code)", [
  "tool",
  "outcome"
])

/** How long tool calls take, by `tool`. */
export const toolSeconds = histogram("jobfit_tool_call_duration_seconds", "How long tool calls take, in seconds", [
  "tool"
])

/** Charges taken, by `tool`. */
export const charges = counter("jobfit_charges_total", "Charges taken, by tool", ["tool"])

/** Cents charged, by `tool`. */
export const chargedCents = counter("jobfit_charged_cents_total", "Cents charged, by tool", ["tool"])

/** Charges refunded by the sweeper (left pending by an older version's stopped process). */
export const refunds = counter("jobfit_refunds_total", "Charges left pending by a stopped process and refunded", [])

/** Cents granted, by `source` (`admin`, `voucher`). */
export const grantedCents = counter("jobfit_granted_cents_total", "Cents granted, by source (admin, voucher)", [
  "source"
])

/** analyze_job calls by `outcome`: `fresh` (analysed and charged), `cached` (free, from the store), or the error code. */
export const analyses = counter(
  "jobfit_analyses_total",
  "analyze_job calls by outcome (fresh, cached, or the error code)",
  ["outcome"]
)

/** Fresh analyses by `verdict`. */
export const verdicts = counter("jobfit_verdicts_total", "Fresh analyses by verdict", ["verdict"])

/** Requests refused by a rate limit, by `policy` (`key`, `analyze`, `client`). */
export const rateLimited = counter(
  "jobfit_rate_limited_total",
  "Requests refused by a rate limit, by policy (key, analyze, client)",
  ["policy"]
)
