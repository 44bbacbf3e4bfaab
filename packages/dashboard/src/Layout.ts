import { HttpServerResponse } from "@effect/platform"
import { Option } from "effect"
import * as Csrf from "./Csrf.js"
import { type Html, html, type Part } from "./Html.js"
import { path, type Visit } from "./Visit.js"

export type Section = "jobs" | "profile" | "keys" | "credits"

const sections: ReadonlyArray<readonly [Section, string]> = [
  ["jobs", "Jobs"],
  ["profile", "Profile"],
  ["keys", "API keys"],
  ["credits", "Credits"]
]

export interface Page {
  readonly title: string
  readonly body: Part
  readonly section?: Section
  readonly status?: number
  /** A one-line confirmation shown above the content. */
  readonly notice?: string | undefined
  /** A one-line problem shown above the content. */
  readonly alert?: Part
  /** Forms of one column (sign-in and the like). */
  readonly narrow?: boolean
}

/** The hidden field every state-changing form carries. */
export const csrfField = (visit: Visit): Html => html`<input type="hidden" name="${Csrf.FIELD}" value="${visit.csrf}">`

const header = (visit: Visit, section: Section | undefined) =>
  Option.match(visit.user, {
    onNone: () => html`<header class="top"><a class="brand" href="${path()}">jobfit</a></header>`,
    onSome: (user) =>
      html`<header class="top">
  <a class="brand" href="${path("/jobs")}">jobfit</a>
  <nav aria-label="Main"><ul>${
        sections.map(([id, label]) =>
          html`<li><a href="${path(`/${id}`)}"${id === section ? html` aria-current="page"` : ""}>${label}</a></li>`
        )
      }</ul></nav>
  <span class="who">${user.email}</span>
  <form method="post" action="${path("/signout")}">${
        csrfField(visit)
      }<button class="link" type="submit">Sign out</button></form>
</header>`
  })

/** A whole page in the dashboard's frame. */
export const render = (visit: Visit, page: Page): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.text(
    html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · jobfit</title>
<link rel="stylesheet" href="${path("/assets/style.css")}">
<script src="${path("/assets/app.js")}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(visit, page.section)}
<main id="main" tabindex="-1"${page.narrow ? html` class="narrow"` : ""}>
<h1>${page.title}</h1>
${page.notice === undefined ? "" : html`<p class="notice" role="status">${page.notice}</p>`}
${page.alert === undefined ? "" : html`<div class="alert" role="alert">${page.alert}</div>`}
${page.body}
</main>
<footer>jobfit · the API: <a href="/docs">documentation</a> · <a href="/openapi.json">OpenAPI</a></footer>
</body>
</html>`.text,
    { status: page.status ?? 200, contentType: "text/html; charset=utf-8" }
  )

interface Described {
  readonly name: string
  readonly label: string
  readonly hint?: string | undefined
  readonly error?: string | undefined
}

/** The control's id, the attributes tying its hint and error to it, and the hint and error below it. */
const describe = (input: Described) => {
  const id = `f-${input.name.replace(/[^\w-]/g, "-")}`
  const described = [input.hint ? `${id}-hint` : "", input.error ? `${id}-error` : ""].filter(Boolean).join(" ")
  return {
    id,
    label: html`<label for="${id}">${input.label}</label>`,
    attrs: html`${described ? html` aria-describedby="${described}"` : ""}${
      input.error ? html` aria-invalid="true"` : ""
    }`,
    below: html`${input.hint ? html`<p class="hint" id="${id}-hint">${input.hint}</p>` : ""}
${input.error ? html`<p class="error" id="${id}-error">${input.error}</p>` : ""}`
  }
}

/** A labelled text input with its hint and error wired to it for assistive technology. */
export const field = (
  input: Described & {
    readonly value?: string | number | undefined
    readonly type?: "text" | "email" | "password" | "number" | "url" | "date"
    readonly required?: boolean
    readonly autocomplete?: string
  }
): Html => {
  const d = describe(input)
  return html`<div class="field">${d.label}
<input id="${d.id}" name="${input.name}" type="${input.type ?? "text"}"${
    input.value === undefined ? "" : html` value="${String(input.value)}"`
  }${input.required ? html` required` : ""}${
    input.autocomplete ? html` autocomplete="${input.autocomplete}"` : ""
  }${d.attrs}>
${d.below}</div>`
}

/** The same, for a multi-line text. */
export const textarea = (input: Described & { readonly value?: string | undefined; readonly rows?: number }): Html => {
  const d = describe(input)
  return html`<div class="field">${d.label}
<textarea id="${d.id}" name="${input.name}" rows="${input.rows ?? 4}"${d.attrs}>${input.value ?? ""}</textarea>
${d.below}</div>`
}

/** A labelled select. */
export const select = (
  input: Described & {
    readonly options: ReadonlyArray<readonly [value: string, label: string]>
    readonly value?: string | undefined
  }
): Html => {
  const d = describe(input)
  return html`<div class="field">${d.label}
<select id="${d.id}" name="${input.name}"${d.attrs}>${
    input.options.map(([value, label]) =>
      html`<option value="${value}"${value === input.value ? html` selected` : ""}>${label}</option>`
    )
  }</select>
${d.below}</div>`
}
