import { nodeHost, restContract } from "@jobfit/example-contract"
import { makeApp } from "../src/app.js"

restContract("Express", (jobfit) => nodeHost(makeApp(jobfit).listen(0, "127.0.0.1")))
