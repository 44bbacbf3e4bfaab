import { describe, layer } from "@effect/vitest"
import * as Access from "./contract/Access.js"
import * as Paid from "./contract/Paid.js"
import * as Requests from "./contract/Requests.js"
import * as SavedJobs from "./contract/SavedJobs.js"
import { both } from "./support/Databases.js"
import * as TestServer from "./support/TestServer.js"

// The REST contract through a real server on a real socket, once per database.
for (const database of both) {
  describe.runIf(database.enabled)(`REST on ${database.name}`, () => {
    layer(TestServer.layer({ store: database.store }), { excludeTestServices: true, timeout: "60 seconds" })(
      (it) => {
        describe("access", () => Access.contract(it))
        describe("requests", () => Requests.contract(it))
        describe("get_saved_jobs", () => SavedJobs.contract(it))
        describe("paid tools", () => Paid.contract(it))
      }
    )
  })
}
