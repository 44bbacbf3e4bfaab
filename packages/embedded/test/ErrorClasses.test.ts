import { assert, describe, it } from "@effect/vitest"
import * as Embedded from "@jobfit/embedded"
import { errorSamples } from "@jobfit/testing"

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false

const classes = Object.entries(Embedded).filter(
  (entry): entry is [string, typeof Embedded.JobfitError] =>
    typeof entry[1] === "function" && entry[1].prototype instanceof Embedded.JobfitError
)

describe("error classes from the catalogue", () => {
  it("each exported class is named as exported, and fromAppError makes it for its tag", () => {
    for (const [exported, type] of classes) assert.strictEqual(type.name, exported)
    for (const sample of errorSamples()) {
      const error = Embedded.fromAppError(sample)
      const type = classes.find(([name]) => name === error.name)?.[1]
      assert.isDefined(type, `${sample._tag} makes ${error.name}, which is exported`)
      assert.instanceOf(error, type!, sample._tag)
      assert.strictEqual(error.constructor, type, sample._tag)
    }
  })

  it("data is typed from core's fields where they must be there", () => {
    const scope: Equals<
      Embedded.ScopeNotAllowedError["data"],
      { readonly required_scope: string; readonly dashboard_url?: string }
    > = true
    const cv: Equals<Embedded.CvNotFoundError["data"], { readonly job_id: number; readonly format: string }> = true
    const loose: Equals<Embedded.InvalidApiKeyError["data"], Embedded.ErrorData> = true
    const code: Equals<Embedded.PayloadTooLargeError["code"], "PAYLOAD_TOO_LARGE"> = true
    assert.deepStrictEqual([scope, cv, loose, code], [true, true, true, true])
    // @ts-expect-error the data a class must carry is required
    assert.throws(() => new Embedded.JobNotFoundError("no data").data.job_id.toFixed())
    assert.deepStrictEqual(new Embedded.InternalError().toJSON(), {
      detail: { code: "INTERNAL_ERROR", message: "Internal server error" }
    })
  })
})
