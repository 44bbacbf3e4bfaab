import { Errors, Prices, Tools } from "@jobfit/core"
import { ToolList } from "@jobfit/mcp"

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[ch]!)

const pretty = (value: unknown) => `<pre><code>${escape(JSON.stringify(value, null, 2))}</code></pre>`

/** A self-contained page describing the API: endpoints, tools with scope, price and arguments, errors. */
export const page = (prices: typeof Prices.Prices.Service = Prices.defaults): string => {
  const price = (name: string) => Prices.of(prices, name)
  const tools = ToolList.make().map((tool) => `
    <section id="${tool.name}">
      <h3><code>${tool.name}</code> — ${escape(tool.title)}</h3>
      <p>${escape(tool.description)}</p>
      <p>Scope <code>${Tools.tools[tool.name].scope}</code> · price ${price(tool.name)} cents</p>
      <details><summary>Arguments (JSON Schema)</summary>${pretty(tool.inputSchema)}</details>
      <details><summary>Result (JSON Schema)</summary>${pretty(tool.outputSchema)}</details>
    </section>`).join("")
  const errors = Object.values(Errors.catalogue)
    .map((entry) => `<tr><td>${entry.status}</td><td><code>${entry.code}</code></td><td>${entry.rpc}</td></tr>`)
    .join("")
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>jobfit API</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:1rem;overflow:auto}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}
section{border-top:1px solid #ddd;margin-top:1.5rem}
</style></head><body>
<h1>jobfit API</h1>
<p>Every request carries <code>Authorization: Bearer &lt;API_KEY&gt;</code>. The machine-readable description is
<a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<h2>Endpoints</h2>
<ul>
<li><code>GET /api/mcp/status</code> — connection test: user, key, credit balance</li>
<li><code>POST /api/mcp/tools/call</code> — <code>{"name": TOOL, "arguments": {...}}</code>; the answer is the tool's result</li>
<li><code>POST /api/mcp</code> — MCP (JSON-RPC 2.0, streamable HTTP)</li>
<li><code>GET /healthz</code> — liveness, no key</li>
<li><code>GET /readyz</code> — readiness: the database and Redis answer, no key</li>
<li><code>GET /metrics</code> — Prometheus metrics (the metrics token, or this machine only)</li>
</ul>
<h2>Tools</h2>${tools}
<h2>Errors</h2>
<p>REST: <code>{"detail": {"code", "message", ...}}</code>. JSON-RPC: <code>error.code</code> and <code>error.data</code>.</p>
<table><thead><tr><th>HTTP</th><th>code</th><th>JSON-RPC</th></tr></thead><tbody>${errors}</tbody></table>
</body></html>`
}
