import { Errors, Idempotency, Prices, Server, Tools } from "@jobfit/core"
import { JSONSchema, type Schema } from "effect"

type JsonSchema = JSONSchema.JsonSchema7

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } }
})

/** The statuses the catalogue can answer a tool call with, each with the codes behind it. */
const errorStatuses = (): Record<string, ReturnType<typeof errorResponse>> => {
  const byStatus = new Map<number, Array<string>>()
  for (const entry of Object.values(Errors.catalogue)) {
    byStatus.set(entry.status, [...(byStatus.get(entry.status) ?? []), entry.code])
  }
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => [String(status), errorResponse(codes.join(", "))])
  )
}

/** The header that makes a tool call run once per key and user (24 hours). */
const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "Runs the call once per key and user for 24 hours: a retry with the same arguments gets the first " +
    "answer (same status, same body) without a second charge; other arguments, or a retry while the first still " +
    "runs, are 409 IDEMPOTENCY_CONFLICT. A call that failed frees its key. On /api/mcp it applies to tools/call (or " +
    `put it in params._meta["${Idempotency.META_KEY}"]).`,
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" }
}

/**
 * The OpenAPI 3.1 document of the REST API, made from the same Schemas the Gateway decodes and encodes with.
 * Shared definitions go to components/schemas, so every `$ref` resolves within the document.
 */
export const make = (prices: typeof Prices.Prices.Service = Prices.defaults) => {
  const definitions: Record<string, JsonSchema> = {}
  const schemaOf = (schema: Schema.Schema.AnyNoContext): JsonSchema =>
    JSONSchema.fromAST(schema.ast, { definitions, definitionPath: "#/components/schemas/", target: "openApi3.1" })
  const tools = Object.values(Tools.tools)
  const price = (name: string) => Prices.of(prices, name)
  const calls = tools.map((tool) => ({
    title: tool.name,
    description: `${tool.description} Scope: ${tool.scope}. Price: ${price(tool.name)} cents.`,
    type: "object",
    required: ["name"],
    properties: { name: { type: "string", enum: [tool.name] }, arguments: schemaOf(tool.args) },
    additionalProperties: false
  }))
  const results = tools.map((tool) => ({ title: tool.name, ...schemaOf(tool.result) }))
  const status = schemaOf(Server.StatusResponse)
  return {
    openapi: "3.1.0",
    info: {
      title: "jobfit",
      version: Server.info.version,
      description: "Analyze job postings against a stored profile, keep the jobs, write CVs. Paid from a credit " +
        "balance in cents; access by API keys with scopes."
    },
    security: [{ bearer: [] }],
    paths: {
      "/api/mcp/status": {
        get: {
          summary: "Connection test: the user, the key, the credit balance and the server",
          responses: {
            "200": { description: "The status", content: { "application/json": { schema: status } } },
            "401": errorResponse("INVALID_API_KEY"),
            "429": errorResponse("RATE_LIMIT_EXCEEDED")
          }
        }
      },
      "/api/mcp/tools/call": {
        post: {
          summary: "Call one tool; the answer is the tool's result, without an envelope",
          parameters: [idempotencyKey],
          requestBody: { required: true, content: { "application/json": { schema: { oneOf: calls } } } },
          responses: {
            "200": {
              description: "The tool's result",
              content: { "application/json": { schema: { oneOf: results } } }
            },
            ...errorStatuses()
          }
        }
      },
      "/api/mcp": {
        post: {
          summary: "MCP (JSON-RPC 2.0, streamable HTTP): initialize, ping, tools/list, tools/call",
          parameters: [idempotencyKey],
          requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
          responses: {
            "200": { description: "A JSON-RPC response, or an SSE stream of progress and the response" },
            "202": { description: "Accepted: a notification or a client response" },
            "401": { description: "JSON-RPC error -32001" },
            "429": { description: "JSON-RPC error -32002, with Retry-After" }
          }
        }
      },
      "/healthz": {
        get: {
          summary: "Whether the process serves",
          security: [],
          responses: { "200": { description: "{\"status\":\"ok\"}" } }
        }
      },
      "/readyz": {
        get: {
          summary: "Whether the process can serve: its database and, where limits count there, Redis answer",
          security: [],
          responses: {
            "200": { description: "{\"status\":\"ok\",\"checks\":[{\"name\":\"database\",\"ok\":true}]}" },
            "503": { description: "{\"status\":\"unavailable\",\"checks\":[...]} naming the check that failed" }
          }
        }
      },
      "/metrics": {
        get: {
          summary: "Counters and histograms in the Prometheus text format",
          description: "With JOBFIT_METRICS_TOKEN set on the server, that token as a Bearer token; without it, " +
            "answered only to a client on the server's own machine that no proxy forwarded.",
          security: [],
          responses: {
            "200": { description: "text/plain; version=0.0.4" },
            "401": { description: "INVALID_API_KEY: the metrics token is missing or wrong" }
          }
        }
      }
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key: jf_live_..." } },
      schemas: {
        ...definitions,
        Error: {
          type: "object",
          required: ["detail"],
          properties: {
            detail: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string", enum: Object.values(Errors.catalogue).map((entry) => entry.code) },
                message: { type: "string" },
                // Every field any error carries, from the errors' own Schemas (Errors.dataOf sends the same).
                ...Object.assign({}, ...Object.values(Errors.dataSchemas()))
              }
            }
          }
        }
      }
    }
  }
}
