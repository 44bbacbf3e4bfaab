import { createJobfit, type Jobfit } from "@jobfit/embedded"
import { afterAll, assert, beforeAll, describe, it } from "vitest"
import * as TestAnalysis from "./TestAnalysis.js"

/** A host app listening on 127.0.0.1, with jobfit under /jobfit and a route of its own at `GET /`. */
export interface Host {
  readonly url: string
  readonly close: () => Promise<void>
}

/** Starts the host on 127.0.0.1, port 0, around an instance the contract made. */
export type Boot = (jobfit: Jobfit) => Promise<Host>

const PREFIX = "/jobfit"

interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
}

let counter = 0

/** The REST contract subset an embedding host must keep: run it with `restContract("express", boot)`. */
export const restContract = (name: string, boot: Boot) =>
  describe(`${name} with jobfit under ${PREFIX}`, () => {
    let jobfit: Jobfit
    let host: Host

    beforeAll(async () => {
      jobfit = await createJobfit({ database: ":memory:", ...TestAnalysis, rateLimits: false, logLevel: "none" })
      host = await boot(jobfit)
    })
    afterAll(async () => {
      await host?.close()
      await jobfit?.dispose()
    })

    const request = async (path: string, init: RequestInit = {}): Promise<Reply> => {
      const response = await fetch(`${host.url}${path}`, init)
      const text = await response.text()
      return { status: response.status, headers: response.headers, body: text === "" ? undefined : JSON.parse(text) }
    }

    const call = (key: string | undefined, tool: string, args: unknown) =>
      request(`${PREFIX}/api/mcp/tools/call`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(key === undefined ? {} : { authorization: `Bearer ${key}` })
        },
        body: JSON.stringify({ name: tool, arguments: args })
      })

    const seed = async (cents: number) => {
      const email = `${name}-${++counter}@example.com`
      const user = await jobfit.admin.createUser({ email })
      const created = await jobfit.admin.createKey({ email, scopes: ["jobs_read", "jobs_analyze"], name: "contract" })
      if (cents > 0) await jobfit.admin.addCredits(email, cents)
      await jobfit.admin.setProfile(email, { basics: { name: "Ada" }, skills: [{ name: "TypeScript" }] })
      return { user, key: created.key, keyId: created.id }
    }

    it("the host's own route still answers", async () => {
      assert.strictEqual((await request("/")).status, 200)
    })

    it("GET /api/mcp/status is 200 with the user, the key, the balance and the server", async () => {
      const seeded = await seed(250)
      const reply = await request(`${PREFIX}/api/mcp/status`, { headers: { authorization: `Bearer ${seeded.key}` } })
      assert.strictEqual(reply.status, 200)
      assert.strictEqual(reply.headers.get("content-type"), "application/json")
      assert.deepStrictEqual(reply.body, {
        status: "ok",
        user: { id: seeded.user.id, email: seeded.user.email },
        key: { id: seeded.keyId, name: "contract", scopes: ["jobs_read", "jobs_analyze"] },
        credits: { balance_cents: 250, balance_dollars: "2.50" },
        server: { name: "jobfit", version: "0.1.0" }
      })
    })

    it("get_saved_jobs lists a seeded user's jobs", async () => {
      const seeded = await seed(5)
      const analysis = await jobfit.analyzeJob(seeded.key, { job_url: "https://jobs.example.com/staff-engineer" })
      const reply = await call(seeded.key, "get_saved_jobs", { limit: 10 })
      assert.strictEqual(reply.status, 200)
      assert.deepStrictEqual(reply.body, {
        jobs: [{
          id: analysis.job_id,
          title: "staff-engineer",
          company: "Acme",
          location: "Berlin",
          match_score: 80,
          verdict: "APPLY",
          status: "analyzed",
          analyzed_at: analysis.analyzed_at,
          url: "https://jobs.example.com/staff-engineer"
        }],
        total: 1,
        has_more: false,
        next_cursor: null
      })
    })

    it("401 INVALID_API_KEY without a key", async () => {
      const reply = await call(undefined, "get_saved_jobs", {})
      assert.strictEqual(reply.status, 401)
      assert.strictEqual(reply.headers.get("www-authenticate"), "Bearer")
      assert.deepStrictEqual(reply.body, {
        detail: {
          code: "INVALID_API_KEY",
          message: "Missing Authorization header; send Authorization: Bearer <API_KEY>"
        }
      })
    })

    it("400 INVALID_REQUEST for limit 51", async () => {
      const seeded = await seed(0)
      const reply = await call(seeded.key, "get_saved_jobs", { limit: 51 })
      assert.strictEqual(reply.status, 400)
      assert.deepStrictEqual(reply.body, {
        detail: {
          code: "INVALID_REQUEST",
          message: "Invalid arguments for get_saved_jobs: limit: Expected a number between 1 and 50, actual 51"
        }
      })
    })

    it("402 INSUFFICIENT_CREDITS with integer required_credits and available_credits", async () => {
      const seeded = await seed(0)
      const reply = await call(seeded.key, "analyze_job", { job_url: "https://jobs.example.com/too-dear" })
      assert.strictEqual(reply.status, 402)
      assert.deepStrictEqual(reply.body, {
        detail: {
          code: "INSUFFICIENT_CREDITS",
          message: "Insufficient credits: this call costs 5, the balance is 0",
          required_credits: 5,
          available_credits: 0
        }
      })
    })

    it("404 NOT_FOUND for an unknown route under the prefix", async () => {
      const reply = await request(`${PREFIX}/api/nothing-here`)
      assert.strictEqual(reply.status, 404)
      assert.deepStrictEqual(reply.body, { detail: { code: "NOT_FOUND", message: "No route for /api/nothing-here" } })
    })
  })
