import { assert, describe, it } from "@effect/vitest"
import { ApiKey } from "@jobfit/core"
import { Schema } from "effect"
import * as path from "node:path"
import { afterAll } from "vitest"
import { decodeJson, errorOf, isOneErrorLine, serve, spawn, tempDir } from "./support/Harness.js"

// Each spawn costs a second or more (tsx compiles the sources), so this file keeps to the process's own contract:
// exit codes, stdout holding one JSON document and nothing else, one stderr line, no stack traces.
const { dir, remove } = tempDir()
afterAll(remove)
const database = { JOBFIT_DATABASE_URL: path.join(dir, "nested", "jobfit.db") }
const SLOW = 120_000

describe("jobfit as a process", () => {
  it("runs the admin commands on a fresh SQLite file; stdout holds only the JSON document", async () => {
    const user = await spawn(["users", "create", "--email", "ops@example.com", "--name", "Ops", "--json"], database)
    assert.strictEqual(user.code, 0, user.stderr)
    assert.strictEqual(user.stderr, "", "migration logs stay off stdout and, below warnings, off stderr too")
    const created = decodeJson(Schema.Struct({ id: Schema.Int, email: Schema.String, name: Schema.String }), user)
    assert.deepStrictEqual(created, { id: created.id, email: "ops@example.com", name: "Ops" })

    const key = await spawn(
      ["keys", "create", "--json", "--email", "ops@example.com", "--scopes", "jobs_read,credits_read"],
      database
    )
    assert.strictEqual(key.code, 0, key.stderr)
    const secret = decodeJson(
      Schema.Struct({
        id: Schema.Int,
        name: Schema.String,
        scopes: Schema.Array(Schema.String),
        prefix: Schema.String,
        key: Schema.String
      }),
      key
    )
    assert.isTrue(ApiKey.isWellFormed(secret.key))
    assert.deepStrictEqual(secret.scopes, ["jobs_read", "credits_read"])

    const list = await spawn(["keys", "list", "--email", "ops@example.com"], database)
    assert.strictEqual(list.code, 0)
    assert.match(
      list.stdout,
      new RegExp(`^ID .*\\n${secret.id} +default +${secret.prefix}\\.\\.\\. +jobs_read,credits_read`)
    )
    assert.notInclude(list.stdout, secret.key)

    const taken = await spawn(["users", "create", "--email", "OPS@example.com", "--json"], database)
    assert.strictEqual(taken.code, 1)
    assert.deepStrictEqual(errorOf(taken), {
      code: "EMAIL_TAKEN",
      message: "A user with email ops@example.com exists already"
    })
    assert.isTrue(isOneErrorLine(taken), taken.stderr)
  }, SLOW)

  it("a bad command line exits 2 with USAGE", async () => {
    const run = await spawn(["credits", "add", "--email", "ops@example.com", "--json"], database)
    assert.strictEqual(run.code, 2)
    assert.deepStrictEqual(errorOf(run), { code: "USAGE", message: "\"credits add\" needs --cents N" })
    assert.strictEqual(run.stderr, "jobfit: \"credits add\" needs --cents N\n")
  }, SLOW)

  it("a bad JOBFIT_DATABASE_URL is one line naming the variable, without the password", async () => {
    const run = await spawn(["keys", "list", "--email", "a@b.c", "--json"], {
      JOBFIT_DATABASE_URL: "mysql://root:hunter2@db/jobfit"
    })
    assert.strictEqual(run.code, 1)
    assert.strictEqual(errorOf(run).code, "INVALID_CONFIG")
    assert.include(String(errorOf(run).message), "JOBFIT_DATABASE_URL")
    assert.isTrue(isOneErrorLine(run), run.stderr)
    assert.notInclude(run.stdout + run.stderr, "hunter2")
  }, SLOW)

  it("--help lists the commands; mcp without a key prints one line on stderr and nothing on stdout", async () => {
    const [help, mcp] = await Promise.all([
      spawn(["--help"]),
      spawn(["mcp", "--json"], { ...database, JOBFIT_API_KEY: "" })
    ])
    assert.strictEqual(help.code, 0)
    assert.include(help.stdout, "profile set --email E --file PATH")
    assert.strictEqual(mcp.code, 1)
    assert.strictEqual(mcp.stdout, "")
    assert.match(mcp.stderr, /^jobfit: .*JOBFIT_API_KEY.*\n$/)
  }, SLOW)

  it("serve listens on JOBFIT_PORT, logs to stderr only, and stops on SIGTERM", async () => {
    const server = await serve({ ...database, JOBFIT_PORT: "0" })
    const response = await fetch(`${server.url}/api/mcp/status`)
    assert.strictEqual(response.status, 401)
    const exit = await server.stop()
    assert.strictEqual(exit.stdout, "")
    assert.strictEqual(exit.code, 0)
  }, SLOW)

  it("serve with a bad JOBFIT_PORT fails with one line", async () => {
    const run = await spawn(["serve", "--json"], { ...database, JOBFIT_PORT: "not-a-port" })
    assert.strictEqual(run.code, 1)
    assert.strictEqual(errorOf(run).code, "START_FAILED")
    assert.include(String(errorOf(run).message), "JOBFIT_PORT")
    assert.isTrue(isOneErrorLine(run), run.stderr)
  }, SLOW)
})
