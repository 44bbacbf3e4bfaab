import { Metric, MetricBoundaries } from "effect"

/**
 * What the service counts, as Effect metrics (kept in Effect's global registry; `GET /metrics` shows them in the
 * Prometheus text format). Labels take only values from small fixed sets — tool names, error codes, policies — never
 * a user, a key or a URL.
 */

/** Seconds, from 1 ms to about 16 s, doubling. */
export const secondsBoundaries = MetricBoundaries.exponential({ start: 0.001, factor: 2, count: 15 })

/** Tool calls by `tool` and `outcome` (`ok` or the error code), whatever the transport. */
export const toolCalls = Metric.counter("jobfit_tool_calls_total", {
  description: "Tool calls by tool and outcome (ok, or the error code)",
  incremental: true
})

/** How long tool calls take, by `tool`. */
export const toolSeconds = Metric.histogram(
  "jobfit_tool_call_duration_seconds",
  secondsBoundaries,
  "How long tool calls take, in seconds"
)

/** Charges taken, by `tool`. */
export const charges = Metric.counter("jobfit_charges_total", {
  description: "Charges taken, by tool",
  incremental: true
})

/** Cents charged, by `tool`. */
export const chargedCents = Metric.counter("jobfit_charged_cents_total", {
  description: "Cents charged, by tool",
  incremental: true
})

/** Charges refunded by the sweeper (left pending by an older version's stopped process). */
export const refunds = Metric.counter("jobfit_refunds_total", {
  description: "Charges left pending by a stopped process and refunded",
  incremental: true
})

/** Cents granted, by `source` (`admin`, `voucher`). */
export const grantedCents = Metric.counter("jobfit_granted_cents_total", {
  description: "Cents granted, by source (admin, voucher)",
  incremental: true
})

/** analyze_job calls by `outcome`: `fresh` (analysed and charged), `cached` (free, from the store), or the error code. */
export const analyses = Metric.counter("jobfit_analyses_total", {
  description: "analyze_job calls by outcome (fresh, cached, or the error code)",
  incremental: true
})

/** Fresh analyses by `verdict`. */
export const verdicts = Metric.counter("jobfit_verdicts_total", {
  description: "Fresh analyses by verdict",
  incremental: true
})

/** Requests refused by a rate limit, by `policy` (`key`, `analyze`, `client`). */
export const rateLimited = Metric.counter("jobfit_rate_limited_total", {
  description: "Requests refused by a rate limit, by policy (key, analyze, client)",
  incremental: true
})

/**
 * `metric` tagged `label=value`, made once per value and remembered: a tagged metric keeps its series, so counting
 * on the hot path skips the registry's lookup. Only for labels whose values come from a small fixed set.
 */
export const labelled = <Type, In, Out>(metric: Metric.Metric<Type, In, Out>, label: string) => {
  const made = new Map<string, Metric.Metric<Type, In, Out>>()
  return (value: string): Metric.Metric<Type, In, Out> => {
    let found = made.get(value)
    if (found === undefined) {
      found = Metric.tagged(metric, label, value)
      made.set(value, found)
    }
    return found
  }
}
