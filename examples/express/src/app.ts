import type { Jobfit } from "@jobfit/embedded"
import express, { type Express } from "express"

/** An Express app of one's own, with jobfit under /jobfit (Express strips the mount path itself). */
export const makeApp = (jobfit: Jobfit): Express => {
  const app = express()
  app.get("/", (_request, response) => {
    response.json({ host: "express" })
  })
  app.use("/jobfit", jobfit.listener) // before any body parser: jobfit reads the body itself
  return app
}
