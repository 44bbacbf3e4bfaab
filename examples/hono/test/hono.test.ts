import { serve } from "@hono/node-server"
import { nodeHost, restContract } from "@jobfit/example-contract"
import { makeApp } from "../src/app.js"

restContract("Hono", (jobfit) => nodeHost(serve({ fetch: makeApp(jobfit).fetch, port: 0, hostname: "127.0.0.1" })))
