import { assert, describe, layer } from "@effect/vitest"
import { AccountStore, Admin, Credentials, Vouchers } from "@jobfit/core"
import { Settings } from "@jobfit/dashboard"
import { CvFiles } from "@jobfit/testing"
import { DateTime, Duration, Effect, Option, Schema } from "effect"
import * as Browser from "./support/Browser.js"
import * as Client from "./support/Client.js"
import { both } from "./support/Databases.js"
import * as Fixtures from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const PASSWORD = "a long enough password"
const cheap = { N: 2 ** 10, r: 8, p: 1 }
const dashboard = (signInPerMinute: number) =>
  Settings.layer(Settings.make({ publicUrl: "http://127.0.0.1:8787/dashboard", passwordCost: cheap, signInPerMinute }))

/** What sign-up says to everyone, known address or not. */
const signedUp = "Your account is ready: sign in with its email and password."

let counter = 0
const freshEmail = () => `dash${++counter}-${Date.now().toString(36)}@example.com`

/** Signs a new user up through the form, then in; the browser holds the session afterwards. */
const signUp = Effect.fn("signUp")(function*(browser: Browser.Browser, email = freshEmail()) {
  yield* Browser.signUpAndIn(browser, { email, name: "Grace Hopper", password: PASSWORD })
  return email
})

const KeyCreated = Schema.Struct({ key: Schema.String })
const secretOf = (html: string) => {
  const found = /<code id="secret">(jf_live_\w+)<\/code>/.exec(html)
  assert.isNotNull(found, "the new key is on the page")
  return Schema.decodeUnknownSync(KeyCreated)({ key: found![1] }).key
}

const StatusBody = Schema.Struct({ key: Schema.Struct({ scopes: Schema.Array(Schema.String) }) })

for (const database of both) {
  describe.runIf(database.enabled)(`dashboard on ${database.name}`, () => {
    layer(
      TestServer.layer({ store: database.store, dashboard: dashboard(1000) }),
      { excludeTestServices: true, timeout: "60 seconds" }
    )((it) => {
      it.effect("sign-up then sign-in starts a session in an HttpOnly, SameSite=Lax cookie and keeps only a scrypt hash", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const page = yield* browser.get("/dashboard/signup")
          assert.strictEqual(page.status, 200)
          assert.include(page.text, `<label for="f-email">Email</label>`)
          assert.match(page.headers.get("content-security-policy") ?? "", /default-src 'none'/)
          assert.match(page.headers.get("content-security-policy") ?? "", /form-action 'self'/)
          const email = freshEmail()
          const made = yield* browser.post("/dashboard/signup", { email, name: "Grace", password: PASSWORD })
          assert.strictEqual(made.status, 200)
          assert.include(Browser.textOf(made.text), signedUp)
          assert.include(made.text, `name="next" value="/dashboard/jobs?welcome=1"`)
          assert.include(made.text, `value="${email}"`)
          assert.isUndefined(made.headers.getSetCookie().find((c) => c.startsWith("jobfit_session=")))
          const reply = yield* browser.post("/dashboard/signin", {
            email,
            password: PASSWORD,
            next: "/dashboard/jobs?welcome=1"
          })
          assert.strictEqual(reply.status, 303)
          assert.strictEqual(reply.location, "/dashboard/jobs?welcome=1")
          const cookie = reply.headers.getSetCookie().find((c) => c.startsWith("jobfit_session="))
          assert.isDefined(cookie)
          assert.match(cookie!, /HttpOnly/i)
          assert.match(cookie!, /SameSite=Lax/i)
          assert.match(cookie!, /Path=\/dashboard/)
          assert.notMatch(cookie!, /Secure/)
          const jobs = yield* browser.get("/dashboard/jobs?welcome=1")
          assert.strictEqual(jobs.status, 200)
          assert.include(Browser.textOf(jobs.text), "Welcome to jobfit")
          assert.include(Browser.textOf(jobs.text), "Getting started")
          const login = yield* (yield* Credentials.Credentials).findLogin(email.toUpperCase())
          const hash = Option.flatMap(login, (l) => l.passwordHash)
          assert.isTrue(Option.isSome(hash))
          assert.match(Option.getOrThrow(hash), /^scrypt\$/)
          assert.notInclude(Option.getOrThrow(hash), PASSWORD)
        }))

      it.effect("sign-up explains each problem next to its field, and answers a taken email as a new one", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          yield* browser.get("/dashboard/signup")
          const bad = yield* browser.post("/dashboard/signup", { email: "not-an-email", password: "short" })
          assert.strictEqual(bad.status, 400)
          assert.include(bad.text, `aria-invalid="true"`)
          assert.include(
            bad.text,
            `<p class="error" id="f-email-error">Enter an email address such as ada@example.com</p>`
          )
          assert.include(bad.text, `<p class="error" id="f-password-error">Use at least 10 characters</p>`)
          const taken = yield* Fixtures.user()
          const freshAddress = freshEmail()
          const again = yield* browser.post("/dashboard/signup", { email: taken.email, password: PASSWORD })
          const fresh = yield* browser.post("/dashboard/signup", { email: freshAddress, password: PASSWORD })
          // The same page, but for the address typed in.
          assert.deepStrictEqual(
            [again.status, again.text.replace(taken.email, "EMAIL"), again.headers.getSetCookie()],
            [fresh.status, fresh.text.replace(freshAddress, "EMAIL"), fresh.headers.getSetCookie()]
          )
          assert.strictEqual(again.status, 200)
          assert.include(Browser.textOf(again.text), signedUp)
          // The account that was there is untouched: the sign-up's password does not open it.
          const intruder = yield* Browser.make
          yield* intruder.get("/dashboard/signin")
          const tried = yield* intruder.post("/dashboard/signin", { email: taken.email, password: PASSWORD })
          assert.strictEqual(tried.status, 401)
        }))

      it.effect("pages for members send others to sign in, and back to where they were going", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const email = yield* signUp(browser)
          yield* browser.get("/dashboard/jobs")
          assert.strictEqual((yield* browser.post("/dashboard/signout")).status, 303)
          const keys = yield* browser.get("/dashboard/keys")
          assert.strictEqual(keys.status, 303)
          assert.strictEqual(keys.location, "/dashboard/signin?next=%2Fdashboard%2Fkeys")
          yield* browser.get(keys.location!)
          const wrong = yield* browser.post("/dashboard/signin", {
            email,
            password: "wrong password!",
            next: "/dashboard/keys"
          })
          assert.strictEqual(wrong.status, 401)
          assert.include(Browser.textOf(wrong.text), "The email or the password is not right.")
          const unknown = yield* browser.post("/dashboard/signin", { email: freshEmail(), password: PASSWORD })
          assert.strictEqual(unknown.status, 401)
          assert.include(Browser.textOf(unknown.text), "The email or the password is not right.")
          const ok = yield* browser.post("/dashboard/signin", { email, password: PASSWORD, next: "/dashboard/keys" })
          assert.strictEqual(ok.status, 303)
          assert.strictEqual(ok.location, "/dashboard/keys")
          const other = yield* Browser.make
          yield* other.get("/dashboard/signin")
          const elsewhere = yield* other.post("/dashboard/signin", {
            email,
            password: PASSWORD,
            next: "https://evil.example/"
          })
          assert.strictEqual(elsewhere.location, "/dashboard/jobs")
        }))

      it.effect("a state-changing post without the page's token, or from another origin, is refused and changes nothing", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const email = yield* signUp(browser)
          yield* browser.get("/dashboard/keys")
          const missing = yield* browser.post("/dashboard/keys", { _csrf: "", name: "x", scopes: "jobs_read" })
          assert.strictEqual(missing.status, 403)
          const forged = yield* browser.post("/dashboard/keys", {
            _csrf: "A".repeat(43),
            name: "x",
            scopes: "jobs_read"
          })
          assert.strictEqual(forged.status, 403)
          yield* browser.get("/dashboard/keys")
          const foreign = yield* browser.post(
            "/dashboard/keys",
            { name: "x", scopes: "jobs_read" },
            { origin: "http://evil.example" }
          )
          assert.strictEqual(foreign.status, 403)
          assert.deepStrictEqual(yield* (yield* Admin.Admin).listKeys(email), [])
        }))

      it.effect("keys: created with chosen scopes and shown once, usable on the API, scopes edited, revoked -> 401", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          yield* signUp(browser)
          yield* browser.get("/dashboard/keys")
          const created = yield* browser.post("/dashboard/keys", {
            name: "laptop",
            scopes: ["jobs_read", "credits_read", "admin"]
          })
          assert.strictEqual(created.status, 200)
          const key = secretOf(created.text)
          assert.include(Browser.textOf(created.text), "it is shown only this once")
          const status = yield* Client.status(key)
          assert.strictEqual(status.status, 200)
          assert.deepStrictEqual(Schema.decodeUnknownSync(StatusBody)(status.body).key.scopes, [
            "jobs_read",
            "credits_read"
          ])
          const listed = yield* browser.get("/dashboard/keys")
          assert.notInclude(listed.text, key)
          assert.include(listed.text, key.slice(0, 14))
          const id = /action="\/dashboard\/keys\/(\d+)\/revoke"/.exec(listed.text)![1]!
          const edited = yield* browser.post(`/dashboard/keys/${id}/scopes`, { scopes: ["jobs_read", "jobs_analyze"] })
          assert.strictEqual(edited.status, 303)
          assert.strictEqual(edited.location, "/dashboard/keys?done=scopes")
          const after = yield* Client.status(key)
          assert.deepStrictEqual(Schema.decodeUnknownSync(StatusBody)(after.body).key.scopes, [
            "jobs_read",
            "jobs_analyze"
          ])
          yield* browser.get("/dashboard/keys")
          const none = yield* browser.post(`/dashboard/keys/${id}/scopes`, {})
          assert.strictEqual(none.status, 400)
          const revoked = yield* browser.post(`/dashboard/keys/${id}/revoke`)
          assert.strictEqual(revoked.status, 303)
          const refused = yield* Client.status(key)
          assert.strictEqual(refused.status, 401)
        }))

      it.effect("another user's key cannot be revoked or edited from the dashboard: 404, and it keeps working", () =>
        Effect.gen(function*() {
          const other = yield* Fixtures.user()
          const browser = yield* Browser.make
          yield* signUp(browser)
          yield* browser.get("/dashboard/keys")
          const revoke = yield* browser.post(`/dashboard/keys/${other.apiKey.id}/revoke`)
          assert.strictEqual(revoke.status, 404)
          yield* browser.get("/dashboard/keys")
          const edit = yield* browser.post(`/dashboard/keys/${other.apiKey.id}/scopes`, { scopes: "jobs_read" })
          assert.strictEqual(edit.status, 404)
          assert.strictEqual((yield* Client.status(other.key)).status, 200)
        }))

      it.effect("credits: a voucher adds its amount once, the balance and the history show it", () =>
        Effect.gen(function*() {
          const vouchers = yield* Vouchers.Vouchers
          const { code } = yield* vouchers.create(500, "e2e")
          const browser = yield* Browser.make
          yield* signUp(browser)
          const page = yield* browser.get("/dashboard/credits")
          assert.include(page.text, `data-testid="balance">$0.00<`)
          const redeemed = yield* browser.post("/dashboard/credits", { code: code.toLowerCase() })
          assert.strictEqual(redeemed.status, 303)
          assert.strictEqual(redeemed.location, "/dashboard/credits?added=500")
          const after = yield* browser.get(redeemed.location!)
          assert.include(after.text, `data-testid="balance">$5.00<`)
          assert.include(Browser.textOf(after.text), "$5.00 was added.")
          assert.include(Browser.textOf(after.text), "Added")
          const again = yield* browser.post("/dashboard/credits", { code })
          assert.strictEqual(again.status, 400)
          assert.include(Browser.textOf(again.text), "This voucher code is unknown or was used already")
          assert.include(again.text, `data-testid="balance">$5.00<`)
        }))

      it.effect("credits history: 50 entries a page, and the next page starts right after the last one shown", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const email = yield* signUp(browser)
          const admin = yield* Admin.Admin
          for (let i = 1; i <= 52; i++) yield* admin.addCredits(email, 1, `grant ${i}`)
          const first = yield* browser.get("/dashboard/credits")
          const older = /href="(\/dashboard\/credits\?before=\d+\.\d+)"/.exec(first.text)
          assert.isNotNull(older)
          assert.strictEqual(first.text.match(/<td>Added<\/td>/g)?.length, 50)
          assert.include(first.text, "grant 52")
          assert.notInclude(first.text, "grant 2<")
          const second = yield* browser.get(older![1]!)
          assert.strictEqual(second.text.match(/<td>Added<\/td>/g)?.length, 2)
          assert.include(second.text, "grant 2<")
          assert.include(second.text, "grant 1<")
          assert.notInclude(second.text, "Older entries")
        }))

      it.effect("profile: an uploaded JSON Resume becomes the profile; bad JSON and bad fields are explained inline", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          yield* signUp(browser)
          const empty = yield* browser.get("/dashboard/profile")
          assert.include(Browser.textOf(empty.text), "You have no profile yet")
          const broken = yield* browser.upload("/dashboard/profile/upload", "resume_file", "resume.json", "{ nope")
          assert.strictEqual(broken.status, 400)
          assert.include(broken.text, `id="f-resume_file-error">This is not valid JSON`)
          const wrong = yield* browser.upload(
            "/dashboard/profile/upload",
            "resume_file",
            "resume.json",
            `{"skills": "many"}`
          )
          assert.strictEqual(wrong.status, 400)
          assert.include(wrong.text, `id="f-resume_file-error">Invalid arguments for update_profile`)
          const uploaded = yield* browser.upload(
            "/dashboard/profile/upload",
            "resume_file",
            "resume.json",
            JSON.stringify(Fixtures.resume)
          )
          assert.strictEqual(uploaded.status, 303)
          assert.strictEqual(uploaded.location, "/dashboard/profile?saved=1")
          const form = yield* browser.get(uploaded.location!)
          assert.include(form.text, `value="Ada Lovelace"`)
          const invalid = yield* browser.post("/dashboard/profile", {
            "basics.name": "Ada Lovelace",
            "basics.email": "nope",
            skills: "TypeScript",
            work_count: "1",
            education_count: "1"
          })
          assert.strictEqual(invalid.status, 400)
          assert.include(invalid.text, `<p class="error" id="f-basics-email-error">Enter an email address</p>`)
          assert.include(invalid.text, `value="nope"`)
          const saved = yield* browser.post("/dashboard/profile", {
            "basics.name": "Ada King",
            skills: "TypeScript\nEffect: Schema, Layer",
            "preferences.remote": "remote",
            work_count: "1",
            education_count: "1"
          })
          assert.strictEqual(saved.status, 303)
          yield* browser.get("/dashboard/keys")
          const key = secretOf((yield* browser.post("/dashboard/keys", { name: "p", scopes: "profile_read" })).text)
          const profile = yield* Client.call(key, "get_profile")
          assert.deepStrictEqual(profile.body, {
            resume: {
              basics: { name: "Ada King" },
              skills: [{ name: "TypeScript" }, { name: "Effect", keywords: ["Schema", "Layer"] }]
            },
            preferences: { remote: "remote" }
          })
        }))

      it.effect("jobs: the list, a job's analysis, a status change, and a CV download paid from credits", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const email = yield* signUp(browser)
          const admin = yield* Admin.Admin
          yield* admin.setProfile(email, Fixtures.resume)
          yield* admin.addCredits(email, 15)
          yield* browser.get("/dashboard/keys")
          const key = secretOf((yield* browser.post("/dashboard/keys", { name: "a", scopes: "jobs_analyze" })).text)
          const analyzed = yield* Client.call(key, "analyze_job", {
            job_url: "https://jobs.example.com/postings/dashboard-role"
          })
          assert.strictEqual(analyzed.status, 200, analyzed.text)
          const jobId = Schema.decodeUnknownSync(Schema.Struct({ job_id: Schema.Int }))(analyzed.body).job_id
          const list = yield* browser.get("/dashboard/jobs")
          assert.include(list.text, `<a href="/dashboard/jobs/${jobId}">dashboard-role</a>`)
          assert.include(Browser.textOf(list.text), "1 job")
          const detail = yield* browser.get(`/dashboard/jobs/${jobId}`)
          const text = Browser.textOf(detail.text)
          for (const part of ["80 / 100", "APPLY", "A good fit.", "TypeScript", "Effect", "Rust", "Status: analyzed"]) {
            assert.include(text, part)
          }
          const moved = yield* browser.post(`/dashboard/jobs/${jobId}/status`, { status: "saved" })
          assert.strictEqual(moved.location, `/dashboard/jobs/${jobId}?moved=saved`)
          const saved = yield* browser.get(moved.location!)
          assert.include(Browser.textOf(saved.text), "Status: saved")
          const refused = yield* browser.post(`/dashboard/jobs/${jobId}/status`, { status: "saved" })
          assert.strictEqual(refused.status, 409)
          // Notes and days, kept through track_job; a day that is not one is explained, nothing is kept.
          yield* browser.get(`/dashboard/jobs/${jobId}`)
          const noted = yield* browser.post(`/dashboard/jobs/${jobId}/track`, {
            notes: "Recruiter: Kim <kim@acme.example>",
            applied_on: "",
            follow_up_on: "2026-12-01"
          })
          assert.strictEqual(noted.location, `/dashboard/jobs/${jobId}?tracked=1`)
          const withNotes = yield* browser.get(noted.location!)
          assert.include(withNotes.text, "Recruiter: Kim &lt;kim@acme.example&gt;</textarea>")
          assert.include(withNotes.text, `value="2026-12-01"`)
          assert.include(Browser.textOf(withNotes.text), "Your notes were saved.")
          const badDay = yield* browser.post(`/dashboard/jobs/${jobId}/track`, { notes: "", follow_up_on: "soon" })
          assert.strictEqual(badDay.status, 400)
          assert.include(Browser.textOf(badDay.text), "Expected a day as YYYY-MM-DD")
          yield* browser.get(`/dashboard/jobs/${jobId}`)
          const cv = yield* browser.post(`/dashboard/jobs/${jobId}/cv`, { format: "markdown" })
          assert.strictEqual(cv.status, 200)
          assert.strictEqual(cv.headers.get("content-disposition"), `attachment; filename="cv-job-${jobId}.md"`)
          assert.strictEqual(cv.text, "CV (markdown) for dashboard-role")
          const ledger = yield* Fixtures.ledgerOf(yield* Effect.map(admin.userByEmail(email), (u) => u.id))
          assert.strictEqual(ledger.balance, 0)
          yield* browser.get(`/dashboard/jobs/${jobId}`)
          const broke = yield* browser.post(`/dashboard/jobs/${jobId}/cv`, { format: "html" })
          assert.strictEqual(broke.status, 402)
          assert.include(Browser.textOf(broke.text), "Not enough credits: a CV costs $0.10, your balance is $0.00")
          const other = yield* Fixtures.user()
          const hidden = yield* browser.get(`/dashboard/jobs/${jobId + 1000}`)
          assert.strictEqual(hidden.status, 404)
          assert.isDefined(other)
        }))

      it.effect("profile: a CV file (Word or PDF) fills the form as a draft; nothing is saved until Save profile", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const email = yield* signUp(browser)
          const admin = yield* Admin.Admin
          yield* browser.get("/dashboard/profile")
          const read = yield* browser.upload(
            "/dashboard/profile/import",
            "cv_file",
            "ada.docx",
            CvFiles.docx(CvFiles.cvLines),
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          )
          assert.strictEqual(read.status, 200, read.text)
          assert.include(Browser.textOf(read.text), "Read from ada.docx. Check every field")
          assert.include(read.text, `value="Ada Lovelace"`)
          assert.include(read.text, `value="Analytical Engines Ltd"`)
          assert.include(read.text, `value="2020-01"`)
          assert.include(read.text, `value="University of London"`)
          // Nothing was saved: the account still has no profile.
          const user = yield* admin.userByEmail(email)
          assert.isTrue(Option.isNone(yield* Effect.flatMap(AccountStore.AccountStore, (a) => a.getProfile(user.id))))
          const pdfRead = yield* browser.upload(
            "/dashboard/profile/import",
            "cv_file",
            "ada.pdf",
            CvFiles.pdf(["Ada Lovelace", "ada@example.com", "Skills", "TypeScript, PostgreSQL, Kubernetes"]),
            "application/pdf"
          )
          assert.strictEqual(pdfRead.status, 200, pdfRead.text)
          assert.include(pdfRead.text, `value="ada@example.com"`)
          const refused = yield* browser.upload(
            "/dashboard/profile/import",
            "cv_file",
            "notes.txt",
            "just some notes",
            "text/plain"
          )
          assert.strictEqual(refused.status, 400)
          assert.include(refused.text, `id="f-cv_file-error">Choose a PDF or a Word (.docx) file.`)
          const bomb = yield* browser.upload(
            "/dashboard/profile/import",
            "cv_file",
            "bomb.docx",
            CvFiles.docx(CvFiles.cvLines, { unpacked: 4000, padding: 100 * 1024 * 1024 })
          )
          assert.strictEqual(bomb.status, 400)
          assert.include(Browser.textOf(bomb.text), "unpacks to far more than a CV does")
          assert.isTrue(Option.isNone(yield* Effect.flatMap(AccountStore.AccountStore, (a) => a.getProfile(user.id))))
        }))

      it.effect("jobs: two to four compared side by side, a CV shown as a page to print, the bookmarklet", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const email = yield* signUp(browser)
          const admin = yield* Admin.Admin
          yield* admin.setProfile(email, {
            basics: { name: "Ada <script>alert(1)</script> Lovelace", email: "ada@example.com" },
            work: [{ name: "Analytical Engines", position: "Engineer", startDate: "1842", highlights: ["Notes"] }],
            skills: [{ name: "TypeScript" }]
          })
          yield* admin.addCredits(email, 20)
          const ids: Array<string> = []
          for (const name of ["compare-one", "compare-two"]) {
            yield* browser.get("/dashboard/jobs")
            const done = yield* browser.post("/dashboard/jobs/analyze", { job_url: `https://jobs.example.com/${name}` })
            assert.strictEqual(done.status, 303, done.text)
            ids.push(/\/dashboard\/jobs\/(\d+)/.exec(done.location!)![1]!)
          }
          const list = yield* browser.get("/dashboard/jobs")
          assert.include(list.text, `<input type="checkbox" name="id" value="${ids[0]}" form="compare"`)
          // Sort, verdict, search and follow-ups, through get_saved_jobs.
          const searched = yield* browser.get("/dashboard/jobs?search=TWO&verdict=APPLY&sort=score")
          assert.include(searched.text, ">compare-two</a>")
          assert.notInclude(searched.text, ">compare-one</a>")
          assert.include(searched.text, `<option value="score" selected>`)
          const due = yield* browser.get("/dashboard/jobs?follow_up=due")
          assert.include(Browser.textOf(due.text), "No jobs match.")
          const compared = yield* browser.get(`/dashboard/jobs/compare?id=${ids[0]}&id=${ids[1]}`)
          assert.strictEqual(compared.status, 200)
          const text = Browser.textOf(compared.text)
          for (const part of ["compare-one", "compare-two", "Skills you miss", "Rust", "Red flags"]) {
            assert.include(text, part)
          }
          assert.strictEqual((yield* browser.get(`/dashboard/jobs/compare?id=${ids[0]}`)).status, 400)
          const other = yield* Fixtures.user({ cents: 5 })
          const theirs = yield* Client.call(other.key, "analyze_job", { job_url: "https://jobs.example.com/theirs" })
          const theirId = (theirs.body as { job_id: number }).job_id
          assert.strictEqual((yield* browser.get(`/dashboard/jobs/compare?id=${ids[0]}&id=${theirId}`)).status, 404)

          yield* browser.get(`/dashboard/jobs/${ids[0]}`)
          const shown = yield* browser.post(`/dashboard/jobs/${ids[0]}/cv`, { format: "html", show: "page" })
          assert.strictEqual(shown.status, 200)
          assert.include(shown.headers.get("content-type") ?? "", "text/html")
          assert.include(shown.text, `<div class="cv" data-testid="cv">`)
          assert.include(shown.text, "Ada &lt;script&gt;alert(1)&lt;/script&gt; Lovelace")
          assert.notInclude(shown.text, "<script>alert(1)")
          assert.include(Browser.textOf(shown.text), "Engineer — Analytical Engines")
          const ledger = yield* Fixtures.ledgerOf(yield* Effect.map(admin.userByEmail(email), (u) => u.id))
          assert.strictEqual(ledger.balance, 0)

          const bookmark = /href="(javascript:[^"]+)"/.exec(list.text)
          assert.isNotNull(bookmark)
          assert.include(bookmark![1]!.replace(/&quot;/g, "\""), `"http://127.0.0.1:8787/dashboard/jobs?analyse="`)
          assert.include(bookmark![1]!.replace(/&#39;|&#x27;/g, "'"), "'#html='+encodeURIComponent(t)")
          const prefilled = yield* browser.get("/dashboard/jobs?analyse=https://jobs.example.com/from-bookmark")
          assert.include(prefilled.text, `value="https://jobs.example.com/from-bookmark"`)

          // The list as CSV: every job, a formula-looking title made inert, commas quoted.
          yield* admin.addCredits(email, 5)
          yield* browser.get("/dashboard/jobs")
          const formula = yield* browser.post("/dashboard/jobs/analyze", { job_url: "https://jobs.example.com/=1+2,x" })
          assert.strictEqual(formula.status, 303, formula.text)
          const exported = yield* browser.get("/dashboard/jobs.csv")
          assert.strictEqual(exported.status, 200)
          assert.strictEqual(exported.headers.get("content-disposition"), `attachment; filename="jobfit-jobs-all.csv"`)
          const lines = exported.text.trimEnd().split("\r\n")
          assert.strictEqual(lines[0], "id,title,company,location,score,verdict,status,analyzed_at,url")
          assert.strictEqual(lines.length, 4)
          assert.match(
            lines[1]!,
            /^\d+,"'=1\+2,x",Acme,Berlin,80,APPLY,analyzed,\d{4}-\d\d-\d\dT[\d:.]+Z,"https:\/\/jobs\.example\.com\/=1\+2,x"$/
          )
        }))

      it.effect("jobs: a posting analysed from the dashboard, by URL or by pasted text, paid as on the API", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const email = yield* signUp(browser)
          const admin = yield* Admin.Admin
          const list = yield* browser.get("/dashboard/jobs")
          assert.include(Browser.textOf(list.text), "Analyse ($0.05)")
          // No profile yet: said on the form, nothing charged.
          const noProfile = yield* browser.post("/dashboard/jobs/analyze", {
            job_url: "https://jobs.example.com/postings/from-the-form"
          })
          assert.strictEqual(noProfile.status, 422)
          assert.include(Browser.textOf(noProfile.text), "Complete your profile first")
          yield* admin.setProfile(email, Fixtures.resume)
          const broke = yield* browser.post("/dashboard/jobs/analyze", {
            job_url: "https://jobs.example.com/postings/from-the-form"
          })
          assert.strictEqual(broke.status, 402)
          assert.include(
            Browser.textOf(broke.text),
            "Not enough credits: an analysis costs $0.05, your balance is $0.00"
          )
          yield* admin.addCredits(email, 10)
          const done = yield* browser.post("/dashboard/jobs/analyze", {
            job_url: "https://jobs.example.com/postings/from-the-form",
            posting_text: ""
          })
          assert.strictEqual(done.status, 303, done.text)
          assert.match(done.location ?? "", /^\/dashboard\/jobs\/\d+\?analysed=1$/)
          const page = yield* browser.get(done.location!)
          assert.include(Browser.textOf(page.text), "Analysed. The job is kept in your list.")
          assert.include(Browser.textOf(page.text), "80 / 100")
          const missing = yield* browser.post("/dashboard/jobs/analyze", { job_url: "" })
          assert.strictEqual(missing.status, 400)
          assert.include(Browser.textOf(missing.text), "Give the posting's URL.")
          const ledger = yield* Fixtures.ledgerOf(yield* Effect.map(admin.userByEmail(email), (u) => u.id))
          assert.deepStrictEqual([ledger.balance, ledger.charges], [5, 1])
        }))

      it.effect("sign-out ends the session in the store: the old cookie no longer opens pages", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          yield* signUp(browser)
          const token = browser.cookies.get("jobfit_session")!
          yield* browser.get("/dashboard/jobs")
          const out = yield* browser.post("/dashboard/signout")
          assert.strictEqual(out.location, "/dashboard/signin")
          assert.isUndefined(browser.cookies.get("jobfit_session"))
          assert.isTrue(Option.isNone(yield* (yield* Credentials.Credentials).findSession(token)))
          browser.cookies.set("jobfit_session", token)
          assert.strictEqual((yield* browser.get("/dashboard/jobs")).status, 303)
        }))

      it.effect("a reset link sets a password once; a refused password does not use it up; old sessions end", () =>
        Effect.gen(function*() {
          const seeded = yield* Fixtures.user()
          const credentials = yield* Credentials.Credentials
          const token = yield* credentials.createResetToken(
            seeded.user.id,
            DateTime.addDuration(yield* DateTime.now, Duration.hours(1))
          )
          const browser = yield* Browser.make
          const form = yield* browser.get(`/dashboard/reset?token=${token}`)
          assert.strictEqual(form.status, 200)
          const short = yield* browser.post("/dashboard/reset", { token, password: "short" })
          assert.strictEqual(short.status, 400)
          assert.include(Browser.textOf(short.text), "Use at least 10 characters")
          const set = yield* browser.post("/dashboard/reset", { token, password: PASSWORD })
          assert.strictEqual(set.status, 303)
          assert.strictEqual(set.location, "/dashboard/jobs")
          assert.strictEqual((yield* browser.get("/dashboard/keys")).status, 200)
          const reused = yield* browser.post("/dashboard/reset", { token, password: PASSWORD })
          assert.strictEqual(reused.status, 400)
          assert.include(Browser.textOf(reused.text), "The reset link is unknown, was used already, or has expired.")
          const other = yield* Browser.make
          yield* other.get("/dashboard/signin")
          const signedIn = yield* other.post("/dashboard/signin", { email: seeded.email, password: PASSWORD })
          assert.strictEqual(signedIn.status, 303)
        }))

      it.effect("an unknown dashboard page is an HTML 404; the stylesheet and script are served", () =>
        Effect.gen(function*() {
          const browser = yield* Browser.make
          const missing = yield* browser.get("/dashboard/nowhere")
          assert.strictEqual(missing.status, 404)
          assert.include(missing.headers.get("content-type") ?? "", "text/html")
          assert.include(Browser.textOf(missing.text), "Page not found")
          const css = yield* browser.get("/dashboard/assets/style.css")
          assert.strictEqual(css.status, 200)
          assert.include(css.headers.get("content-type") ?? "", "text/css")
          const js = yield* browser.get("/dashboard/assets/app.js")
          assert.include(js.headers.get("content-type") ?? "", "javascript")
          const home = yield* browser.get("/dashboard")
          assert.strictEqual(home.location, "/dashboard/signin")
        }))
    })
  })
}

describe("dashboard sign-in limit", () => {
  layer(
    TestServer.layer({ store: both[0]!.store, dashboard: dashboard(3) }),
    { excludeTestServices: true, timeout: "60 seconds" }
  )((it) => {
    it.effect("too many attempts from one client are refused with 429 and Retry-After", () =>
      Effect.gen(function*() {
        const browser = yield* Browser.make
        yield* browser.get("/dashboard/signin")
        const statuses: Array<number> = []
        for (let i = 0; i < 4; i++) {
          statuses.push(
            (yield* browser.post("/dashboard/signin", { email: `x${i}@example.com`, password: PASSWORD })).status
          )
        }
        assert.deepStrictEqual(statuses, [401, 401, 401, 429])
        const last = yield* browser.post("/dashboard/signin", { email: "y@example.com", password: PASSWORD })
        assert.strictEqual(last.status, 429)
        assert.match(last.headers.get("retry-after") ?? "", /^[1-9]\d*$/)
        assert.include(Browser.textOf(last.text), "Too many attempts")
      }))

    it.effect("a guesser's failures on one network do not lock the owner out on another", () =>
      Effect.gen(function*() {
        const guesser = yield* Browser.from("127.0.0.2")
        const owner = yield* Browser.from("127.0.0.3")
        const email = yield* signUp(owner)
        yield* owner.post("/dashboard/signout")
        yield* guesser.get("/dashboard/signin")
        const statuses: Array<number> = []
        for (let i = 0; i < 4; i++) {
          statuses.push((yield* guesser.post("/dashboard/signin", { email, password: `guess number ${i}` })).status)
        }
        assert.deepStrictEqual(statuses, [401, 401, 401, 429])
        yield* owner.get("/dashboard/signin")
        const signedIn = yield* owner.post("/dashboard/signin", { email, password: PASSWORD })
        assert.strictEqual(signedIn.status, 303, Browser.textOf(signedIn.text))
      }))
  })
})
