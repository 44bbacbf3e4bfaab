import { assert, describe, it } from "@effect/vitest"
import { Analyzer } from "@jobfit/core"
import { createJobfit, ServiceUnavailableError } from "@jobfit/embedded"
import { AnalyzerContract } from "@jobfit/testing"
import { Effect, Layer, Redacted } from "effect"
import * as ChatAnalyzer from "../src/ChatAnalyzer.js"
import * as FakeChat from "./FakeChat.js"

const apiKey = Redacted.make("sk-test")

const onFake = Layer.unwrapScoped(
  Effect.map(FakeChat.serve, (fake) => ChatAnalyzer.layer({ baseUrl: fake.baseUrl, model: "fake-1", apiKey }))
)

// The same suite jobfit's built-in analyzer passes, one import away.
AnalyzerContract.analyzerContract("chat analyzer on a local fake endpoint", onFake)

const [posting] = AnalyzerContract.samplePostings
const [profile] = AnalyzerContract.sampleProfiles

describe("ChatAnalyzer", () => {
  it.scoped("asks for JSON with the model and key, and keeps only skills the resume names", () =>
    Effect.gen(function*() {
      const fake = yield* FakeChat.serve
      const analyzer = yield* Effect.provide(
        Analyzer.Analyzer,
        ChatAnalyzer.layer({ baseUrl: `${fake.baseUrl}/`, model: "fake-1", apiKey })
      )
      const analysis = yield* analyzer.analyze(posting!, profile!)
      assert.deepStrictEqual(fake.received.map((r) => [r.authorization, r.body.model, r.body.response_format]), [
        ["Bearer sk-test", "fake-1", { type: "json_object" }]
      ])
      // The fake claims Rust too; the resume never names it, so it is missing, not matching.
      assert.deepStrictEqual(analysis.matching_skills, ["Go", "Python", "PostgreSQL", "Docker"])
      assert.deepStrictEqual(analysis.missing_skills, ["Kubernetes", "Rust"])
      assert.deepInclude(analysis, { match_score: 80, verdict: "APPLY", analyzer: "chat:fake-1" })
    }))

  it.scoped("an endpoint that fails or answers what is not the asked JSON is SERVICE_UNAVAILABLE, never a guess", () =>
    Effect.gen(function*() {
      const fake = yield* FakeChat.serve
      const analyzer = yield* Effect.provide(
        Analyzer.Analyzer,
        ChatAnalyzer.layer({ baseUrl: fake.baseUrl, model: "m" })
      )
      for (const mode of ["error", "garbage"] as const) {
        fake.mode.current = mode
        const error = yield* Effect.flip(analyzer.analyze(posting!, profile!))
        assert.strictEqual(error._tag, "FeatureUnavailable", mode)
      }
      const down = ChatAnalyzer.layer({ baseUrl: "http://127.0.0.1:9", model: "m", timeoutMs: 2_000 })
      const refused = yield* Effect.flip(
        Effect.flatMap(Effect.provide(Analyzer.Analyzer, down), (a) => a.analyze(posting!, profile!))
      )
      assert.strictEqual(refused._tag, "FeatureUnavailable")
    }))

  it.scoped("plugs into createJobfit: analyze_job goes through the Gateway, charged, and refunded when the model fails", () =>
    Effect.gen(function*() {
      const fake = yield* FakeChat.serve
      const jobfit = yield* Effect.acquireRelease(
        Effect.promise(() =>
          createJobfit({
            database: ":memory:",
            analyzer: ChatAnalyzer.layer({ baseUrl: fake.baseUrl, model: "fake-1" }),
            // Postings come from a fixed source here: the example is about the analyzer.
            postingSource: { fetch: (url) => ({ ...posting!, url }) },
            rateLimits: false
          })
        ),
        (jobfit) => Effect.promise(() => jobfit.dispose())
      )
      const run = yield* Effect.promise(async () => {
        await jobfit.admin.createUser({ email: "chat@example.com" })
        const { key } = await jobfit.admin.createKey({
          email: "chat@example.com",
          scopes: ["jobs_analyze", "credits_read"]
        })
        await jobfit.admin.addCredits("chat@example.com", 10)
        await jobfit.admin.setProfile("chat@example.com", profile!)
        const analysis = await jobfit.analyzeJob(key, { job_url: "https://jobs.example.com/chat/1" })
        fake.mode.current = "error"
        const failed = await jobfit.analyzeJob(key, { job_url: "https://jobs.example.com/chat/2" }).catch((
          e: unknown
        ) => e)
        return { analysis, failed, credits: await jobfit.getCredits(key) }
      })
      assert.deepInclude(run.analysis, { analyzer: "chat:fake-1", match_score: 80, cost_cents: 5, cached: false })
      assert.instanceOf(run.failed, ServiceUnavailableError)
      assert.deepStrictEqual(run.credits, { credits: { balance_cents: 5, balance_dollars: "0.05" } })
    }))
})
