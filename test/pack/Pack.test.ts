import { assert, describe, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"

// The published form: compiled, packed, installed from the tarballs into a project outside the workspace.
const root = path.join(import.meta.dirname, "..", "..")
const publicPackages = [
  "packages/core",
  "packages/store-sql",
  "packages/analyzer",
  "packages/mcp",
  "packages/http",
  "packages/dashboard",
  "packages/testing",
  "packages/redis",
  "packages/host",
  "packages/embedded"
]

interface Manifest {
  readonly name: string
  readonly version: string
  readonly dependencies?: Record<string, string>
}

const manifest = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"))

const execFileAsync = promisify(execFile)

// Asynchronous, so the test worker stays responsive while the build and the install run.
const run = async (command: string, args: ReadonlyArray<string>, cwd: string): Promise<string> => {
  const started = Date.now()
  const { stdout } = await execFileAsync(command, [...args], { cwd, encoding: "utf8", timeout: 180_000 })
  steps.push(`${[command, ...args].join(" ").slice(0, 60)}: ${Date.now() - started} ms`)
  return stdout
}
const steps: Array<string> = []

/** The versions the workspace installed, so the scratch install needs nothing new (and no native rebuild). */
const pinned = (): Record<string, string> => {
  const versions: Record<string, string> = {}
  for (const dir of publicPackages) {
    for (const dep of Object.keys(manifest(path.join(root, dir)).dependencies ?? {})) {
      // Read from the package's own node_modules (pnpm links each dependency there): some packages, such as
      // @opentelemetry/api, do not export their package.json to require.resolve.
      if (!dep.startsWith("@jobfit/")) versions[dep] = manifest(path.join(root, dir, "node_modules", dep)).version
    }
  }
  const sqlite = fs.readdirSync(path.join(root, "node_modules", ".pnpm")).find((n) => n.startsWith("better-sqlite3@"))!
  versions["better-sqlite3"] = sqlite.slice("better-sqlite3@".length).split("_")[0]!
  versions["@types/node"] = manifest(path.join(root, "node_modules", "@types", "node")).version
  return versions
}

const consumerMjs = `
import { createJobfit } from "@jobfit/embedded"
import * as core from "@jobfit/core"
import * as storeSql from "@jobfit/store-sql"
import * as analyzer from "@jobfit/analyzer"
import * as mcp from "@jobfit/mcp"
import * as http from "@jobfit/http"
import * as dashboard from "@jobfit/dashboard"

const loaded = [core.Gateway, storeSql.SqlStore, analyzer.Builtin, mcp.McpServer, http.HttpRoutes, dashboard.Routes]
if (loaded.some((m) => m === undefined)) throw new Error("a package's namespace is missing")
const jobfit = await createJobfit({ database: ":memory:" })
await jobfit.admin.createUser({ email: "pack@example.com" })
const { key } = await jobfit.admin.createKey({ email: "pack@example.com", scopes: ["credits_read"] })
await jobfit.admin.addCredits("pack@example.com", 123)
const credits = await jobfit.getCredits(key)
const refused = await jobfit.getSavedJobs(key).catch((error) => error.code)
await jobfit.dispose()
console.log(JSON.stringify({ credits, refused }))
`

const consumerTs = `
import { createJobfit, type Jobfit, ScopeNotAllowedError } from "@jobfit/embedded"
import { Errors } from "@jobfit/core"

const jobfit: Jobfit = await createJobfit({ database: ":memory:" })
const credits = await jobfit.getCredits("jf_live_x")
const cents: number = credits.credits.balance_cents
// @ts-expect-error the balance is a number, so the types are real rather than any
const wrong: string = credits.credits.balance_cents
const status: number = new ScopeNotAllowedError("no", { required_scope: "jobs_read" }).status
const code: string = Errors.catalogue.InsufficientCredits.code
export { cents, code, status, wrong }
`

describe("publishable packages", () => {
  it("build, pack, install from the tarballs outside the workspace, and run from ESM and TypeScript", async () => {
    await run("pnpm", ["build"], root)
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-pack-"))
    try {
      const tarballs: Record<string, string> = {}
      for (const dir of publicPackages) {
        const out = (await run("pnpm", ["pack", "--pack-destination", scratch], path.join(root, dir))).trim().split(
          "\n"
        ).pop()!
        const file = path.isAbsolute(out) ? out : path.join(scratch, path.basename(out))
        const packed = JSON.parse(await run("tar", ["-xzOf", file, "package/package.json"], scratch)) as Manifest & {
          readonly exports: unknown
        }
        // workspace:* became a version, and the entry points are the compiled files.
        assert.notInclude(JSON.stringify(packed.dependencies ?? {}), "workspace:", dir)
        const exports = packed.exports as Record<string, { readonly types: string; readonly default: string }>
        assert.deepStrictEqual(exports["."], { types: "./dist/index.d.ts", default: "./dist/index.js" }, dir)
        // Subpaths (the host's Core and StartError) are compiled files too.
        for (const entry of Object.values(exports)) {
          assert.match(`${entry.types} ${entry.default}`, /^\.\/dist\/\S+\.d\.ts \.\/dist\/\S+\.js$/, dir)
        }
        const listing = await run("tar", ["-tzf", file], scratch)
        assert.include(listing, "package/dist/index.js", dir)
        assert.include(listing, "package/dist/index.d.ts", dir)
        tarballs[packed.name] = `file:${file}`
      }
      const versions = pinned()
      fs.writeFileSync(
        path.join(scratch, "package.json"),
        JSON.stringify({
          name: "jobfit-consumer",
          private: true,
          type: "module",
          dependencies: { ...tarballs, "@types/node": versions["@types/node"] },
          pnpm: { overrides: { ...versions, ...tarballs }, onlyBuiltDependencies: ["better-sqlite3"] }
        })
      )
      fs.copyFileSync(path.join(root, ".npmrc"), path.join(scratch, ".npmrc"))
      await run("pnpm", ["install", "--prefer-offline", "--ignore-workspace", "--reporter", "silent"], scratch)

      fs.writeFileSync(path.join(scratch, "consumer.mjs"), consumerMjs)
      const output = JSON.parse((await run("node", ["consumer.mjs"], scratch)).trim().split("\n").pop()!)
      assert.deepStrictEqual(output, {
        credits: { credits: { balance_cents: 123, balance_dollars: "1.23" } },
        refused: "SCOPE_NOT_ALLOWED"
      })

      fs.writeFileSync(path.join(scratch, "consumer.ts"), consumerTs)
      fs.writeFileSync(
        path.join(scratch, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: "NodeNext",
            moduleResolution: "NodeNext",
            target: "ES2022",
            noEmit: true,
            skipLibCheck: true,
            types: ["node"]
          },
          files: ["consumer.ts"]
        })
      )
      await run(path.join(root, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.json"], scratch)
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true })
      console.log(steps.join("\n"))
    }
  }, 300_000)
})
