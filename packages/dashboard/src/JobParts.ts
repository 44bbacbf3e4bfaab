import type { Analysis, Job } from "@jobfit/core"
import { Schema } from "effect"
import { problem } from "./Handlers.js"
import { type Html, html } from "./Html.js"
import type { Member } from "./Visit.js"

// The pieces the job page and the comparison both show.

export const verdictBadge = (verdict: Job.Verdict) => html`<span class="badge ${verdict}">${verdict}</span>`

export const JobIdParam = Schema.NumberFromString.pipe(Schema.compose(Schema.Int), Schema.positive())
export const parseId = Schema.decodeUnknownOption(JobIdParam)

export const notFound = (member: Member) => problem(member, 404, "Job not found", "You have no job with this id.")

export const skills = (names: ReadonlyArray<string>, empty: string) =>
  names.length === 0
    ? html`<p class="muted">${empty}</p>`
    : html`<ul class="skills">${names.map((s) => html`<li>${s}</li>`)}</ul>`

export const points = (f: Analysis.ScoreFactor): string => (Math.round(f.weight * f.score * 1000) / 10).toFixed(1)

export const redFlags = (flags: ReadonlyArray<Analysis.RedFlag>): Html =>
  flags.length === 0
    ? html`<p class="muted">None found.</p>`
    : html`<ul>${
      flags.map((f) =>
        html`<li><span class="badge ${f.severity}">${f.severity}</span> ${f.message}${
          f.evidence === undefined ? "" : html`<br><q class="muted">${f.evidence}</q>`
        }</li>`
      )
    }</ul>`
