import { createJobfit } from "@jobfit/embedded"
import { makeApp } from "./app.js"

const jobfit = await createJobfit({ database: process.env.JOBFIT_DATABASE_URL })
const port = Number(process.env.PORT ?? 3000)
const server = makeApp(jobfit).listen(port, "127.0.0.1", () => {
  console.log(`Express on http://127.0.0.1:${port}, jobfit under /jobfit`)
})
process.once("SIGINT", () => server.close(() => void jobfit.dispose()))
