import { assert, describe, layer } from "@effect/vitest"
import { BuiltinAnalyzer, BuiltinCvWriter, HttpPostingSource } from "@jobfit/analyzer"
import { Vouchers } from "@jobfit/core"
import { Settings } from "@jobfit/dashboard"
import { Effect, Layer, Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Page } from "playwright-core"
import * as Chromium from "../support/Chromium.js"
import * as Client from "../support/Client.js"
import { sqlite } from "../support/Databases.js"
import { site } from "../support/FixtureSite.js"
import * as TestServer from "../support/TestServer.js"

// JOBFIT_SCREENSHOTS=docs/screenshots writes a picture of each page there (pnpm docs:screenshots).
const shots = process.env.JOBFIT_SCREENSHOTS
const shoot = (page: Page, name: string) =>
  shots === undefined
    ? Effect.void
    : Effect.promise(async () => {
      fs.mkdirSync(shots, { recursive: true })
      await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
    })

const step = <A>(run: () => Promise<A>) => Effect.promise(run)

const Status = Schema.Struct({ key: Schema.Struct({ scopes: Schema.Array(Schema.String) }) })

// What a user sees: the built-in analysis of a posting served by a job site on 127.0.0.2 (allowed for this server).
const analysis = Layer.mergeAll(
  HttpPostingSource.layerWith({ allow: ["127.0.0.2"] }),
  BuiltinAnalyzer.layerWith({}),
  BuiltinCvWriter.layer
)

// A profile as a person fills one in.
const resume = {
  basics: {
    name: "Ada Lovelace",
    label: "Backend Engineer",
    email: "ada@example.com",
    location: { city: "Hamburg", countryCode: "DE" },
    summary: "Backend engineer who builds logistics and payment services."
  },
  work: [
    {
      name: "Analytical Engines GmbH",
      position: "Senior Backend Engineer",
      startDate: "2020-01",
      highlights: ["Built the routing service in TypeScript and Node.js on PostgreSQL", "Mentored four engineers"]
    },
    { name: "Difference Co", position: "Software Engineer", startDate: "2016-03", endDate: "2019-12" }
  ],
  skills: [{ name: "TypeScript" }, { name: "Node.js" }, { name: "PostgreSQL" }, { name: "React" }, { name: "Docker" }]
}

// Without Chromium the suite cannot run; CI installs it (.ci/run), so there it never skips.
describe.runIf(Chromium.available || process.env.CI !== undefined)("dashboard in Chromium", () => {
  layer(
    TestServer.layer({
      store: sqlite,
      analysis,
      dashboard: Settings.layer(Settings.make({
        publicUrl: "http://127.0.0.1/dashboard",
        passwordCost: { N: 2 ** 12, r: 8, p: 1 }
      }))
    }),
    { excludeTestServices: true, timeout: "120 seconds" }
  )((it) => {
    it.scoped("a new user signs up, gets a key, credits and a profile in, uses the API, and revokes the key", () =>
      Effect.gen(function*() {
        const { baseUrl } = yield* TestServer.TestServer
        const browser = yield* Chromium.launch
        const context = yield* step(() => browser.newContext({ viewport: { width: 1200, height: 900 } }))
        yield* step(() => context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl }))
        const page = yield* step(() => context.newPage())
        const email = `browser-${Date.now().toString(36)}@example.com`

        // Sign up, by keyboard: every field is reached by its label and Tab, the form sent with Enter.
        yield* step(() => page.goto(`${baseUrl}/dashboard`))
        assert.strictEqual(new URL(page.url()).pathname, "/dashboard/signin")
        yield* shoot(page, "signin")
        yield* step(() => page.getByRole("link", { name: "Create an account" }).click())
        yield* shoot(page, "signup")
        yield* step(() => page.getByLabel("Email").focus())
        yield* step(() => page.keyboard.type(email))
        yield* step(() => page.keyboard.press("Tab"))
        yield* step(() => page.keyboard.type("Grace Hopper"))
        yield* step(() => page.keyboard.press("Tab"))
        yield* step(() => page.keyboard.type("a long enough password"))
        yield* step(() => page.keyboard.press("Enter"))
        // Sign-up answers alike for a new address and a known one: the sign-in form, the address filled in.
        yield* step(() => page.getByText("Your account is ready").waitFor())
        assert.strictEqual(yield* step(() => page.getByLabel("Email").inputValue()), email)
        yield* step(() => page.getByLabel("Password").fill("a long enough password"))
        yield* step(() => page.keyboard.press("Enter"))
        yield* step(() => page.waitForURL("**/dashboard/jobs?welcome=1"))
        assert.include(yield* step(() => page.getByRole("status").innerText()), "Welcome to jobfit")
        yield* shoot(page, "jobs-empty")

        // Create a key with two scopes; it is shown once, and the copy button puts it on the clipboard.
        yield* step(() => page.getByRole("link", { name: "API keys" }).click())
        yield* step(() => page.getByLabel("Name").fill("laptop"))
        for (const scope of ["jobs_write", "cv_generate", "profile_read", "profile_write"]) {
          yield* step(() => page.getByRole("checkbox", { name: new RegExp(`^${scope} `) }).uncheck())
        }
        yield* step(() => page.getByRole("button", { name: "Create key" }).click())
        const key = yield* step(() => page.locator("#secret").innerText())
        assert.match(key, /^jf_live_\w{49}$/)
        yield* step(() => page.getByRole("button", { name: "Copy" }).click())
        yield* step(() => page.getByText("The key was copied to the clipboard.").waitFor())
        assert.strictEqual(yield* step(() => page.evaluate<string>("navigator.clipboard.readText()")), key)
        yield* shoot(page, "keys-created")

        // The key works on the REST API, with exactly the chosen scopes.
        const status = yield* Client.status(key)
        assert.strictEqual(status.status, 200)
        assert.deepStrictEqual(Schema.decodeUnknownSync(Status)(status.body).key.scopes, [
          "jobs_read",
          "jobs_analyze",
          "credits_read"
        ])

        // Redeem a voucher the operator made.
        const { code } = yield* (yield* Vouchers.Vouchers).create(500, "browser test")
        yield* step(() => page.getByRole("link", { name: "Credits" }).click())
        yield* step(() => page.getByLabel(/code/i).fill(code))
        yield* step(() => page.getByRole("button", { name: "Add credits" }).click())
        yield* step(() => page.getByText("$5.00 was added.").waitFor())
        assert.strictEqual(yield* step(() => page.getByTestId("balance").innerText()), "$5.00")
        yield* shoot(page, "credits")

        // Upload a profile as a JSON Resume file.
        yield* step(() => page.getByRole("link", { name: "Profile" }).click())
        yield* step(() =>
          page.getByLabel("JSON file").setInputFiles({
            name: "resume.json",
            mimeType: "application/json",
            buffer: Buffer.from(JSON.stringify(resume))
          })
        )
        yield* step(() => page.getByRole("button", { name: "Upload" }).click())
        yield* step(() => page.getByText("The profile was saved.").waitFor())
        assert.strictEqual(yield* step(() => page.getByLabel("Full name").inputValue()), "Ada Lovelace")
        // A bad value is explained next to its field.
        yield* step(() => page.getByLabel("Email", { exact: true }).fill("not an email"))
        yield* step(() => page.getByRole("button", { name: "Save profile" }).click())
        const emailField = page.getByLabel("Email", { exact: true })
        assert.strictEqual(yield* step(() => emailField.getAttribute("aria-invalid")), "true")
        assert.include(yield* step(() => page.locator("#f-basics-email-error").innerText()), "Enter an email address")
        yield* shoot(page, "profile")

        // Analyse a posting with the key, then see the job and its analysis in the dashboard.
        const { origin } = yield* site
        const analyzed = yield* Client.call(key, "analyze_job", { job_url: `${origin}/jsonld-plain.html` })
        assert.strictEqual(analyzed.status, 200, analyzed.text)
        const verdict = Schema.decodeUnknownSync(Schema.Struct({ verdict: Schema.String }))(analyzed.body).verdict
        yield* step(() => page.getByRole("link", { name: "Jobs" }).click())
        yield* shoot(page, "jobs")
        yield* step(() => page.getByRole("link", { name: "Senior TypeScript Engineer" }).click())
        yield* step(() => page.getByRole("heading", { name: "Fit" }).waitFor())
        const fit = yield* step(() => page.locator("main").innerText())
        for (const part of ["Northwind Labs", "Hamburg", verdict, "TypeScript", "PostgreSQL"]) assert.include(fit, part)
        assert.notInclude(fit, "by test")
        yield* step(() => page.getByRole("button", { name: "Mark as saved" }).click())
        yield* step(() => page.getByText("Marked as saved.").waitFor())
        yield* shoot(page, "job")

        // Download a CV for it.
        const download = yield* step(() =>
          Promise.all([
            page.waitForEvent("download"),
            page.getByRole("button", { name: "Generate and download" }).click()
          ])
        )
        assert.strictEqual(
          download[0].suggestedFilename(),
          `cv-job-${Schema.decodeUnknownSync(Schema.Struct({ job_id: Schema.Int }))(analyzed.body).job_id}.md`
        )

        // Show a CV as a page to print: the dashboard around it is left out of the printout.
        yield* step(() => page.getByRole("button", { name: "Generate and show (print or save as PDF)" }).click())
        yield* step(() => page.getByTestId("cv").waitFor())
        assert.include(yield* step(() => page.getByTestId("cv").innerText()), "Ada Lovelace")
        yield* step(() => page.emulateMedia({ media: "print" }))
        assert.isFalse(yield* step(() => page.locator("header.top").isVisible()))
        assert.isTrue(yield* step(() => page.getByTestId("cv").isVisible()))
        yield* shoot(page, "cv-print")
        yield* step(() => page.emulateMedia({ media: "screen" }))

        // What the bookmarklet opens: the posting's address in the form, its text taken from after the #.
        const posting = "https://jobs.example.com/postings/from-a-bookmark"
        yield* step(() =>
          page.goto(
            `${baseUrl}/dashboard/jobs?analyse=${encodeURIComponent(posting)}#text=${
              encodeURIComponent("We need TypeScript.\nApply by Friday")
            }`
          )
        )
        assert.strictEqual(yield* step(() => page.getByLabel("Posting URL").inputValue()), posting)
        assert.strictEqual(
          yield* step(() => page.getByLabel("The posting's text (optional)").inputValue()),
          "We need TypeScript.\nApply by Friday"
        )
        assert.strictEqual(new URL(page.url()).hash, "")
        // The bookmarklet sends the page's HTML after #html=; the text area holds it as it came.
        const pageHtml =
          "<!doctype html><html><head><title>Go developer</title></head><body><h1>Go developer</h1></body></html>"
        yield* step(() =>
          page.goto(
            `${baseUrl}/dashboard/jobs?analyse=${encodeURIComponent(`${posting}-html`)}#html=${
              encodeURIComponent(pageHtml)
            }`
          )
        )
        assert.strictEqual(yield* step(() => page.getByLabel("The posting's text (optional)").inputValue()), pageHtml)
        assert.strictEqual(new URL(page.url()).hash, "")

        // Revoke the key: the API refuses it from then on.
        yield* step(() => page.getByRole("link", { name: "API keys" }).click())
        yield* step(() => page.getByRole("button", { name: "Revoke laptop" }).click())
        yield* step(() => page.getByText("The key was revoked.").waitFor())
        yield* shoot(page, "keys")
        const refused = yield* Client.status(key)
        assert.strictEqual(refused.status, 401)
        assert.deepStrictEqual(refused.body, {
          detail: { code: "INVALID_API_KEY", message: "Invalid or revoked API key" }
        })

        // Sign out.
        yield* step(() => page.getByRole("button", { name: "Sign out" }).click())
        yield* step(() => page.waitForURL("**/dashboard/signin"))
      }))
  })
})
