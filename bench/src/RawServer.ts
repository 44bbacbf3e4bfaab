/**
 * The floors of `pnpm bench:http`: a raw node:http server doing the work of `get_saved_jobs {"limit":10}` with no
 * framework, no Effect and no layers, answering both jobfit paths in their shapes:
 *   POST /api/mcp/tools/call  {"name":"get_saved_jobs","arguments":{"limit":10}}  -> the page (REST)
 *   POST /api/mcp             tools/call JSON-RPC                                  -> the page as a tool result
 *
 * BENCH_RAW=map: the Bearer key looked up in a Map, the body parsed and validated, a fixed page serialised each
 * time (the floor of HTTP + JSON). BENCH_RAW=sqlite: the same two queries the SQL store runs (the key by its
 * SHA-256, then the page and its count) with prepared better-sqlite3 statements on the same file, serialised the
 * same way (the floor with a real database).
 */
import Database from "better-sqlite3"
import { createHash } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"

const mode = process.env["BENCH_RAW"] === "sqlite" ? "sqlite" : "map"
const need = (name: string): string => {
  const value = process.env[name]
  if (value === undefined || value === "") throw new Error(`${name} is not set`)
  return value
}

interface JobRow {
  readonly id: number
  readonly title: string
  readonly company: string
  readonly location: string
  readonly match_score: number
  readonly verdict: string
  readonly status: string
  readonly analyzed_at: number
  readonly url: string
}

/** The page as the Gateway encodes it: Job fields in order, ISO times, the keyset cursor. */
const pageOf = (rows: ReadonlyArray<JobRow>, limit: number, total: number) => {
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const hasMore = rows.length > limit
  return {
    jobs: page.map((r) => ({
      id: r.id,
      title: r.title,
      company: r.company,
      location: r.location,
      match_score: r.match_score,
      verdict: r.verdict,
      status: r.status,
      analyzed_at: new Date(r.analyzed_at).toISOString(),
      url: r.url
    })),
    total,
    has_more: hasMore,
    next_cursor: hasMore && last !== undefined ? `${last.analyzed_at.toString(36)}.${last.id.toString(36)}` : null
  }
}

/** The work after the body is read: a user id for the key, then the page's JSON; undefined when refused. */
type Work = (secret: string, limit: number) => string | undefined

const mapWork = (): Work => {
  const users = new Map([[need("BENCH_KEY"), 1]])
  const page: unknown = JSON.parse(need("BENCH_PAGE"))
  return (secret) => (users.has(secret) ? JSON.stringify(page) : undefined)
}

const sqliteWork = (): Work => {
  const db = new Database(need("BENCH_DATABASE"), { readonly: true })
  const key = db.prepare<[string], { user_id: number; scopes: string; revoked_at: number | null }>(
    "SELECT k.user_id, k.scopes, k.revoked_at FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.secret_hash = ?"
  )
  const jobs = db.prepare<[number, number], JobRow>(
    "SELECT id, title, company, location, match_score, verdict, status, analyzed_at, url FROM jobs " +
      "WHERE user_id = ? ORDER BY analyzed_at DESC, id DESC LIMIT ?"
  )
  const count = db.prepare<[number], { total: number }>("SELECT COUNT(*) AS total FROM jobs WHERE user_id = ?")
  return (secret, limit) => {
    const found = key.get(createHash("sha256").update(secret).digest("hex"))
    if (found === undefined || found.revoked_at !== null || !found.scopes.includes("jobs_read")) return undefined
    return JSON.stringify(pageOf(jobs.all(found.user_id, limit + 1), limit, count.get(found.user_id)!.total))
  }
}

const work = mode === "sqlite" ? sqliteWork() : mapWork()

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** `{"limit": n}` with n a whole number from 1 to 50, and nothing else; the limit, or undefined. */
const limitOf = (args: unknown): number | undefined => {
  if (!isRecord(args)) return undefined
  const keys = Object.keys(args)
  const limit = args["limit"]
  return keys.length === 1 && typeof limit === "number" && Number.isInteger(limit) && limit >= 1 && limit <= 50
    ? limit
    : undefined
}

const send = (res: ServerResponse, status: number, body: string) =>
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body)

const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
  const auth = req.headers.authorization ?? ""
  const secret = auth.startsWith("Bearer ") ? auth.slice(7) : ""
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return send(res, 400, "{\"detail\":{\"code\":\"INVALID_REQUEST\",\"message\":\"not JSON\"}}")
  }
  if (req.url === "/api/mcp/tools/call") {
    const limit = isRecord(body) && body["name"] === "get_saved_jobs" ? limitOf(body["arguments"]) : undefined
    if (limit === undefined) return send(res, 400, "{\"detail\":{\"code\":\"INVALID_REQUEST\"}}")
    const page = work(secret, limit)
    return page === undefined
      ? send(res, 401, "{\"detail\":{\"code\":\"INVALID_API_KEY\"}}")
      : send(res, 200, page)
  }
  if (req.url === "/api/mcp") {
    const params = isRecord(body) ? body["params"] : undefined
    const id = isRecord(body) ? body["id"] : null
    const limit = isRecord(body) && body["method"] === "tools/call" && isRecord(params) &&
        params["name"] === "get_saved_jobs"
      ? limitOf(params["arguments"])
      : undefined
    if (limit === undefined) return send(res, 200, JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32602 } }))
    const page = work(secret, limit)
    if (page === undefined) return send(res, 401, JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32001 } }))
    // The page's text once as text content and once as structured content, as the MCP answer carries it.
    return send(
      res,
      200,
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":${
        JSON.stringify(page)
      }}],"structuredContent":${page},"isError":false}}`
    )
  }
  return send(res, 404, "{}")
}

const server = createServer((req, res) => {
  const chunks: Array<Buffer> = []
  req.on("data", (chunk: Buffer) => chunks.push(chunk))
  req.once("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")))
})
server.keepAliveTimeout = 30_000
server.listen(0, "127.0.0.1", () => {
  const address = server.address()
  const port = address !== null && typeof address === "object" ? address.port : 0
  if (process.send) process.send({ _tag: "Ready", url: `http://127.0.0.1:${port}` })
  else process.stderr.write(`listening on 127.0.0.1:${port}\n`)
})
