import { Tools } from "@jobfit/core"
import { JSONSchema, type Schema } from "effect"

// Clients validate with their own JSON Schema draft; leaving `$schema` out lets them use it. An empty Struct
// comes out as "object or array", which MCP does not accept for tool schemas.
const jsonSchema = (schema: Schema.Schema.AnyNoContext): Record<string, unknown> => {
  const { $schema: _, ...rest } = JSONSchema.make(schema)
  return "type" in rest && rest.type === "object"
    ? rest
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
