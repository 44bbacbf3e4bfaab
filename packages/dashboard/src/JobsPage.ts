import { HttpServerResponse } from "@effect/platform"
import { type Analysis, Errors, Gateway, Job, Prices, Tools } from "@jobfit/core"
import { Effect, Option } from "effect"
import { bookmarklet } from "./Bookmarklet.js"
import * as CvPreview from "./CvPreview.js"
import type { Form } from "./Form.js"
import * as Format from "./Format.js"
import { type Handler, memberPost, members, problem } from "./Handlers.js"
import { type Html, html } from "./Html.js"
import { filterQuery, listArgs, listFilters, sorts, statuses, unfiltered, verdicts } from "./JobList.js"
import { notFound, parseId, points, redFlags, skills, verdictBadge } from "./JobParts.js"
import * as Layout from "./Layout.js"
import { Settings } from "./Settings.js"
import { type Member, path, query, seeOther } from "./Visit.js"

const limits = ["10", "25", "50"] as const
// A native meter: no inline style (the pages' CSP allows none), and assistive technology reads its value.
const meter = (fraction: number, label: string) =>
  html`<meter min="0" max="100" value="${Math.round(fraction * 100)}" aria-label="${label}"></meter>`

const gettingStarted = html`<section class="card" aria-labelledby="start"><h2 id="start">Getting started</h2>
<ol>
<li><a href="${path("/profile")}">Complete your profile</a>: analyses compare postings with it.</li>
<li><a href="${path("/credits")}">Add credits</a>: an analysis costs a few cents.</li>
<li>Analyse a posting with the form above, or <a href="${path("/keys")}">create an API key</a> and call
<code>analyze_job</code> from your assistant over MCP or with <code>POST /api/mcp/tools/call</code> (see the
<a href="/docs">API documentation</a>).</li>
</ol>
<p>Analysed jobs are listed here.</p></section>`

/** What a paid tool costs here, shown before the click. */
const priceOf = (tool: Tools.Tool) =>
  Effect.map(
    Effect.serviceOption(Prices.Prices),
    (prices) => Prices.of(Option.getOrElse(prices, () => Prices.defaults), tool.name)
  )
const analysePrice = priceOf(Tools.analyze_job)
const cvPrice = priceOf(Tools.generate_cv)

const jobTitle = (member: Member, id: number) =>
  Effect.map(
    Effect.either(Gateway.callTool(member.principal, Tools.get_job, { job_id: id })),
    (found) => found._tag === "Right" ? found.right.title : "the job"
  )

interface AnalyseValues {
  readonly job_url?: string
  readonly posting_text?: string
}

/**
 * The form that analyses a posting as the signed-in user, through the Gateway (prices, charges and refusals as on
 * the API). The text area takes the posting's text for pages behind a sign-in or a bot check.
 */
const analyseForm = (member: Member, price: number, values: AnalyseValues = {}, error?: string) =>
  html`<section class="card" aria-labelledby="analyse"><h2 id="analyse">Analyse a posting</h2>
<form method="post" action="${path("/jobs/analyze")}">${Layout.csrfField(member)}
${
    Layout.field({
      name: "job_url",
      label: "Posting URL",
      type: "url",
      required: true,
      value: values.job_url,
      error,
      hint: "The address of the job posting, as your browser shows it."
    })
  }
${
    Layout.textarea({
      name: "posting_text",
      label: "The posting's text (optional)",
      value: values.posting_text,
      rows: 5,
      hint:
        "For a page that needs a sign-in or stops robots (LinkedIn, Indeed): paste its text; the URL stays the job's address."
    })
  }
<button type="submit">Analyse (${Format.dollars(price)})</button>
</form></section>`

const bookmarkletCard = (publicUrl: string) =>
  html`<section class="card" aria-labelledby="bookmarklet"><h2 id="bookmarklet">Analyse the page you are on</h2>
<p>Drag this link to your bookmarks bar: <a class="button secondary" href="${
    bookmarklet(publicUrl)
  }">Analyse with jobfit</a></p>
<p class="muted">On a posting, click the bookmark: this page opens with the posting's address and the page as your
browser shows it (for pages behind a sign-in) in the form above. Nothing is analysed or paid until you press
Analyse.</p></section>`

export const list: Handler<Gateway.Gateway | Settings> = members((member) =>
  Effect.gen(function*() {
    const params = query(member)
    const settings = yield* Settings
    const chosen = listFilters(params)
    const status = chosen.status
    const limit = limits.find((l) => l === params.get("limit")) ?? "25"
    const cursor = params.get("cursor")
    const result = yield* Effect.either(
      Gateway.callTool(member.principal, Tools.get_saved_jobs, {
        ...listArgs(chosen),
        limit: Number(limit),
        ...(cursor === null || cursor === "" ? {} : { cursor })
      })
    )
    if (result._tag === "Left") return problem(member, 400, "Jobs", result.left.message)
    const page = result.right
    const filters = html`<form method="get" action="${path("/jobs")}" class="actions" aria-label="Filter jobs">
<div>${
      Layout.select({
        name: "status",
        label: "Status",
        value: status,
        options: statuses.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const)
      })
    }</div>
<div>${
      Layout.select({
        name: "verdict",
        label: "Verdict",
        value: chosen.verdict,
        options: verdicts.map((v) => [v, v === "any" ? "Any" : v] as const)
      })
    }</div>
<div>${Layout.select({ name: "sort", label: "Sort", value: chosen.sort, options: sorts })}</div>
<div>${
      Layout.select({ name: "limit", label: "Per page", value: limit, options: limits.map((l) => [l, l] as const) })
    }</div>
<div>${Layout.field({ name: "search", label: "Search", value: chosen.search, hint: "Title or company" })}</div>
<label><input type="checkbox" name="follow_up" value="due"${chosen.due ? html` checked` : ""}> Follow-ups due</label>
<button type="submit" class="secondary">Show</button>
<a class="button secondary" href="${path(`/jobs.csv?${filterQuery(chosen)}`)}">Export CSV</a>
</form>`
    const next = page.next_cursor === null
      ? ""
      : html`<p><a href="${
        path(`/jobs?${new URLSearchParams([...filterQuery(chosen), ["limit", limit], ["cursor", page.next_cursor]])}`)
      }">Next page</a></p>`
    const welcome = params.get("welcome") !== null
    return Layout.render(member, {
      title: "Jobs",
      section: "jobs",
      notice: welcome ? "Welcome to jobfit. Your account is ready." : undefined,
      body: html`${analyseForm(member, yield* analysePrice, { job_url: params.get("analyse")?.trim() ?? "" })}
${page.total === 0 && unfiltered(chosen) ? gettingStarted : filters}
${
        page.jobs.length === 0
          ? page.total === 0 && unfiltered(chosen) ? "" : html`<p class="muted">No jobs match.</p>`
          : html`<p class="muted">${page.total} ${page.total === 1 ? "job" : "jobs"}${
            status === "all" ? "" : ` ${status}`
          }</p>
<form id="compare" method="get" action="${path("/jobs/compare")}" class="actions">
<button type="submit" class="secondary small">Compare the jobs ticked</button>
<span class="muted">two to four</span></form>
<div class="table-wrap"><table>
<thead><tr><th scope="col"><span class="sr-only">Compare</span></th><th scope="col">Job</th><th scope="col">Location</th><th scope="col">Score</th><th scope="col">Verdict</th><th scope="col">Status</th><th scope="col">Analysed</th></tr></thead>
<tbody>${
            page.jobs.map((job) =>
              html`<tr><td><input type="checkbox" name="id" value="${
                String(job.id)
              }" form="compare" aria-label="Compare ${job.title}"></td><td><a href="${
                path(`/jobs/${job.id}`)
              }">${job.title}</a><br><span class="muted">${job.company}</span></td>
<td>${job.location}</td><td>${job.match_score}</td><td>${verdictBadge(job.verdict)}</td><td>${job.status}</td><td>${
                Format.when(job.analyzed_at)
              }</td></tr>`
            )
          }</tbody></table></div>${next}`
      }
${bookmarkletCard(settings.publicUrl)}`
    })
  })
)

/** The score's factors as docs/scoring.md explains them: points = weight × result, the score their sum (or a cap). */
const breakdown = (factors: ReadonlyArray<Analysis.ScoreFactor> | undefined, score: number): Html => {
  if (factors === undefined || factors.length === 0) return html``
  const total = Math.round(factors.reduce((sum, f) => sum + f.weight * f.score, 0) * 100)
  return html`<section class="card" aria-labelledby="breakdown">
<h2 id="breakdown">How the score was made</h2>
<div class="table-wrap"><table><thead><tr><th scope="col">Factor</th><th scope="col">Weight</th><th scope="col">Result</th><th scope="col">Points</th><th scope="col">Why</th></tr></thead>
<tbody>${
    factors.map((f) =>
      html`<tr><td>${f.factor}</td><td>${Math.round(f.weight * 100)}%</td><td>${
        meter(f.score, `${Math.round(f.score * 100)} of 100`)
      } ${Math.round(f.score * 100)}%</td><td>${points(f)}</td><td>${f.detail}</td></tr>`
    )
  }</tbody><tfoot><tr><th scope="row">Score</th><td></td><td></td><td>${String(score)}</td><td>${
    score < total
      ? `the points add up to ${total}; capped at ${score} because ${
        factors.some((f) => f.factor === "requirements" && f.score < 1)
          ? "a hard requirement is missing"
          : "none of the required skills is met"
      }`
      : "the sum of the points"
  }</td></tr></tfoot></table></div></section>`
}

const detailPage = (member: Member, id: number, view: { alert?: string; notice?: string; status?: number } = {}) =>
  Effect.gen(function*() {
    const found = yield* Effect.either(Gateway.callTool(member.principal, Tools.get_job, { job_id: id }))
    if (found._tag === "Left") return notFound(member)
    const job = found.right
    const a = job.analysis
    const moves = Job.JobStatus.literals.filter((to) => Job.canTransition(job.status, to))
    return Layout.render(member, {
      title: job.title,
      section: "jobs",
      status: view.status ?? 200,
      notice: view.notice,
      alert: view.alert,
      body: html`<p>${job.company} · ${job.location} · ${
        /^https?:\/\//i.test(job.url)
          ? html`<a href="${job.url}" rel="noopener noreferrer">original posting</a>`
          : job.url
      }</p>
<section class="card" aria-labelledby="fit"><h2 id="fit">Fit</h2>
<p><span class="big">${job.match_score}</span> / 100 ${verdictBadge(job.verdict)}</p>
<p>${a.assessment}</p>
<p class="muted">Analysed ${Format.when(job.analyzed_at)} by ${a.analyzer}. Status: <strong>${job.status}</strong>.</p>
<div class="actions">${
        moves.map((to) =>
          html`<form method="post" action="${path(`/jobs/${job.id}/status`)}">${Layout.csrfField(member)}
<input type="hidden" name="status" value="${to}"><button type="submit" class="secondary small">Mark as ${to}</button></form>`
        )
      }</div>
</section>
<div class="row">
<section class="card" aria-labelledby="matching"><h2 id="matching">Skills you have</h2>${
        skills(a.matching_skills, "None of the posting's skills.")
      }</section>
<section class="card" aria-labelledby="missing"><h2 id="missing">Skills you miss</h2>${
        skills(a.missing_skills, "None: you have every skill it asks for.")
      }</section>
</div>
<section class="card" aria-labelledby="flags"><h2 id="flags">Red flags</h2>${redFlags(a.red_flags)}</section>
<section class="card" aria-labelledby="tracking"><h2 id="tracking">Your notes</h2>
<form method="post" action="${path(`/jobs/${job.id}/track`)}">${Layout.csrfField(member)}
${
        Layout.textarea({
          name: "notes",
          label: "Notes",
          value: job.tracking.notes,
          rows: 4,
          hint: "Who you talked to, what happens next. Plain text, up to 10,000 characters."
        })
      }
<div class="row"><div>${
        Layout.field({
          name: "applied_on",
          label: "Applied on",
          type: "date",
          value: job.tracking.applied_on ?? "",
          hint: "Set when you mark the job as applied; change it if you applied another day."
        })
      }</div><div>${
        Layout.field({
          name: "follow_up_on",
          label: "Follow up on",
          type: "date",
          value: job.tracking.follow_up_on ?? ""
        })
      }</div></div>
<button type="submit" class="secondary">Save notes</button>
</form></section>
${breakdown(a.breakdown, a.match_score)}
<section class="card" aria-labelledby="cv"><h2 id="cv">A CV for this job</h2>
<form method="post" action="${path(`/jobs/${job.id}/cv`)}" class="actions">${Layout.csrfField(member)}
<div>${
        Layout.select({
          name: "format",
          label: "Format",
          value: "markdown",
          options: [["markdown", "Markdown"], ["html", "HTML"], ["json", "JSON Resume"]]
        })
      }</div>
<button type="submit">Generate and download</button>
<button type="submit" name="show" value="page" class="secondary">Generate and show (print or save as PDF)</button>
</form>
<p class="muted">generate_cv is paid from your credits (${Format.dollars(yield* cvPrice)} a CV).</p>
</section>
<p><a href="${path("/jobs")}">All jobs</a></p>`
    })
  })

export const detail = (raw: string | undefined): Handler<Gateway.Gateway> =>
  members((member) => {
    const id = parseId(raw)
    if (id._tag === "None") return Effect.succeed(notFound(member))
    const params = query(member)
    const moved = params.get("moved")
    // Only the words are taken from the query, never shown as given.
    const notice = moved !== null && Job.JobStatus.literals.some((st) => st === moved)
      ? `Marked as ${moved}.`
      : params.get("analysed") !== null
      ? "Analysed. The job is kept in your list."
      : params.get("tracked") !== null
      ? "Your notes were saved."
      : undefined
    return detailPage(member, id.value, notice === undefined ? {} : { notice })
  })

/** A form post about one of the member's jobs, by the id in the path; an id that is not one is 404. */
const jobPost = <E>(
  raw: string | undefined,
  handler: (
    member: Member,
    id: number,
    form: Form
  ) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, Gateway.Gateway>
): Handler<Gateway.Gateway, E> =>
  memberPost((member, form) =>
    Option.match(parseId(raw), {
      onNone: () => Effect.succeed(notFound(member)),
      onSome: (id) => handler(member, id, form)
    })
  )

export const setStatus = (raw: string | undefined): Handler<Gateway.Gateway> =>
  jobPost(raw, (member, id, form) =>
    Effect.gen(function*() {
      const status = form.get("status") ?? ""
      const moved = yield* Effect.either(
        Gateway.callTool(member.principal, Tools.update_job_status, { job_id: id, status })
      )
      if (moved._tag === "Left") {
        return moved.left._tag === "JobNotFound"
          ? notFound(member)
          : yield* detailPage(member, id, { alert: moved.left.message, status: 409 })
      }
      return seeOther(path(`/jobs/${id}?moved=${moved.right.status}`))
    }))

const download = {
  markdown: ["text/markdown", "md"],
  html: ["text/html", "html"],
  json: ["application/json", "json"]
} as const

export const cv = (raw: string | undefined): Handler<Gateway.Gateway> =>
  jobPost(raw, (member, id, form) =>
    Effect.gen(function*() {
      const format = form.get("format") ?? "markdown"
      const made = yield* Effect.either(Gateway.callTool(member.principal, Tools.generate_cv, { job_id: id, format }))
      if (made._tag === "Left") {
        const error = made.left
        if (error._tag === "JobNotFound") return notFound(member)
        const alert = error._tag === "InsufficientCredits"
          ? `Not enough credits: a CV costs ${Format.dollars(error.required_credits)}, your balance is ${
            Format.dollars(error.available_credits)
          }. Add credits on the Credits page.`
          : error.message
        return yield* detailPage(member, id, { alert, status: error._tag === "InsufficientCredits" ? 402 : 400 })
      }
      if (form.get("show") === "page") {
        return Layout.render(member, {
          title: `CV for ${yield* jobTitle(member, id)}`,
          section: "jobs",
          notice: `Charged ${
            Format.dollars(made.right.cost_cents)
          }. Print this page, or save it as PDF, for a clean CV.`,
          body: html`${CvPreview.render(made.right.resume)}
<p class="no-print"><a href="${path(`/jobs/${id}`)}">Back to the job</a></p>`
        })
      }
      const [type, extension] = download[made.right.format]
      return HttpServerResponse.text(made.right.content, {
        contentType: `${type}; charset=utf-8`,
        headers: { "content-disposition": `attachment; filename="cv-job-${id}.${extension}"` }
      })
    }))

/** What went wrong, in the words of the form: money with a way to add it, the rest as the Gateway says it. */
const analyseAlert = (error: Errors.AppError): { readonly message: string; readonly status: number } => {
  switch (error._tag) {
    case "InsufficientCredits":
      return {
        message: `Not enough credits: an analysis costs ${Format.dollars(error.required_credits)}, your balance is ${
          Format.dollars(error.available_credits)
        }. Add credits on the Credits page.`,
        status: 402
      }
    case "ProfileNotFound":
      return { message: "Complete your profile first: analyses compare postings with it.", status: 422 }
    default:
      return { message: error.message, status: Errors.catalogue[error._tag].status }
  }
}

/** Analyses the posting of the form as the signed-in user and shows the job; a refusal is shown on the form. */
export const analyze: Handler<Gateway.Gateway> = memberPost((member, form) =>
  Effect.gen(function*() {
    const jobUrl = (form.get("job_url") ?? "").trim()
    const text = (form.get("posting_text") ?? "").trim()
    const values = { job_url: jobUrl, posting_text: text }
    const price = yield* analysePrice
    const again = (message: string, status: number) =>
      Layout.render(member, {
        title: "Jobs",
        section: "jobs",
        status,
        alert: message,
        body: analyseForm(member, price, values, status === 400 ? message : undefined)
      })
    if (jobUrl === "") return again("Give the posting's URL.", 400)
    const done = yield* Effect.either(
      Gateway.callTool(member.principal, Tools.analyze_job, {
        job_url: jobUrl,
        ...(text === "" ? {} : { posting_text: text })
      })
    )
    if (done._tag === "Left") {
      const { message, status } = analyseAlert(done.left)
      return again(message, status)
    }
    return seeOther(path(`/jobs/${done.right.job_id}?analysed=1`))
  })
)

/** Notes and days for a job; an empty date field clears it. */
export const track = (raw: string | undefined): Handler<Gateway.Gateway> =>
  jobPost(raw, (member, id, form) =>
    Effect.gen(function*() {
      const day = (name: string) => {
        const value = (form.get(name) ?? "").trim()
        return value === "" ? null : value
      }
      const saved = yield* Effect.either(Gateway.callTool(member.principal, Tools.track_job, {
        job_id: id,
        notes: (form.get("notes") ?? "").replace(/\r\n/g, "\n"),
        applied_on: day("applied_on"),
        follow_up_on: day("follow_up_on")
      }))
      if (saved._tag === "Left") {
        return saved.left._tag === "JobNotFound"
          ? notFound(member)
          : yield* detailPage(member, id, { alert: saved.left.message, status: 400 })
      }
      return seeOther(path(`/jobs/${id}?tracked=1`))
    }))
