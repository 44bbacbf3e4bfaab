import { Gateway, Tools } from "@jobfit/core"
import { Effect, Option, type Schema } from "effect"
import { type Handler, members, problem } from "./Handlers.js"
import { type Html, html } from "./Html.js"
import { notFound, parseId, points, redFlags, skills, verdictBadge } from "./JobParts.js"
import * as Layout from "./Layout.js"
import { path, query } from "./Visit.js"

const factorDetail = (job: Schema.Schema.Type<typeof Tools.get_job.result>, factor: string) =>
  job.analysis.breakdown?.find((f) => f.factor === factor)?.detail ?? "—"

/** Two to four of the member's jobs side by side: score and its parts, verdict, skills, flags, pay, place. */
export const compare: Handler<Gateway.Gateway> = members((member) =>
  Effect.gen(function*() {
    const ids = [...new Set(query(member).getAll("id"))].map((raw) => parseId(raw))
    if (ids.length < 2 || ids.length > 4 || ids.some(Option.isNone)) {
      return problem(member, 400, "Compare jobs", "Tick two to four jobs in the list to compare them.")
    }
    const found = yield* Effect.either(Effect.forEach(
      ids.map((id) => Option.getOrThrow(id)),
      (id) => Gateway.callTool(member.principal, Tools.get_job, { job_id: id })
    ))
    if (found._tag === "Left") return notFound(member)
    const jobs = found.right
    const row = (label: string, cell: (job: typeof jobs[number]) => Html | string) =>
      html`<tr><th scope="row">${label}</th>${jobs.map((job) => html`<td>${cell(job)}</td>`)}</tr>`
    const best = Math.max(...jobs.map((j) => j.match_score))
    return Layout.render(member, {
      title: "Compare jobs",
      section: "jobs",
      body: html`<div class="table-wrap"><table class="compare">
<thead><tr><td></td>${
        jobs.map((job) =>
          html`<th scope="col"><a href="${
            path(`/jobs/${job.id}`)
          }">${job.title}</a><br><span class="muted">${job.company}</span></th>`
        )
      }</tr></thead>
<tbody>
${
        row("Score", (j) =>
          html`<strong>${String(j.match_score)}</strong> / 100${
            j.match_score === best ? html` <span class="muted">(best)</span>` : ""
          }`)
      }
${row("Verdict", (j) => verdictBadge(j.verdict))}
${row("Status", (j) => j.status)}
${row("Location", (j) => j.location || "—")}
${row("Pay", (j) => factorDetail(j, "salary"))}
${row("Skills you have", (j) => skills(j.analysis.matching_skills, "None"))}
${row("Skills you miss", (j) => skills(j.analysis.missing_skills, "None"))}
${row("Red flags", (j) => redFlags(j.analysis.red_flags))}
${
        row("Score parts", (j) =>
          j.analysis.breakdown === undefined
            ? "—"
            : html`<ul>${j.analysis.breakdown.map((f) => html`<li>${f.factor}: ${points(f)}</li>`)}</ul>`)
      }
</tbody></table></div>
<p><a href="${path("/jobs")}">All jobs</a></p>`
    })
  })
)
