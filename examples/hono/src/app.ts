import { getConnInfo } from "@hono/node-server/conninfo"
import type { Jobfit } from "@jobfit/embedded"
import { Hono } from "hono"

/** A Hono app of one's own, with jobfit's web handler under /jobfit. */
export const makeApp = (jobfit: Jobfit) => {
  const app = new Hono()
  app.get("/", (c) => c.json({ host: "hono" }))
  const { handler } = jobfit.mount("/jobfit")
  app.all("/jobfit/*", (c) => handler(c.req.raw, { remoteAddress: getConnInfo(c).remote.address }))
  return app
}
