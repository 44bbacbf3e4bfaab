import { createJobfit } from "@jobfit/embedded"
import { makeApp } from "./app.js"

const jobfit = await createJobfit({ database: process.env.JOBFIT_DATABASE_URL })
const app = makeApp(jobfit)
app.addHook("onClose", () => jobfit.dispose())
const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: "127.0.0.1" })
console.log(`Fastify on ${address}, jobfit under /jobfit`)
process.once("SIGINT", () => void app.close())
