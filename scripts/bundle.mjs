// Builds an app (the server, the stdio MCP server) into one JavaScript file (apps/<app>/dist/main.mjs, with the CV
// reader's worker beside it as FileWorker.mjs) with esbuild,
// and rebuilds it only when one of the files it was made from changed since. Plain JavaScript: it runs before
// anything is compiled.
import * as fs from "node:fs"
import * as path from "node:path"
import process from "node:process"
import { pathToFileURL } from "node:url"

const root = path.resolve(import.meta.dirname, "..")
const appDir = (app) => path.join(root, "apps", app)

/** Where an app's bundle is written. */
export const outputOf = (app) => path.join(appDir(app), "dist", "main.mjs")

// Native or optional modules stay outside the bundle and load from node_modules as they are.
const external = ["better-sqlite3", "pg-native"]

/**
 * A source's `new URL("relative", import.meta.url)` would point next to the bundle; it is made absolute, to the file
 * beside the source (the analyzer's skills data).
 */
const assetUrls = {
  name: "asset-urls",
  setup(build) {
    build.onLoad({ filter: /\/packages\/[^/]+\/src\/.*\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, "utf8")
      if (!text.includes("import.meta.url")) return undefined
      const contents = text.replace(
        /new URL\((["'])([^"']+)\1,\s*import\.meta\.url\)/g,
        (_, __, relative) =>
          `new URL(${JSON.stringify(pathToFileURL(path.resolve(path.dirname(args.path), relative)).href)})`
      )
      return { contents, loader: "ts" }
    })
  }
}

/** Whether the bundle is older than any file it was made from (or than the lockfile). */
const stale = (output, inputsFile) => {
  try {
    const built = fs.statSync(output).mtimeMs
    if (!fs.existsSync(path.join(path.dirname(output), "FileWorker.mjs"))) return true
    const inputs = JSON.parse(fs.readFileSync(inputsFile, "utf8"))
    return [...inputs, path.join(root, "pnpm-lock.yaml")].some((file) => fs.statSync(file).mtimeMs > built)
  } catch {
    return true
  }
}

/** Builds the app's bundle when it is missing or stale; gives its path. */
export const ensureBundle = async (app) => {
  const output = outputOf(app)
  const inputsFile = path.join(appDir(app), "dist", "inputs.json")
  if (!stale(output, inputsFile)) return output
  const esbuild = await import("esbuild")
  const result = await esbuild.build({
    // The CV reader's worker thread is an entry of its own, beside main.mjs (cv/Import.ts finds it there).
    entryPoints: {
      main: path.join(appDir(app), "src", "main.ts"),
      FileWorker: path.join(root, "packages", "analyzer", "src", "cv", "FileWorker.ts")
    },
    outdir: path.dirname(output),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external,
    plugins: [assetUrls],
    // Bundled CommonJS modules call require for Node's own modules.
    banner: {
      js:
        "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);"
    },
    metafile: true,
    write: false,
    logLevel: "warning"
  })
  fs.mkdirSync(path.dirname(output), { recursive: true })
  // Written under another name and renamed: several processes starting at once never read half a file. The main
  // file last, since its date is what says the bundle is current.
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === output) - Number(b.path === output))
  const written = files.map((file) => {
    const temporary = `${file.path}.${process.pid}.tmp`
    fs.writeFileSync(temporary, file.contents)
    return [temporary, file.path]
  })
  // Our own sources; a dependency changes only with the lockfile, which is checked too.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((file) => !file.includes(":") && !file.includes("node_modules"))
    .map((file) => path.resolve(root, file))
  fs.writeFileSync(`${inputsFile}.${process.pid}.tmp`, JSON.stringify(inputs))
  fs.renameSync(`${inputsFile}.${process.pid}.tmp`, inputsFile)
  for (const [temporary, file] of written) fs.renameSync(temporary, file)
  return output
}

// `node scripts/bundle.mjs server stdio` builds those apps.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const app of process.argv.slice(2)) await ensureBundle(app)
}
