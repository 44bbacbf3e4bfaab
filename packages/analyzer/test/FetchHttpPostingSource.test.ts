import { assert, describe, layer } from "@effect/vitest"
import { PostingSource } from "@jobfit/core"
import { ConfigProvider, Effect, Layer } from "effect"
import type * as dns from "node:dns"
import * as net from "node:net"
import type { FetchOptions } from "../src/fetch/FetchOptions.js"
import * as HttpPostingSource from "../src/HttpPostingSource.js"
import * as Fixture from "./FetchFixtureServer.js"

const fakeDns: Record<string, ReadonlyArray<dns.LookupAddress>> = {
  "fixture.test": [{ address: "127.0.0.2", family: 4 }],
  "loop.test": [{ address: "127.0.0.1", family: 4 }],
  "rebind.test": [{ address: "127.0.0.2", family: 4 }, { address: "127.0.0.1", family: 4 }]
}

const resolver = (hostname: string) => {
  const found = fakeDns[hostname]
  return found === undefined
    ? Promise.reject(Object.assign(new Error("not found"), { code: "ENOTFOUND" }))
    : Promise.resolve(found)
}

const sourceWith = (options: (origin: string) => FetchOptions) =>
  Layer.unwrapEffect(Effect.map(Fixture.FixtureServer, ({ origin }) => HttpPostingSource.layerWith(options(origin))))

const fetchPosting = (url: string) => Effect.flatMap(PostingSource.PostingSource, (source) => source.fetch(url))

const fetchFailure = (url: string) => fetchPosting(url).pipe(Effect.flip)

const origin = Effect.map(Fixture.FixtureServer, (server) => server.origin)

/** A port on 127.0.0.2 where nothing listens. */
const closedPort = Effect.async<number>((resume) => {
  const server = net.createServer().listen(0, Fixture.FIXTURE_HOST, () => {
    const address = server.address()
    server.close(() => resume(Effect.succeed(typeof address === "object" && address !== null ? address.port : 1)))
  })
})

layer(Fixture.layer, { excludeTestServices: true })("HttpPostingSource", (it) => {
  it.layer(sourceWith((base) => ({
    allow: [Fixture.FIXTURE_HOST],
    timeout: "5 seconds",
    resolver,
    boardApis: {
      greenhouse: `${base}/greenhouse`,
      lever: `${base}/lever`,
      ashby: `${base}/ashby`,
      smartRecruiters: `${base}/smartrecruiters`,
      workable: `${base}/workable`,
      sameHost: `${base}/samehost`
    }
  })))("with the fixture server allow-listed", (it) => {
    it.effect("fetches a page and extracts its posting, keeping the URL as given", () =>
      Effect.gen(function*() {
        const url = `${yield* origin}/page/jsonld-plain.html?ref=Feed`
        const posting = yield* fetchPosting(url)
        assert.strictEqual(posting.url, url)
        assert.strictEqual(posting.title, "Senior TypeScript Engineer")
        assert.strictEqual(posting.company, "Northwind Labs")
        assert.strictEqual(posting.source, "json-ld")
      }))

    it.effect("sends a User-Agent and an Accept header", () =>
      Effect.gen(function*() {
        const server = yield* Fixture.FixtureServer
        yield* fetchPosting(`${server.origin}/page/noisy.html`)
        const headers = server.seen.get("/page/noisy.html")
        assert.match(headers?.["user-agent"] ?? "", /^jobfit\/0\.1 /)
        assert.match(headers?.accept ?? "", /text\/html/)
      }))

    it.effect("follows up to 5 redirects, and refuses a sixth", () =>
      Effect.gen(function*() {
        const base = yield* origin
        const posting = yield* fetchPosting(`${base}/redirect/4`)
        assert.strictEqual(posting.title, "Senior TypeScript Engineer")
        const error = yield* fetchFailure(`${base}/redirect/5`)
        assert.strictEqual(error._tag, "PostingUnreachable")
        assert.strictEqual(error.message, "The posting redirects more than 5 times")
      }))

    it.effect("refuses a redirect to loopback outside the allow-list, to file:, and to credentials", () =>
      Effect.gen(function*() {
        const server = yield* Fixture.FixtureServer
        const to = (target: string) => `${server.origin}/redirect-to?url=${encodeURIComponent(target)}`
        const loop = yield* fetchFailure(to(`http://127.0.0.1:${server.port}/page/jsonld-plain.html`))
        assert.strictEqual(loop._tag, "UrlNotAllowed")
        assert.match(loop.message, /127\.0\.0\.1 is a loopback address/)
        const short = yield* fetchFailure(to(`http://2130706433:${server.port}/`))
        assert.strictEqual(short._tag, "UrlNotAllowed")
        const file = yield* fetchFailure(to("file:///etc/passwd"))
        assert.strictEqual(file._tag, "UrlNotAllowed")
        assert.match(file.message, /scheme file:/)
        const credentials = yield* fetchFailure(to(`http://user:pass@127.0.0.2:${server.port}/`))
        assert.strictEqual(credentials._tag, "UrlNotAllowed")
      }))

    it.effect("checks every resolved address at connect time", () =>
      Effect.gen(function*() {
        const server = yield* Fixture.FixtureServer
        const byName = yield* fetchPosting(`http://fixture.test:${server.port}/page/jsonld-graph.html`)
        assert.strictEqual(byName.title, "Data Engineer")
        assert.strictEqual(server.seen.get("/page/jsonld-graph.html")?.host, `fixture.test:${server.port}`)
        const loop = yield* fetchFailure(`http://loop.test:${server.port}/page/jsonld-plain.html`)
        assert.strictEqual(loop._tag, "UrlNotAllowed")
        assert.match(loop.message, /loop\.test resolves to a forbidden address/)
        const rebind = yield* fetchFailure(`http://rebind.test:${server.port}/page/jsonld-plain.html`)
        assert.strictEqual(rebind._tag, "UrlNotAllowed")
        const redirected = yield* fetchFailure(
          `${server.origin}/redirect-to?url=${encodeURIComponent(`http://loop.test:${server.port}/`)}`
        )
        assert.strictEqual(redirected._tag, "UrlNotAllowed")
      }))

    it.effect("cuts a 3 MB body at 2 MB, whether announced, chunked or endless", () =>
      Effect.gen(function*() {
        const base = yield* origin
        for (const path of ["/big", "/big-chunked", "/endless"]) {
          const error = yield* fetchFailure(`${base}${path}`)
          assert.strictEqual(error._tag, "PostingUnreachable", path)
          assert.strictEqual(error.message, "The posting is larger than 2 MB", path)
        }
      }))

    it.effect("undoes gzip and brotli, capping the decoded size", () =>
      Effect.gen(function*() {
        const server = yield* Fixture.FixtureServer
        assert.strictEqual((yield* fetchPosting(`${server.origin}/gzip`)).title, "Senior TypeScript Engineer")
        assert.match(server.seen.get("/gzip")?.["accept-encoding"] ?? "", /gzip/)
        const bomb = yield* fetchFailure(`${server.origin}/brotli-bomb`)
        assert.strictEqual(bomb.message, "The posting is larger than 2 MB")
        const corrupt = yield* fetchFailure(`${server.origin}/corrupt-gzip`)
        assert.strictEqual(
          corrupt.message,
          `The posting at 127.0.0.2:${server.port} could not be fetched: its compressed body is corrupt`
        )
        const zstd = yield* fetchFailure(`${server.origin}/zstd`)
        assert.strictEqual(
          zstd.message,
          `The posting at 127.0.0.2:${server.port} is encoded as zstd, which jobfit cannot read`
        )
      }))

    it.effect("answers POSTING_UNREACHABLE for non-2xx statuses, with the status", () =>
      Effect.gen(function*() {
        const base = yield* origin
        const missing = yield* fetchFailure(`${base}/status/404`)
        assert.strictEqual(missing._tag, "PostingUnreachable")
        assert.strictEqual(
          missing.message,
          "The posting at 127.0.0.2:" + base.split(":")[2] + " answered HTTP 404 (Not Found)"
        )
        const broken = yield* fetchFailure(`${base}/status/500`)
        assert.match(broken.message, /answered HTTP 500 \(Internal Server Error\)$/)
      }))

    it.effect("refuses content types that are not pages or JSON, before reading them", () =>
      Effect.gen(function*() {
        const error = yield* fetchFailure(`${yield* origin}/image`)
        assert.strictEqual(error._tag, "PostingUnreachable")
        assert.match(error.message, /is image\/png, not a web page or JSON document$/)
      }))

    it.effect("reads pages without a content type, and in the charset the server names", () =>
      Effect.gen(function*() {
        const base = yield* origin
        assert.strictEqual((yield* fetchPosting(`${base}/no-type`)).title, "Senior TypeScript Engineer")
        assert.strictEqual((yield* fetchPosting(`${base}/latin1`)).location, "Lübeck, HH, DE")
      }))

    it.effect("reads JSON-LD served as JSON and plain text", () =>
      Effect.gen(function*() {
        const base = yield* origin
        assert.strictEqual((yield* fetchPosting(`${base}/page/posting.jsonld`)).title, "Technical Writer")
        assert.strictEqual((yield* fetchPosting(`${base}/page/plain.txt`)).title, "QA Automation Engineer")
        const json = yield* fetchFailure(`${base}/page/ashby.json`)
        assert.strictEqual(
          json.message,
          "The page at 127.0.0.2 does not look like a job posting; if the posting is on that page behind a sign-in " +
            "or a script, pass its text as posting_text"
        )
      }))

    it.effect("says a page without a posting is not one", () =>
      Effect.gen(function*() {
        const error = yield* fetchFailure(`${yield* origin}/page/not-a-posting.html`)
        assert.strictEqual(error._tag, "PostingUnreachable")
        assert.match(error.message, /is a sign-in wall, not the posting; .* pass it as posting_text/)
      }))

    it.effect("reports a refused connection without details", () =>
      Effect.gen(function*() {
        const port = yield* closedPort
        const error = yield* fetchFailure(`http://${Fixture.FIXTURE_HOST}:${port}/`)
        assert.strictEqual(error._tag, "PostingUnreachable")
        assert.strictEqual(
          error.message,
          `The posting at 127.0.0.2:${port} could not be fetched: the connection was refused`
        )
      }))

    it.effect("asks the Greenhouse, Lever and Ashby APIs for their postings", () =>
      Effect.gen(function*() {
        const greenhouse = yield* fetchPosting("https://boards.greenhouse.io/acme/jobs/4012345?gh_src=x")
        assert.strictEqual(greenhouse.source, "greenhouse")
        assert.strictEqual(greenhouse.url, "https://boards.greenhouse.io/acme/jobs/4012345?gh_src=x")
        assert.strictEqual(greenhouse.title, "Staff Software Engineer, Payments")
        const embedded = yield* fetchPosting("https://boards.greenhouse.io/embed/job_app?for=acme&token=4012345")
        assert.strictEqual(embedded.title, "Staff Software Engineer, Payments")
        const lever = yield* fetchPosting("https://jobs.lever.co/wingtip/5f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d")
        assert.strictEqual(lever.source, "lever")
        assert.strictEqual(lever.title, "Machine Learning Engineer")
        const ashby = yield* fetchPosting(
          "https://jobs.ashbyhq.com/relecloud/0a1b2c3d-0000-4000-8000-000000000002/application"
        )
        assert.strictEqual(ashby.source, "ashby")
        assert.strictEqual(ashby.title, "Product Designer")
        const gone = yield* fetchFailure("https://job-boards.greenhouse.io/acme/jobs/999")
        assert.strictEqual(gone._tag, "PostingUnreachable")
        assert.match(gone.message, /HTTP 404/)
        const closed = yield* fetchFailure("https://jobs.ashbyhq.com/relecloud/0a1b2c3d-0000-4000-8000-000000000009")
        assert.strictEqual(closed.message, "The posting is no longer on the Ashby job board")
      }))

    it.effect("asks Workday, SmartRecruiters, Workable, Recruitee and Personio for theirs, through the same guard", () =>
      Effect.gen(function*() {
        const got = (href: string) => Effect.map(fetchPosting(href), (p) => [p.source, p.title, p.url])
        const workday =
          "https://fabrikam.wd5.myworkdayjobs.com/en-US/External/job/Columbus-OH/Senior-Payroll-Analyst_R0012345"
        assert.deepStrictEqual(yield* got(workday), ["workday", "Senior Payroll Analyst", workday])
        assert.deepStrictEqual(
          yield* got("https://jobs.smartrecruiters.com/Contoso/744000041234567-logistics-coordinator"),
          [
            "smartrecruiters",
            "Logistics Coordinator",
            "https://jobs.smartrecruiters.com/Contoso/744000041234567-logistics-coordinator"
          ]
        )
        assert.deepStrictEqual(
          yield* got("https://apply.workable.com/tailwind-traders/j/A1B2C3D4E5/"),
          ["workable", "Customer Success Manager", "https://apply.workable.com/tailwind-traders/j/A1B2C3D4E5/"]
        )
        assert.deepStrictEqual(
          yield* got("https://litware.recruitee.com/o/warehouse-team-lead"),
          ["recruitee", "Warehouse Team Lead", "https://litware.recruitee.com/o/warehouse-team-lead"]
        )
        assert.deepStrictEqual(
          yield* got("https://adatum.jobs.personio.de/job/1002"),
          ["personio", "Backend Engineer (Go)", "https://adatum.jobs.personio.de/job/1002"]
        )
        const seen = (yield* Fixture.FixtureServer).seen
        assert.include(seen.get("/samehost/xml")?.accept ?? "", "application/xml")
        const gone = yield* fetchFailure("https://jobs.smartrecruiters.com/Contoso/744000049999999")
        assert.match(gone.message, /HTTP 404/)
        const closed = yield* fetchFailure("https://adatum.jobs.personio.de/job/4040")
        assert.strictEqual(closed.message, "The posting is no longer in the Personio job feed")
      }))
  })

  it.layer(sourceWith(() => ({ allow: [Fixture.FIXTURE_HOST], timeout: "400 millis" })))(
    "with a short timeout",
    (it) => {
      it.effect("gives up on a server that never answers", () =>
        Effect.gen(function*() {
          const error = yield* fetchFailure(`${yield* origin}/hang`)
          assert.strictEqual(error._tag, "PostingUnreachable")
          assert.strictEqual(error.message, "The posting did not load within 400ms")
        }))

      it.effect("cuts a body that never ends", () =>
        Effect.gen(function*() {
          const error = yield* fetchFailure(`${yield* origin}/drip`)
          assert.strictEqual(error._tag, "PostingUnreachable")
          assert.strictEqual(error.message, "The posting did not load within 400ms")
        }))
    }
  )

  it.layer(sourceWith(() => ({})))("without an allow-list", (it) => {
    it.effect("refuses every loopback form before connecting", () =>
      Effect.gen(function*() {
        const forms = [
          "http://127.0.0.1/",
          "http://localhost/",
          "http://[::1]/",
          "http://2130706433/",
          "http://0x7f000001/",
          "http://[::ffff:127.0.0.1]/",
          "http://0177.0.0.1/",
          "http://127.1/",
          yield* origin
        ]
        for (const url of forms) {
          const error = yield* fetchFailure(url)
          assert.strictEqual(error._tag, "UrlNotAllowed", url)
        }
        const error = yield* fetchFailure("http://0x7f000001/jobs/1")
        assert.strictEqual(error.message, "The address 127.0.0.1 is a loopback address and may not be fetched")
      }))

    it.effect("refuses other schemes and credentials", () =>
      Effect.gen(function*() {
        for (const url of ["file:///etc/passwd", "ftp://127.0.0.2/posting.txt", "http://user:pw@127.0.0.2/"]) {
          const error = yield* fetchFailure(url)
          assert.strictEqual(error._tag, "UrlNotAllowed", url)
        }
      }))
  })

  describe("HttpPostingSource.layer", () => {
    const withAllow = (value: string) =>
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["JOBFIT_FETCH_ALLOW", value]])))

    it.effect("reads JOBFIT_FETCH_ALLOW", () =>
      Effect.gen(function*() {
        const url = `${yield* origin}/page/jsonld-remote.html`
        const posting = yield* fetchPosting(url).pipe(
          Effect.provide(HttpPostingSource.layer),
          withAllow(" 127.0.0.2 , ::1 ")
        )
        assert.strictEqual(posting.title, "Site Reliability Engineer")
        const refused = yield* fetchFailure(url).pipe(Effect.provide(HttpPostingSource.layer), withAllow(""))
        assert.strictEqual(refused._tag, "UrlNotAllowed")
      }))

    it.effect("fails at start on a bad value, naming the variable", () =>
      Effect.gen(function*() {
        const error = yield* Layer.build(HttpPostingSource.layer).pipe(
          Effect.scoped,
          withAllow("127.0.0.2, not a host!"),
          Effect.flip
        )
        assert.match(String(error), /JOBFIT_FETCH_ALLOW/)
        assert.match(String(error), /not a host!/)
      }))
  })
})
