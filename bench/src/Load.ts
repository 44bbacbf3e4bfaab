import { performance } from "node:perf_hooks"
import { Pool } from "undici"

/** One server under load: where to POST, the headers every request carries, and which shape it speaks. */
export interface Target {
  readonly name: string
  readonly url: string
  readonly headers: Record<string, string>
  /** mcp (default): JSON-RPC tools/call at /api/mcp or /mcp; rest: `POST /api/mcp/tools/call`. */
  readonly kind?: "mcp" | "rest"
}

/** What one phase of load on one target gave. */
export interface Sample {
  readonly ok: number
  readonly errors: number
  /** Error kinds with their counts and the first message of each. */
  readonly kinds: ReadonlyMap<string, { readonly count: number; readonly first: string }>
  /** Milliseconds per successful request. */
  readonly latencies: ReadonlyArray<number>
  readonly seconds: number
}

/** What a response must hold: the tool result's text, and its structured content (which must serialise the same). */
export interface Expected {
  readonly text: string
}

export interface Client {
  readonly target: Target
  readonly pool: Pool
  readonly path: string
}

export const client = (target: Target, connections: number): Client => {
  const url = new URL(target.url)
  return {
    target,
    path: url.pathname,
    pool: new Pool(url.origin, {
      connections,
      pipelining: 1,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
      keepAliveTimeout: 30_000
    })
  }
}

export const close = (client: Client) => client.pool.close()

/** The request of call number `id`: tools/call get_saved_jobs {limit: 10}, as JSON-RPC or as a REST tool call. */
const body = (kind: "mcp" | "rest", id: number) =>
  kind === "rest"
    ? `{"name":"get_saved_jobs","arguments":{"limit":10}}`
    : `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"get_saved_jobs","arguments":{"limit":10}}}`

/** Why a REST answer is not the expected page (the same JSON, whatever its whitespace), or undefined. */
export const checkRest = (status: number, text: string, expected: Expected) => {
  if (status !== 200) return { kind: `HTTP ${status}`, message: text.slice(0, 300) }
  try {
    return JSON.stringify(JSON.parse(text)) === expected.text
      ? undefined
      : { kind: "wrong page", message: text.slice(0, 300) }
  } catch (cause) {
    return { kind: "unparseable body", message: `${String(cause)}: ${text.slice(0, 300)}` }
  }
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** The JSON-RPC message of a body: the body itself, or the `data:` of an SSE event (the SDK's default answer). */
const messageOf = (text: string, contentType: string): unknown => {
  if (!contentType.includes("text/event-stream")) return JSON.parse(text)
  for (const line of text.split("\n")) {
    if (line.startsWith("data:")) {
      const message: unknown = JSON.parse(line.slice(5))
      if (isRecord(message) && "id" in message) return message
    }
  }
  throw new Error("no JSON-RPC message in the event stream")
}

/** Why a response is not the expected success, or undefined when it is. */
export const check = (
  status: number,
  contentType: string,
  text: string,
  id: number,
  expected: Expected
): { readonly kind: string; readonly message: string } | undefined => {
  if (status !== 200) return { kind: `HTTP ${status}`, message: text.slice(0, 300) }
  let message: unknown
  try {
    message = messageOf(text, contentType)
  } catch (cause) {
    return { kind: "unparseable body", message: `${String(cause)}: ${text.slice(0, 300)}` }
  }
  if (!isRecord(message) || message.jsonrpc !== "2.0" || message.id !== id) {
    return { kind: "not the answer to the request", message: text.slice(0, 300) }
  }
  if ("error" in message) return { kind: "JSON-RPC error", message: JSON.stringify(message.error).slice(0, 300) }
  const result = message.result
  if (!isRecord(result) || result.isError === true) {
    return { kind: "tool error", message: JSON.stringify(result).slice(0, 300) }
  }
  const content = result.content
  const first = Array.isArray(content) ? content[0] : undefined
  if (!isRecord(first) || first.type !== "text" || first.text !== expected.text) {
    return { kind: "wrong text content", message: JSON.stringify(content).slice(0, 300) }
  }
  if (JSON.stringify(result.structuredContent) !== expected.text) {
    return { kind: "wrong structured content", message: JSON.stringify(result.structuredContent).slice(0, 300) }
  }
  return undefined
}

let nextId = 1

/** One request: POST, read the whole body, check it. Resolves with the error, or undefined on success. */
export const once = async (client: Client, expected: Expected) => {
  const id = nextId++
  try {
    const response = await client.pool.request({
      path: client.path,
      method: "POST",
      headers: client.target.headers,
      body: body(client.target.kind ?? "mcp", id)
    })
    const text = await response.body.text()
    if (client.target.kind === "rest") return checkRest(response.statusCode, text, expected)
    const contentType = response.headers["content-type"]
    return check(response.statusCode, typeof contentType === "string" ? contentType : "", text, id, expected)
  } catch (cause) {
    return { kind: "request failed", message: cause instanceof Error ? cause.message : String(cause) }
  }
}

/**
 * `workers` loops, each sending one request after the other, for `seconds`; every response is checked. A request
 * still running at the end is awaited (bounded by the pool's 10 s timeouts) but not counted.
 */
export const phase = async (
  client: Client,
  workers: number,
  seconds: number,
  expected: Expected
): Promise<Sample> => {
  const start = performance.now()
  const end = start + seconds * 1000
  const latencies: Array<number> = []
  const kinds = new Map<string, { count: number; first: string }>()
  let ok = 0
  let errors = 0
  const worker = async () => {
    while (performance.now() < end) {
      const sent = performance.now()
      const failure = await once(client, expected)
      const done = performance.now()
      if (done > end) break
      if (failure === undefined) {
        ok++
        latencies.push(done - sent)
      } else {
        errors++
        const kind = kinds.get(failure.kind)
        if (kind === undefined) kinds.set(failure.kind, { count: 1, first: failure.message })
        else kind.count++
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, worker))
  return { ok, errors, kinds, latencies, seconds: (Math.min(performance.now(), end) - start) / 1000 }
}

/** Several samples of one target as one. */
export const merge = (samples: ReadonlyArray<Sample>): Sample => {
  const kinds = new Map<string, { count: number; first: string }>()
  for (const sample of samples) {
    for (const [name, kind] of sample.kinds) {
      const known = kinds.get(name)
      if (known === undefined) kinds.set(name, { ...kind })
      else known.count += kind.count
    }
  }
  return {
    ok: samples.reduce((n, s) => n + s.ok, 0),
    errors: samples.reduce((n, s) => n + s.errors, 0),
    kinds,
    latencies: samples.flatMap((s) => s.latencies),
    seconds: samples.reduce((n, s) => n + s.seconds, 0)
  }
}

/** The p-th percentile of values sorted ascending (NaN for none). */
export const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

export interface Summary {
  readonly name: string
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly ok: number
  readonly errors: number
}

export const summarize = (name: string, sample: Sample): Summary => {
  const sorted = [...sample.latencies].sort((a, b) => a - b)
  return {
    name,
    rps: sample.ok / sample.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    ok: sample.ok,
    errors: sample.errors
  }
}
