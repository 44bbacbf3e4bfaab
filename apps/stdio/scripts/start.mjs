// The stdio MCP server as compiled JavaScript, built first when the sources changed. esbuild writes only to stderr,
// so stdout carries nothing but JSON-RPC.
import { pathToFileURL } from "node:url"
import { ensureBundle } from "../../../scripts/bundle.mjs"

await import(pathToFileURL(await ensureBundle("stdio")).href)
