import type { HttpServer } from "@effect/platform"
import type { Vitest } from "@effect/vitest"
import type { Admin, Gateway } from "@jobfit/core"
import type { SqlStore } from "@jobfit/store-sql"
import type { TestServer } from "../support/TestServer.js"

/** What a suite's tests may use: the server under test, Admin and the stores on its database. */
export type Env = TestServer | Admin.Admin | Gateway.Gateway | SqlStore.Stores | HttpServer.HttpServer

/** The `it` of an `it.layer` block over TestServer.layer. */
export type It = Vitest.MethodsNonLive<Env, true>
