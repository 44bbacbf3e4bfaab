import { Effect } from "effect"
import * as fs from "node:fs"
import { type Browser, chromium } from "playwright-core"

/** Debian's Chromium; .ci/run installs it when it is missing. */
export const executablePath = process.env.JOBFIT_CHROMIUM ?? "/usr/bin/chromium"

export const available = fs.existsSync(executablePath)

// Without the background-networking flags Chromium tries to reach the internet at start, which this machine refuses.
const args = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run"
]

/** A headless Chromium for the suite, closed with it. */
export const launch = Effect.acquireRelease(
  Effect.promise(() => chromium.launch({ executablePath, args })),
  (browser: Browser) => Effect.promise(() => browser.close())
)
