import { describe, expect, it } from "@effect/vitest"
import { Metric, MetricBoundaries } from "effect"
import * as Prometheus from "../src/Prometheus.js"

// Metrics of their own names, so that what other tests counted in this process does not show.
const counter = Metric.counter("prom_test_requests_total", { description: "Requests\nby path", incremental: true })
const histogram = Metric.histogram("prom_test_seconds", MetricBoundaries.fromIterable([0.1, 1]), "Seconds")
const gauge = Metric.gauge("prom_test_queue")

const ours = (text: string) => text.split("\n").filter((l) => l.includes("prom_test_")).join("\n")

describe("Prometheus.render", () => {
  it("writes one HELP and TYPE per family, series in a stable order, escaped labels, cumulative buckets to +Inf", () => {
    Metric.tagged(counter, "path", "b").unsafeUpdate(2, [])
    Metric.tagged(counter, "path", "a \"quoted\" \\ back\nslash").unsafeUpdate(1, [])
    for (const v of [0.05, 0.5, 5]) Metric.tagged(histogram, "tool", "x").unsafeUpdate(v, [])
    gauge.unsafeUpdate(-3, [])
    expect(ours(Prometheus.render(Metric.unsafeSnapshot()))).toBe([
      "# HELP prom_test_queue prom_test_queue",
      "# TYPE prom_test_queue gauge",
      "prom_test_queue -3",
      "# HELP prom_test_requests_total Requests\\nby path",
      "# TYPE prom_test_requests_total counter",
      "prom_test_requests_total{path=\"a \\\"quoted\\\" \\\\ back\\nslash\"} 1",
      "prom_test_requests_total{path=\"b\"} 2",
      "# HELP prom_test_seconds Seconds",
      "# TYPE prom_test_seconds histogram",
      "prom_test_seconds_bucket{tool=\"x\",le=\"0.1\"} 1",
      "prom_test_seconds_bucket{tool=\"x\",le=\"1\"} 2",
      "prom_test_seconds_bucket{tool=\"x\",le=\"+Inf\"} 3",
      "prom_test_seconds_sum{tool=\"x\"} 5.55",
      "prom_test_seconds_count{tool=\"x\"} 3"
    ].join("\n"))
  })

  it("ends with the process's memory and uptime, and a newline", () => {
    const text = Prometheus.render([])
    expect(text.endsWith("\n")).toBe(true)
    expect(text).toMatch(/^# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes \d+$/m)
    expect(text).toMatch(/^process_uptime_seconds \d+(\.\d+)?$/m)
  })
})
