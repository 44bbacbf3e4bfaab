import type { Jobfit } from "@jobfit/embedded"
import Fastify from "fastify"

/** A Fastify app of one's own, with jobfit's Node listener under /jobfit. */
export const makeApp = (jobfit: Jobfit) => {
  const app = Fastify()
  app.get("/", async () => ({ host: "fastify" }))
  const { listener } = jobfit.mount("/jobfit") // Fastify passes the whole path on: jobfit strips the prefix
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers() // in this scope only: jobfit reads the body itself
    scope.addContentTypeParser("*", (_request, _body, done) => done(null))
    scope.all("/jobfit*", (request, reply) => listener(request.raw, reply.hijack().raw))
  })
  return app
}
