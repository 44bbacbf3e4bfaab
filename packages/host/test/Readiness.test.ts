import { HttpServer } from "@effect/platform"
import { assert, describe, it } from "@effect/vitest"
import { Analyzer, CvWriter, PostingSource } from "@jobfit/core"
import { RedisLimiter } from "@jobfit/redis"
import { SqlStore } from "@jobfit/store-sql"
import { Context, Effect, Layer, Logger } from "effect"
import { randomUUID } from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Server } from "../src/index.js"

const redisUrl = process.env["JOBFIT_TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379"
const analysis = Layer.mergeAll(PostingSource.layerUnavailable, Analyzer.layerUnavailable, CvWriter.layerUnavailable)

/** The server on a free port of 127.0.0.1 with a SQLite file and the limiter given; its /readyz answer. */
const readyz = (limiter?: ReturnType<typeof RedisLimiter.layer>) =>
  Effect.gen(function*() {
    const dir = yield* Effect.acquireRelease(
      Effect.sync(() => fs.mkdtempSync(path.join(os.tmpdir(), "jobfit-ready-"))),
      (d) => Effect.sync(() => fs.rmSync(d, { recursive: true, force: true }))
    )
    const context = yield* Layer.build(
      Server.layer({
        store: SqlStore.layerSqlite(path.join(dir, "jobfit.db")),
        analysis,
        ...(limiter === undefined ? {} : { limiter }),
        listen: { host: "127.0.0.1", port: 0 }
      }).pipe(Layer.provide(Logger.remove(Logger.defaultLogger)))
    )
    const address = Context.get(context, HttpServer.HttpServer).address
    const port = address._tag === "TcpAddress" ? address.port : 0
    const response = yield* Effect.promise(() => fetch(`http://127.0.0.1:${port}/readyz`))
    return { status: response.status, body: (yield* Effect.promise(() => response.json())) as unknown }
  })

describe("GET /readyz", () => {
  it.scoped("is 200 with each dependency it asked: the database, and Redis when the limits count there", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* readyz(), {
        status: 200,
        body: { status: "ok", checks: [{ name: "database", ok: true }] }
      })
      assert.deepStrictEqual(
        yield* readyz(RedisLimiter.layer({ url: redisUrl, prefix: `jobfit-test:${randomUUID()}:` })),
        {
          status: 200,
          body: { status: "ok", checks: [{ name: "database", ok: true }, { name: "redis", ok: true }] }
        }
      )
    }))

  it.scoped("is 503 while Redis does not answer, naming it and nothing more", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* readyz(RedisLimiter.layer({ url: "redis://127.0.0.1:1", prefix: "x:" })), {
        status: 503,
        body: { status: "unavailable", checks: [{ name: "database", ok: true }, { name: "redis", ok: false }] }
      })
    }))
})
