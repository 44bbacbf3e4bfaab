import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Errors } from "@jobfit/core"
import {
  createJobfit,
  fromAppError,
  InsufficientCreditsError,
  InternalError,
  InvalidApiKeyError,
  InvalidRequestError,
  type Jobfit,
  JobfitError,
  JobNotFoundError,
  PostingUnreachableError,
  ProfileNotFoundError,
  ScopeNotAllowedError
} from "@jobfit/embedded"
import { errorSamples } from "@jobfit/testing"
import * as Fixtures from "./support/Fixtures.js"

let jobfit: Jobfit
beforeAll(async () => {
  jobfit = await createJobfit(Fixtures.options(":memory:"))
})
afterAll(() => jobfit?.dispose())

/** The rejection, checked to be a JobfitError of `type` with the catalogue's code, status and JSON-RPC code. */
const refused = async <E extends JobfitError>(
  promise: Promise<unknown>,
  type: new(...args: never) => E,
  tag: keyof typeof Errors.catalogue
): Promise<E> => {
  const error = await Fixtures.rejection(promise)
  if (!(error instanceof type)) return assert.fail(`expected a ${type.name}, got ${String(error)}`)
  assert.instanceOf(error, JobfitError)
  assert.instanceOf(error, Error)
  const entry = Errors.catalogue[tag]
  assert.deepStrictEqual([error.code, error.status, error.rpcCode], [entry.code, entry.status, entry.rpc])
  return error
}

const balance = async (key: string) => (await jobfit.getCredits(key)).credits.balance_cents

describe("typed errors", () => {
  it("401 INVALID_API_KEY for a missing, malformed, unknown or revoked key", async () => {
    const seeded = await Fixtures.seed(jobfit)
    const missing = await refused(jobfit.getSavedJobs(""), InvalidApiKeyError, "InvalidApiKey")
    assert.strictEqual(missing.message, "Missing Authorization header; send Authorization: Bearer <API_KEY>")
    assert.strictEqual(
      (await refused(jobfit.status("nope"), InvalidApiKeyError, "InvalidApiKey")).message,
      "Invalid API key"
    )
    await jobfit.admin.revokeKey(seeded.keyId)
    const revoked = await refused(jobfit.getCredits(seeded.key), InvalidApiKeyError, "InvalidApiKey")
    assert.deepStrictEqual(revoked.toJSON(), {
      detail: { code: "INVALID_API_KEY", message: "Invalid or revoked API key" }
    })
  })

  it("403 SCOPE_NOT_ALLOWED names the scope and charges nothing", async () => {
    const seeded = await Fixtures.seed(jobfit, { scopes: ["credits_read"], cents: 50 })
    const error = await refused(
      jobfit.analyzeJob(seeded.key, { job_url: "https://jobs.example.com/a" }),
      ScopeNotAllowedError,
      "ScopeNotAllowed"
    )
    assert.deepStrictEqual(error.data, { required_scope: "jobs_analyze" })
    assert.strictEqual(await balance(seeded.key), 50)
  })

  it("400 INVALID_REQUEST for out-of-range arguments, tools and admin operations alike", async () => {
    const seeded = await Fixtures.seed(jobfit)
    const limit = await refused(jobfit.getSavedJobs(seeded.key, { limit: 51 }), InvalidRequestError, "InvalidRequest")
    assert.strictEqual(
      limit.message,
      "Invalid arguments for get_saved_jobs: limit: Expected a number between 1 and 50, actual 51"
    )
    await refused(jobfit.call(seeded.key, "get_job", { job_id: 0 }), InvalidRequestError, "InvalidRequest")
    await refused(jobfit.admin.addCredits(seeded.email, 0), InvalidRequestError, "InvalidRequest")
  })

  it("402 INSUFFICIENT_CREDITS with integer required_credits and available_credits", async () => {
    const seeded = await Fixtures.seed(jobfit, { cents: 3 })
    const error = await refused(
      jobfit.analyzeJob(seeded.key, { job_url: "https://jobs.example.com/too-dear" }),
      InsufficientCreditsError,
      "InsufficientCredits"
    )
    assert.deepStrictEqual(error.data, { required_credits: 5, available_credits: 3 })
    assert.strictEqual(error.message, "Insufficient credits: this call costs 5, the balance is 3")
    assert.strictEqual(await balance(seeded.key), 3)
  })

  it("422 PROFILE_NOT_FOUND, for getProfile and analyzeJob, charging nothing", async () => {
    const seeded = await Fixtures.seed(jobfit, { cents: 50, profile: false })
    const error = await refused(jobfit.getProfile(seeded.key), ProfileNotFoundError, "ProfileNotFound")
    assert.strictEqual(error.message, "User profile not found")
    await refused(
      jobfit.analyzeJob(seeded.key, { job_url: "https://jobs.example.com/any" }),
      ProfileNotFoundError,
      "ProfileNotFound"
    )
    assert.strictEqual(await balance(seeded.key), 50)
  })

  it("404 JOB_NOT_FOUND for another user's job, and generateCv charges nothing", async () => {
    const owner = await Fixtures.seed(jobfit, { cents: 5 })
    const { job_id } = await jobfit.analyzeJob(owner.key, { job_url: "https://jobs.example.com/private" })
    const other = await Fixtures.seed(jobfit, { cents: 100 })
    const error = await refused(jobfit.getJob(other.key, { job_id }), JobNotFoundError, "JobNotFound")
    assert.deepStrictEqual(error.data, { job_id })
    await refused(jobfit.generateCv(other.key, { job_id }), JobNotFoundError, "JobNotFound")
    assert.strictEqual(await balance(other.key), 100)
  })

  it("a plain analyzer's PostingUnreachableError is 422 and refunded; any other throw is 500 without details", async () => {
    const seeded = await Fixtures.seed(jobfit, { cents: 5 })
    const unreachable = await refused(
      jobfit.analyzeJob(seeded.key, { job_url: "https://jobs.example.com/unreachable" }),
      PostingUnreachableError,
      "PostingUnreachable"
    )
    assert.strictEqual(unreachable.message, "The posting answered 404")
    for (const url of ["https://jobs.example.com/throws", "https://jobs.example.com/malformed"]) {
      const error = await refused(jobfit.analyzeJob(seeded.key, { job_url: url }), InternalError, "InternalError")
      assert.strictEqual(error.message, "Internal server error")
    }
    assert.strictEqual(await balance(seeded.key), 5)
  })

  it("every catalogue error maps to its code, status, JSON-RPC code and REST body", () => {
    const samples = errorSamples()
    assert.strictEqual(new Set(samples.map((e) => e._tag)).size, Object.keys(Errors.catalogue).length)
    for (const sample of samples) {
      const error = fromAppError(sample)
      const entry = Errors.catalogue[sample._tag]
      assert.deepInclude(error, { code: entry.code, status: entry.status, rpcCode: entry.rpc }, sample._tag)
      assert.deepStrictEqual(error.toJSON(), Errors.restBody(sample), sample._tag)
      assert.notInclude(error.name, "JobfitError", `${sample._tag} has a class of its own`)
    }
  })
})
