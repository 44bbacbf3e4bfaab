import { restContract } from "@jobfit/example-contract"
import { makeApp } from "../src/app.js"

restContract("Fastify", async (jobfit) => {
  const app = makeApp(jobfit)
  const url = await app.listen({ port: 0, host: "127.0.0.1" })
  return { url, close: () => app.close() }
})
