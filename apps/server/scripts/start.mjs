// `pnpm start`: the server as compiled JavaScript, built first when the sources changed (about half a second).
import { pathToFileURL } from "node:url"
import { ensureBundle } from "../../../scripts/bundle.mjs"

await import(pathToFileURL(await ensureBundle("server")).href)
