import { assert, describe, layer } from "@effect/vitest"
import type { Scope } from "@jobfit/core"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { LoggingMessageNotificationSchema, McpError } from "@modelcontextprotocol/sdk/types.js"
import { Effect } from "effect"
import { sqlite } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

/** The official SDK client, connected with a key of these scopes; closed with the test's scope. */
const connect = (setup: { scopes?: ReadonlyArray<Scope.Scope>; cents?: number } = {}) =>
  Effect.gen(function*() {
    const seeded = yield* Fixtures.user({
      cents: setup.cents ?? 100,
      ...(setup.scopes ? { scopes: setup.scopes } : {})
    })
    const { baseUrl } = yield* TestServer.TestServer
    const client = new McpClient({ name: "jobfit-e2e", version: "1.0.0" })
    const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${seeded.key}` } }
    })
    yield* Effect.acquireRelease(
      Effect.promise(() => client.connect(transport)),
      () => Effect.promise(() => client.close())
    )
    const analyze = (name: string) =>
      Effect.promise(() =>
        client.callTool({ name: "analyze_job", arguments: { job_url: `https://jobs.example.com/${name}` } })
      )
        .pipe(Effect.map((r) => (r.structuredContent as { job_id: number }).job_id))
    return { client, seeded, analyze }
  })

const textOf = (content: object) => (content as { text: string }).text

/** The JSON-RPC error a client call failed with: its code and data. */
const rpcError = <A>(promise: () => Promise<A>) =>
  Effect.map(Effect.flip(Effect.tryPromise(promise)), (failure) => {
    assert.instanceOf(failure.error, McpError)
    const error = failure.error as McpError
    return { code: error.code, data: error.data }
  })

describe("MCP resources, prompts, completions and logging", () => {
  layer(TestServer.layer({ store: sqlite }), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
    it.effect("declares the capabilities, lists and reads the profile and the jobs, a page at a time", () =>
      Effect.gen(function*() {
        const { analyze, client } = yield* connect({ cents: 52 * 5 })
        assert.deepStrictEqual(client.getServerCapabilities(), {
          tools: { listChanged: false },
          resources: { listChanged: false, subscribe: false },
          prompts: { listChanged: false },
          completions: {},
          logging: {}
        })
        const ids: Array<number> = []
        for (let i = 0; i < 52; i++) ids.push(yield* analyze(`backend-${i}`))
        const first = yield* Effect.promise(() => client.listResources())
        assert.deepStrictEqual(first.resources.slice(0, 2).map((r) => r.uri), ["jobfit://profile", "jobfit://jobs"])
        assert.strictEqual(first.resources.length, 52)
        assert.deepInclude(first.resources[2], {
          uri: `jobfit://jobs/${ids[51]}`,
          name: `job-${ids[51]}`,
          title: "backend-51 — Acme",
          description: "80/100 APPLY, analyzed; Berlin",
          mimeType: "application/json"
        })
        assert.isString(first.nextCursor)
        const second = yield* Effect.promise(() => client.listResources({ cursor: first.nextCursor! }))
        assert.deepStrictEqual(second.resources.map((r) => r.uri), [
          `jobfit://jobs/${ids[1]}`,
          `jobfit://jobs/${ids[0]}`
        ])
        assert.isUndefined(second.nextCursor)

        const job = yield* Effect.promise(() => client.readResource({ uri: `jobfit://jobs/${ids[0]}` }))
        assert.deepStrictEqual(job.contents.map((c) => c.mimeType), ["application/json", "text/markdown"])
        const json = JSON.parse(textOf(job.contents[0]!)) as Record<string, unknown>
        assert.deepInclude(json, { id: ids[0], title: "backend-0", match_score: 80, verdict: "APPLY" })
        assert.deepInclude(json["analysis"] as object, { missing_skills: ["Rust"], assessment: "A good fit." })
        const markdown = textOf(job.contents[1]!)
        assert.include(markdown, "# backend-0\n")
        assert.include(markdown, "**Score 80/100 — APPLY**")
        assert.include(markdown, "- Missing skills: Rust")
        const profile = yield* Effect.promise(() => client.readResource({ uri: "jobfit://profile" }))
        assert.deepStrictEqual(JSON.parse(textOf(profile.contents[0]!)).resume, Fixtures.resume)
        // Reading is free: the balance is what the 52 analyses left.
        const credits = yield* Effect.promise(() => client.callTool({ name: "get_credits", arguments: {} }))
        assert.deepStrictEqual(credits.structuredContent, { credits: { balance_dollars: "0.00", balance_cents: 0 } })
      }).pipe(Effect.scoped))

    it.effect("a generated CV is a resource once paid for, read free; before that it is not found", () =>
      Effect.gen(function*() {
        const { analyze, client } = yield* connect({ cents: 15 })
        const id = yield* analyze("cv-role")
        const uri = `jobfit://jobs/${id}/cv.md`
        assert.deepStrictEqual(
          yield* rpcError(() => client.readResource({ uri })),
          { code: -32002, data: { code: "RESOURCE_NOT_FOUND", uri } }
        )
        yield* Effect.promise(() => client.callTool({ name: "generate_cv", arguments: { job_id: id } }))
        const read = yield* Effect.promise(() => client.readResource({ uri }))
        assert.deepStrictEqual(read.contents, [{ uri, mimeType: "text/markdown", text: "CV (markdown) for cv-role" }])
        const again = yield* Effect.promise(() => client.readResource({ uri }))
        assert.deepStrictEqual(again.contents, read.contents)
        const stored = yield* Effect.promise(() => client.callTool({ name: "get_cv", arguments: { job_id: id } }))
        assert.deepInclude(stored.structuredContent, {
          job_id: id,
          format: "markdown",
          content: "CV (markdown) for cv-role"
        })
        const html = yield* Effect.promise(() =>
          client.callTool({ name: "get_cv", arguments: { job_id: id, format: "html" } })
        )
        assert.deepStrictEqual(html.content, [{
          type: "text",
          text: `CV_NOT_FOUND: No html CV was generated for job ${id}; generate_cv makes one (paid)`
        }])
        // Reading charged nothing: the balance is what the analysis and the one CV left.
        const credits = yield* Effect.promise(() => client.callTool({ name: "get_credits", arguments: {} }))
        assert.deepStrictEqual(credits.structuredContent, { credits: { balance_dollars: "0.00", balance_cents: 0 } })
        const templates = yield* Effect.promise(() => client.listResourceTemplates())
        assert.deepStrictEqual(templates.resourceTemplates.map((t) => t.uriTemplate), [
          "jobfit://jobs/{id}",
          "jobfit://jobs/{id}/cv.md"
        ])
      }).pipe(Effect.scoped))

    it.effect("scopes apply as for the tools, and another user's job is not found", () =>
      Effect.gen(function*() {
        const owner = yield* connect()
        const id = yield* owner.analyze("private")
        const other = yield* connect()
        assert.deepStrictEqual(
          yield* rpcError(() => other.client.readResource({ uri: `jobfit://jobs/${id}` })),
          { code: -32002, data: { code: "RESOURCE_NOT_FOUND", uri: `jobfit://jobs/${id}` } }
        )
        assert.strictEqual((yield* rpcError(() => other.client.readResource({ uri: "jobfit://nothing" }))).code, -32002)
        const narrow = yield* connect({ scopes: ["credits_read"] })
        const listed = yield* Effect.promise(() => narrow.client.listResources())
        assert.deepStrictEqual(listed.resources, [])
        assert.deepStrictEqual(
          yield* rpcError(() => narrow.client.readResource({ uri: `jobfit://jobs/${id}` })),
          {
            code: -32004,
            data: {
              code: "SCOPE_NOT_ALLOWED",
              required_scope: "jobs_read",
              dashboard_url: `${TestServer.DASHBOARD_URL}/keys`
            }
          }
        )
        const profileOnly = yield* connect({ scopes: ["profile_read"] })
        const only = yield* Effect.promise(() => profileOnly.client.listResources())
        assert.deepStrictEqual(only.resources.map((r) => r.uri), ["jobfit://profile"])
      }).pipe(Effect.scoped))

    it.effect("prompts reference the resources; bad arguments are -32602", () =>
      Effect.gen(function*() {
        const { analyze, client } = yield* connect()
        const a = yield* analyze("platform-engineer")
        const b = yield* analyze("data-engineer")
        const { prompts } = yield* Effect.promise(() => client.listPrompts())
        assert.deepStrictEqual(prompts.map((p) => p.name), ["assess-job", "tailor-cv", "compare-jobs", "weekly-review"])
        assert.deepStrictEqual(prompts[1]!.arguments?.map((x) => [x.name, x.required]), [["job_id", true], [
          "format",
          false
        ]])
        const tailor = yield* Effect.promise(() =>
          client.getPrompt({ name: "tailor-cv", arguments: { job_id: String(a) } })
        )
        assert.deepInclude(tailor.messages[0]!.content, { type: "resource" })
        const embedded = (tailor.messages[0]!.content as { resource: { uri: string; text: string } }).resource
        assert.deepStrictEqual([embedded.uri, embedded.text.split("\n")[0]], [
          `jobfit://jobs/${a}`,
          "# platform-engineer"
        ])
        assert.include(
          (tailor.messages[1]!.content as { text: string }).text,
          `generate_cv with job_id ${a} and format markdown`
        )
        const compare = yield* Effect.promise(() =>
          client.getPrompt({ name: "compare-jobs", arguments: { job_ids: `${a}, ${b}` } })
        )
        assert.strictEqual(compare.messages.length, 3)
        const assess = yield* Effect.promise(() =>
          client.getPrompt({ name: "assess-job", arguments: { job_url: "https://jobs.example.com/x" } })
        )
        assert.include((assess.messages[0]!.content as { text: string }).text, "https://jobs.example.com/x")
        const review = yield* Effect.promise(() =>
          client.getPrompt({ name: "weekly-review", arguments: { status: "all" } })
        )
        assert.include(
          (review.messages[0]!.content as { text: string }).text,
          `job ${b}: data-engineer at Acme, 80/100 APPLY`
        )
        for (
          const [name, args] of [
            ["compare-jobs", { job_ids: String(a) }],
            ["tailor-cv", { job_id: "x" }],
            ["tailor-cv", { job_id: String(a), format: "pdf" }],
            ["tailor-cv", { job_id: "999999" }],
            ["weekly-review", { status: "lost" }],
            ["no-such-prompt", {}]
          ] as const
        ) {
          assert.strictEqual((yield* rpcError(() => client.getPrompt({ name, arguments: args }))).code, -32602)
        }
      }).pipe(Effect.scoped))

    it.effect("completes job ids by id, title or company, statuses and formats", () =>
      Effect.gen(function*() {
        const { analyze, client } = yield* connect()
        const kotlin = yield* analyze("kotlin-developer")
        const nurse = yield* analyze("night-nurse")
        const complete = (
          ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
          name: string,
          value: string
        ) => Effect.map(Effect.promise(() => client.complete({ ref, argument: { name, value } })), (r) => r.completion)
        const tailor = { type: "ref/prompt" as const, name: "tailor-cv" }
        assert.deepStrictEqual((yield* complete(tailor, "job_id", "kot")).values, [String(kotlin)])
        assert.deepStrictEqual((yield* complete(tailor, "job_id", "NUR")).values, [String(nurse)])
        assert.deepStrictEqual((yield* complete(tailor, "job_id", "acme")).values, [String(nurse), String(kotlin)])
        assert.deepStrictEqual((yield* complete(tailor, "format", "h")).values, ["html"])
        assert.deepStrictEqual(
          (yield* complete({ type: "ref/prompt", name: "weekly-review" }, "status", "a")).values,
          ["all", "analyzed", "applied"]
        )
        assert.deepStrictEqual(
          (yield* complete({ type: "ref/prompt", name: "compare-jobs" }, "job_ids", `${kotlin}, ni`)).values,
          [`${kotlin}, ${nurse}`]
        )
        assert.deepStrictEqual(
          (yield* complete({ type: "ref/resource", uri: "jobfit://jobs/{id}" }, "id", String(nurse))).values,
          [String(nurse)]
        )
        assert.deepStrictEqual(yield* complete({ type: "ref/prompt", name: "unknown" }, "x", ""), {
          values: [],
          total: 0,
          hasMore: false
        })
      }).pipe(Effect.scoped))

    it.effect("logging/setLevel: an analysis tells what it does at the level asked for, and nothing before", () =>
      Effect.gen(function*() {
        const { client } = yield* connect()
        const messages: Array<{ level: string; data: Record<string, unknown> }> = []
        client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
          messages.push({ level: note.params.level, data: note.params.data as Record<string, unknown> })
        })
        const call = (name: string) =>
          Effect.promise(() =>
            client.callTool({ name: "analyze_job", arguments: { job_url: `https://jobs.example.com/${name}` } })
          )
        yield* call("quiet")
        assert.deepStrictEqual(messages, [])
        yield* Effect.promise(() => client.setLoggingLevel("info"))
        yield* call("chatty")
        assert.deepStrictEqual(messages.map((m) => [m.level, m.data["message"]]), [
          ["info", "Fetching https://jobs.example.com/chatty"],
          ["info", "Read \"chatty\" at Acme"]
        ])
        assert.deepInclude(messages[1]!.data, { source: "unknown", title: "chatty", company: "Acme" })
        messages.length = 0
        yield* call("chatty")
        assert.deepStrictEqual(messages.map((m) => m.data["message"]), [
          "Answered from the analysis saved in the last 24 hours (free)"
        ])
        messages.length = 0
        yield* Effect.promise(() => client.setLoggingLevel("warning"))
        yield* call("also-quiet")
        assert.deepStrictEqual(messages, [])
        yield* call("unreachable")
        assert.deepStrictEqual(messages.map((m) => [m.level, m.data["message"], m.data["code"]]), [
          ["warning", "The posting could not be read: The posting answered 404", "POSTING_UNREACHABLE"]
        ])
        assert.strictEqual((yield* rpcError(() => client.setLoggingLevel("loud" as "info"))).code, -32602)
      }).pipe(Effect.scoped))
  })
})
