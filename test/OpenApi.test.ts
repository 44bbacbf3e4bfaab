import { assert, describe, layer } from "@effect/vitest"
import { Errors, Tools } from "@jobfit/core"
import { errorSamples } from "@jobfit/testing"
import { Effect } from "effect"
import * as Client from "./support/Client.js"
import { sqlite } from "./support/Databases.js"
import * as TestServer from "./support/TestServer.js"

/** Every `$ref` in `value`, to check that each one points into the document. */
const refs = (value: unknown): Array<string> =>
  Array.isArray(value)
    ? value.flatMap(refs)
    : typeof value === "object" && value !== null
    ? Object.entries(value).flatMap((
      [key, inner]
    ) => (key === "$ref" && typeof inner === "string" ? [inner] : refs(inner)))
    : []

const resolve = (document: unknown, ref: string): unknown =>
  ref.slice(2).split("/").reduce<unknown>(
    (node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined),
    document
  )

describe("API description", () => {
  layer(TestServer.layer({ store: sqlite }), { excludeTestServices: true, timeout: "60 seconds" })((it) => {
    it.effect("/openapi.json is an OpenAPI 3.1 document of every endpoint and tool, with no dangling $ref", () =>
      Effect.gen(function*() {
        const reply = yield* Client.request("/openapi.json")
        assert.strictEqual(reply.status, 200)
        const document = reply.body as {
          openapi: string
          paths: Record<
            string,
            Record<
              string,
              { requestBody?: { content: Record<string, { schema: { oneOf: Array<{ title: string }> } }> } }
            >
          >
        }
        assert.strictEqual(document.openapi, "3.1.0")
        assert.deepStrictEqual(Object.keys(document.paths).sort(), [
          "/api/mcp",
          "/api/mcp/status",
          "/api/mcp/tools/call",
          "/healthz",
          "/metrics",
          "/readyz"
        ])
        const calls =
          document.paths["/api/mcp/tools/call"]!.post!.requestBody!.content["application/json"]!.schema.oneOf
        assert.deepStrictEqual(calls.map((c) => c.title).sort(), Object.keys(Tools.tools).sort())
        const all = refs(document)
        assert.isAbove(all.length, 0)
        for (const ref of all) assert.isDefined(resolve(document, ref), ref)
      }))

    it.effect("documents every field each error sends, with its type, and every code", () =>
      Effect.gen(function*() {
        const reply = yield* Client.request("/openapi.json")
        const detail = (reply.body as {
          components: {
            schemas: {
              Error: { properties: { detail: { properties: Record<string, { type?: string; enum?: Array<string> }> } } }
            }
          }
        }).components.schemas.Error.properties.detail.properties
        // One error of each kind, every optional field filled in, as the Gateway sends them.
        const samples = errorSamples()
        assert.sameMembers(samples.map((e) => e._tag), Object.keys(Errors.catalogue))
        for (const error of samples) {
          const body = Errors.restBody(error).detail
          assert.include(detail["code"]?.enum ?? [], body.code, error._tag)
          for (const [field, value] of Object.entries(body)) {
            const documented = detail[field]
            assert.isDefined(documented, `${error._tag}.${field} is not documented`)
            const type = typeof value === "number" ? (Number.isInteger(value) ? ["integer", "number"] : ["number"]) : [
              "string"
            ]
            assert.include(type, documented?.type, `${error._tag}.${field}`)
          }
        }
      }))

    it.effect("/docs is a page naming every tool, with no key needed", () =>
      Effect.gen(function*() {
        const reply = yield* Client.request("/docs")
        assert.strictEqual(reply.status, 200)
        assert.include(reply.headers.get("content-type"), "text/html")
        for (const name of Object.keys(Tools.tools)) assert.include(reply.text, `<code>${name}</code>`)
      }))
  })
})

describe("API description at the server's own prices", () => {
  layer(TestServer.layer({ store: sqlite, prices: { analyze_job: 7, generate_cv: 13 } }), {
    excludeTestServices: true,
    timeout: "60 seconds"
  })((it) => {
    it.effect("/docs and /openapi.json show the prices the server charges", () =>
      Effect.gen(function*() {
        const docs = yield* Client.request("/docs")
        assert.include(docs.text, "price 7 cents")
        assert.include(docs.text, "price 13 cents")
        assert.notInclude(docs.text, "price 5 cents")
        const openApi = yield* Client.request("/openapi.json")
        assert.include(openApi.text, "Price: 7 cents.")
        assert.include(openApi.text, "Price: 13 cents.")
      }))
  })
})
