import { Context, Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as http from "node:http"
import * as path from "node:path"
import * as zlib from "node:zlib"

/** The loopback address the fixture server binds: allowed in tests by the allow-list, refused without it. */
export const FIXTURE_HOST = "127.0.0.2"

const fixtures = path.join(import.meta.dirname, "fixtures", "postings")

export const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), "utf8")

const typeOf = (name: string) =>
  name.endsWith(".html")
    ? "text/html; charset=utf-8"
    : name.endsWith(".txt")
    ? "text/plain; charset=utf-8"
    : name.endsWith(".jsonld")
    ? "application/ld+json"
    : "application/json"

const MB = 1024 * 1024

const route = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  origin: string,
  seen: Map<string, http.IncomingHttpHeaders>
) => {
  const url = new URL(request.url ?? "/", origin)
  seen.set(url.pathname, request.headers)
  const [, first = "", ...rest] = url.pathname.split("/")
  const tail = rest.join("/")
  switch (first) {
    case "page": {
      if (!/^[\w.-]+$/.test(tail)) return response.writeHead(404).end()
      return response.writeHead(200, { "content-type": typeOf(tail) }).end(fixture(tail))
    }
    case "echo-headers":
      return response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(request.headers))
    case "redirect": {
      const n = Number(tail)
      const location = n <= 0 ? "/page/jsonld-plain.html" : `/redirect/${n - 1}`
      return response.writeHead(302, { location }).end()
    }
    case "redirect-to":
      return response.writeHead(301, { location: url.searchParams.get("url") ?? "/" }).end()
    case "status":
      return response.writeHead(Number(tail), { "content-type": "text/html" }).end("<h1>Nope</h1>")
    case "image":
      return response.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(64))
    case "no-type":
      return response.writeHead(200).end(fixture("jsonld-plain.html"))
    case "latin1":
      return response.writeHead(200, { "content-type": "text/html; charset=iso-8859-1" }).end(
        Buffer.from(fixture("jsonld-plain.html").replace("Hamburg", "Lübeck"), "latin1")
      )
    case "gzip":
      return response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end(
        zlib.gzipSync(fixture("jsonld-plain.html"))
      )
    case "brotli-bomb":
      return response.writeHead(200, { "content-type": "text/html", "content-encoding": "br" }).end(
        zlib.brotliCompressSync(Buffer.alloc(3 * MB, " "))
      )
    case "corrupt-gzip":
      return response.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" }).end("not gzip at all")
    case "zstd":
      return response.writeHead(200, { "content-type": "text/html", "content-encoding": "zstd" }).end("?")
    case "big":
      return response.writeHead(200, { "content-type": "text/html", "content-length": String(3 * MB) }).end(
        Buffer.alloc(3 * MB, "a")
      )
    case "big-chunked": {
      response.writeHead(200, { "content-type": "text/html" })
      for (let i = 0; i < 48; i++) response.write(Buffer.alloc(64 * 1024, "a"))
      return response.end()
    }
    case "endless": {
      response.writeHead(200, { "content-type": "text/html" })
      const chunk = Buffer.alloc(64 * 1024, "a")
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once("drain", pump)
      }
      return pump()
    }
    case "drip": {
      response.writeHead(200, { "content-type": "text/html" })
      const timer = setInterval(() => response.write("<p>still here</p>"), 50)
      return response.on("close", () => clearInterval(timer))
    }
    case "hang":
      return
    case "greenhouse":
      return tail === "v1/boards/acme/jobs/4012345"
        ? response.writeHead(200, { "content-type": "application/json" }).end(fixture("greenhouse.json"))
        : response.writeHead(404, { "content-type": "application/json" }).end("{\"status\":404}")
    case "lever":
      return tail === "v0/postings/wingtip/5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
        ? response.writeHead(200, { "content-type": "application/json" }).end(fixture("lever.json"))
        : response.writeHead(404).end()
    case "ashby":
      return tail === "posting-api/job-board/relecloud" && url.searchParams.get("includeCompensation") === "true"
        ? response.writeHead(200, { "content-type": "application/json" }).end(fixture("ashby.json"))
        : response.writeHead(404).end()
    case "smartrecruiters":
      return tail === "v1/companies/Contoso/postings/744000041234567"
        ? response.writeHead(200, { "content-type": "application/json" }).end(fixture("smartrecruiters.json"))
        : response.writeHead(404).end()
    case "workable":
      return tail === "api/v2/accounts/tailwind-traders/jobs/A1B2C3D4E5"
        ? response.writeHead(200, { "content-type": "application/json" }).end(fixture("workable.json"))
        : response.writeHead(404).end()
    // Workday, Recruitee and Personio answer on the posting's own host; tests send them here.
    case "samehost": {
      const files: Readonly<Record<string, readonly [string, string]>> = {
        "wday/cxs/fabrikam/External/job/Columbus-OH/Senior-Payroll-Analyst_R0012345": [
          "workday.json",
          "application/json"
        ],
        "api/offers/warehouse-team-lead": ["recruitee.json", "application/json"],
        "xml": ["personio.xml", "application/xml; charset=utf-8"]
      }
      const file = files[tail]
      return file === undefined
        ? response.writeHead(404).end()
        : response.writeHead(200, { "content-type": file[1] }).end(fixture(file[0]))
    }
    default:
      return response.writeHead(404).end()
  }
}

const portOf = (server: http.Server) => {
  const address = server.address()
  return typeof address === "object" && address !== null ? address.port : 0
}

/** A local HTTP server on 127.0.0.2 serving fixture postings, redirects, slow, endless and oversize bodies. */
export class FixtureServer extends Context.Tag("test/FixtureServer")<FixtureServer, {
  readonly origin: string
  readonly port: number
  /** The headers of the last request for a path. */
  readonly seen: ReadonlyMap<string, http.IncomingHttpHeaders>
}>() {}

const start = Effect.async<{ readonly server: http.Server; readonly seen: Map<string, http.IncomingHttpHeaders> }>(
  (resume) => {
    const seen = new Map<string, http.IncomingHttpHeaders>()
    const server = http.createServer()
    server.on(
      "request",
      (request, response) => route(request, response, `http://${FIXTURE_HOST}:${portOf(server)}`, seen)
    )
    server.listen(0, FIXTURE_HOST, () => resume(Effect.succeed({ server, seen })))
  }
)

const stop = ({ server }: { readonly server: http.Server }) =>
  Effect.async<void>((resume) => {
    server.closeAllConnections()
    server.close(() => resume(Effect.void))
  })

export const layer = Layer.scoped(
  FixtureServer,
  Effect.acquireRelease(start, stop).pipe(
    Effect.map(({ seen, server }) => ({
      origin: `http://${FIXTURE_HOST}:${portOf(server)}`,
      port: portOf(server),
      seen
    }))
  )
)
