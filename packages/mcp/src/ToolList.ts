import { Tools } from "@jobfit/core"
import { JSONSchema, type Schema } from "effect"

// Effect marks `unknown` and `{}` with `$id: "/schemas/..."`; repeated ids make validators (ajv) refuse the schema.
const withoutIds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutIds)
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => key !== "$id").map(([key, inner]) => [key, withoutIds(inner)])
  )
}

// Clients validate with their own JSON Schema draft; leaving `$schema` out lets them use it. An empty Struct
// comes out as "object or array", which MCP does not accept for tool schemas.
const jsonSchema = (schema: Schema.Schema.AnyNoContext): unknown => {
  const { $schema: _, ...rest } = JSONSchema.make(schema)
  return "type" in rest && rest.type === "object"
    ? withoutIds(rest)
    : { type: "object", properties: {}, additionalProperties: false }
}

/** The tools/list entries, made from the same contracts the Gateway runs. */
export const make = () =>
  Object.values(Tools.tools).map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.args),
    outputSchema: jsonSchema(tool.result),
    annotations: { title: tool.title, ...tool.hints }
  }))
