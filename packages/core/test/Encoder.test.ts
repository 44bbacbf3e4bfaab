import { assert, describe, it } from "@effect/vitest"
import { Arbitrary, DateTime, Effect, Either, FastCheck as fc, Schema } from "effect"
import * as Encoder from "../src/Encoder.js"
import * as Job from "../src/Job.js"
import * as Tools from "../src/Tools.js"

const encodeBoth = <A, I>(schema: Schema.Schema<A, I>, value: A) =>
  [
    Effect.runSync(Effect.either(Encoder.encoder(schema)(value))),
    Effect.runSync(Effect.either(Schema.encode(schema)(value)))
  ] as const

const job = (overrides: Partial<Job.Job> = {}) =>
  new Job.Job({
    id: 7 as Job.Job["id"],
    title: "Staff Nurse",
    company: "Mercy",
    location: "Austin, TX",
    match_score: 80,
    verdict: "APPLY",
    status: "saved",
    analyzed_at: DateTime.unsafeMake(1_700_000_000_000),
    url: "https://example.com/7",
    ...overrides
  }, { disableValidation: true })

describe("Encoder", () => {
  // The same answer: both refuse, or both give the same bytes. (A JSON Resume entry's arbitrary may put a value of
  // its open record under a standard key, `"name": []`, which the schema refuses: then both must refuse it.)
  const agree = <A, I>(schema: Schema.Schema<A, I>, value: A) => {
    const [fast, slow] = encodeBoth(schema, value)
    return Either.isLeft(slow)
      ? Either.isLeft(fast)
      : Either.isRight(fast) && JSON.stringify(fast.right) === JSON.stringify(slow.right)
  }

  it("encodes every tool's result as Schema.encode does, byte for byte, and refuses what it refuses", () => {
    for (const tool of Object.values(Tools.tools)) {
      const schema = tool.result as unknown as Schema.Schema<unknown, unknown>
      fc.assert(fc.property(Arbitrary.make(schema), (value) => agree(schema, value)), { numRuns: 200 })
    }
  })

  it("agrees on the values random runs found: a resume entry with an open key's value under a standard key", () => {
    const schema = Tools.get_profile.result as unknown as Schema.Schema<unknown, unknown>
    for (
      const work of [
        { name: [], position: "toString", url: "A", startDate: "IG:", endDate: "\\DsS5XJ!3e" },
        { name: {}, position: undefined }
      ]
    ) {
      const value = { resume: { work: [work] }, preferences: {} }
      assert.isTrue(agree(schema, value))
      assert.isTrue(Either.isLeft(encodeBoth(schema, value)[1]))
    }
  })

  it("compiles the page of saved jobs, and leaves a value that fails a check to Schema.encode", () => {
    assert.isTrue(Encoder.isCompiled(Tools.get_saved_jobs.result))
    const page = { jobs: [job()], total: 1, has_more: false, next_cursor: null }
    const [fast] = encodeBoth(Tools.JobList, page)
    assert.deepStrictEqual(Either.getOrThrow(fast), {
      jobs: [{
        id: 7,
        title: "Staff Nurse",
        company: "Mercy",
        location: "Austin, TX",
        match_score: 80,
        verdict: "APPLY",
        status: "saved",
        analyzed_at: "2023-11-14T22:13:20.000Z",
        url: "https://example.com/7"
      }],
      total: 1,
      has_more: false,
      next_cursor: null
    })
    for (
      const bad of [
        { ...page, jobs: [job({ match_score: 101 })] },
        { ...page, jobs: [job({ verdict: "YES" as Job.Verdict })] },
        { ...page, total: 1.5 },
        { ...page, next_cursor: undefined as unknown as null }
      ]
    ) {
      const [fast, slow] = encodeBoth(Tools.JobList, bad)
      assert.isTrue(Either.isLeft(slow))
      assert.deepStrictEqual(fast, slow)
    }
  })
})
