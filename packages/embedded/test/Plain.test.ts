import { assert, describe, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import * as path from "node:path"

const script = path.join(import.meta.dirname, "fixtures", "plain.mjs")

const runPlain = () =>
  new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ["--import", "tsx", script],
      { cwd: path.dirname(script) },
      (error, stdout, stderr) => error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)
    )
  )

describe("plain JavaScript", () => {
  it("an .mjs file imports the package and uses every part of the API it touches", async () => {
    const report: unknown = JSON.parse(await runPlain())
    assert.deepStrictEqual(report, {
      analysis: { score: 64, cost: 5, analyzedAt: "string" },
      insufficient: { required_credits: 5, available_credits: 2 },
      credits: { credits: { balance_cents: 2, balance_dollars: "0.02" } },
      noKey: { jobfit: true, name: "InvalidApiKeyError", code: "INVALID_API_KEY", status: 401, data: {} },
      unknownTool: { jobfit: true, name: "InvalidRequestError", code: "INVALID_REQUEST", status: 400, data: {} },
      badArgs: { jobfit: true, name: "InvalidRequestError", code: "INVALID_REQUEST", status: 400, data: {} },
      http: 200,
      afterDispose: { jobfit: true, name: "ClosedError", code: "CLOSED", status: 503, data: {} }
    })
  }, 30_000)
})
