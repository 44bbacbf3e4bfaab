import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { loadCorpus } from "./AnalyzerCorpus.js"
import { available, runRealWorld } from "./RealWorldSet.js"

// The real postings live beside the repository (../shared/realworld), never in it; a clone without them skips this.
describe.skipIf(!available())("the 50 real postings", () => {
  const corpus = loadCorpus()
  const results = runRealWorld(corpus.profiles, corpus.now)

  it("analyses every one without failure", async () => {
    const failed = (await results).filter((r) => Either.isLeft(r.posting)).map((r) => r.id)
    assert.deepStrictEqual(failed, [])
    assert.strictEqual((await results).length, 50)
  })

  it("extracts the title, company and location each posting states", async () => {
    const wrong = (await results).flatMap((r) =>
      (["title", "company", "location"] as const).filter((field) => r[field] === false).map((field) =>
        `${r.id}: ${field}`
      )
    )
    assert.deepStrictEqual(wrong, [])
  })

  it("raises no scam sign on the legitimate EMSCAD rows", async () => {
    const flagged = (await results).filter((r) => r.kind === "text" && r.truth.is_scam === false && r.scamFlagged)
    assert.deepStrictEqual(flagged.map((r) => r.id), [])
  })
})
