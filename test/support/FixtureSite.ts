import { Effect } from "effect"
import * as fs from "node:fs"
import * as http from "node:http"
import * as path from "node:path"

/** The analyzer's posting pages, served as a job site would serve them. */
export const postingsDir = path.resolve(import.meta.dirname, "../../packages/analyzer/test/fixtures/postings")

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".jsonld": "application/ld+json",
  ".txt": "text/plain; charset=utf-8"
}

/**
 * A site on 127.0.0.2 (loopback, so it must be allowed explicitly) serving `postingsDir` (the query is ignored but for
 * `delay`); closed with the scope.
 */
export const site = Effect.acquireRelease(
  Effect.async<{ readonly server: http.Server; readonly origin: string }>((resume) => {
    const server = http.createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://site")
      const file = path.join(postingsDir, path.basename(url.pathname))
      if (!fs.existsSync(file)) {
        response.writeHead(404).end("not found")
        return
      }
      // `?delay=MS` answers that much later: a slow site, for calls still in flight.
      setTimeout(() => {
        response.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" })
        response.end(fs.readFileSync(file))
      }, Number(url.searchParams.get("delay") ?? 0))
    })
    server.listen(0, "127.0.0.2", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      resume(Effect.succeed({ server, origin: `http://127.0.0.2:${port}` }))
    })
  }),
  ({ server }) => Effect.async<void>((resume) => void server.close(() => resume(Effect.void)))
)
