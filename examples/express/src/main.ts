import { createJobfit } from "@jobfit/embedded"
import express from "express"

const jobfit = await createJobfit({ database: process.env.JOBFIT_DATABASE_URL })
express().use("/jobfit", jobfit.listener).listen(Number(process.env.PORT ?? 3000), "127.0.0.1")
