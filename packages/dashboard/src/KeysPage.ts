import { type ApiKey, type OAuthStore, Scope, SelfService } from "@jobfit/core"
import { Effect } from "effect"
import * as Format from "./Format.js"
import { memberPost, members, problem } from "./Handlers.js"
import { type Html, html } from "./Html.js"
import * as Layout from "./Layout.js"
import { type Member, path, query, seeOther } from "./Visit.js"

const scopeChecks = (name: string, chosen: ReadonlyArray<string>, idPrefix: string): Html =>
  html`<div class="checks">${
    Scope.ofUsers.map((scope) =>
      html`<label for="${idPrefix}-${scope}"><input type="checkbox" id="${idPrefix}-${scope}" name="${name}" value="${scope}"${
        chosen.includes(scope) ? html` checked` : ""
      }> <span><code>${scope}</code> — ${Format.scopeLabels[scope]}</span></label>`
    )
  }</div>`

const keyRow = (member: Member, key: ApiKey.ApiKey): Html => {
  const live = key.revoked_at === null
  return html`<tr>
<td>${key.name}</td>
<td><code>${key.prefix}…</code></td>
<td>${key.scopes.map((s) => html`<code>${s}</code> `)}</td>
<td>${Format.when(key.created_at)}</td>
<td>${Format.when(key.last_used_at)}</td>
<td>${live ? "active" : html`<span class="badge SKIP">revoked</span> ${Format.when(key.revoked_at)}`}</td>
<td>${
    live
      ? html`<div class="actions">
<details><summary>Edit scopes<span class="sr-only"> of ${key.name}</span></summary>
<form method="post" action="${path(`/keys/${key.id}/scopes`)}">${Layout.csrfField(member)}
<fieldset><legend>Scopes of ${key.name}</legend>${scopeChecks("scopes", key.scopes, `k${key.id}`)}</fieldset>
<button type="submit" class="small">Save scopes</button></form></details>
<form method="post" action="${path(`/keys/${key.id}/revoke`)}">${Layout.csrfField(member)}
<button type="submit" class="danger small" aria-label="Revoke ${key.name}">Revoke</button></form></div>`
      : ""
  }</td>
</tr>`
}

/** Applications allowed through OAuth (an assistant's connector): what they may do, and a way to end it. */
const connectionsSection = (member: Member, connections: ReadonlyArray<OAuthStore.Connection>) =>
  connections.length === 0 ? "" : html`<h2 id="connections">Connected applications</h2>
<div class="table-wrap"><table aria-labelledby="connections">
<thead><tr><th scope="col">Application</th><th scope="col">Scopes</th><th scope="col">Allowed</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${
    connections.map((c) =>
      html`<tr><td>${c.client_name}</td><td>${c.scopes.map((s) => html`<code>${s}</code> `)}</td><td>${
        Format.when(c.created_at)
      }</td><td><form method="post" action="${path(`/connections/${c.id}/disconnect`)}">${Layout.csrfField(member)}
<button type="submit" class="danger small" aria-label="Disconnect ${c.client_name}">Disconnect</button></form></td></tr>`
    )
  }</tbody></table></div>`

interface View {
  readonly created?: { readonly key: ApiKey.ApiKey; readonly secret: string }
  readonly errors?: { readonly name?: string; readonly scopes?: string }
  readonly values?: { readonly name: string; readonly scopes: ReadonlyArray<string> }
  readonly notice?: string
  readonly alert?: string
  readonly status?: number
}

const page = (member: Member, view: View = {}) =>
  Effect.gen(function*() {
    const self = yield* SelfService.SelfService
    const keys = yield* self.keys(member.principal)
    const connections = yield* self.connections(member.principal)
    const values = view.values ?? { name: "", scopes: Scope.ofUsers }
    const created = view.created === undefined ? "" : html`<section class="card" aria-labelledby="new-key">
<h2 id="new-key">Your new key “${view.created.key.name}”</h2>
<p><strong>Copy it now: it is shown only this once.</strong> Send it as <code>Authorization: Bearer &lt;key&gt;</code>.</p>
<div class="key"><code id="secret">${view.created.secret}</code><button type="button" class="secondary" data-copy="secret">Copy</button></div>
<p id="copy-status" class="muted" role="status" aria-live="polite"></p>
</section>`
    return Layout.render(member, {
      title: "API keys",
      section: "keys",
      status: view.status ?? 200,
      notice: view.notice,
      alert: view.alert,
      body: html`${created}
<section class="card" aria-labelledby="create">
<h2 id="create">Create a key</h2>
<form method="post" action="${path("/keys")}">
${Layout.csrfField(member)}
${
        Layout.field({
          name: "name",
          label: "Name",
          value: values.name,
          error: view.errors?.name,
          hint: "To tell your keys apart, such as “laptop” or “assistant”"
        })
      }
<fieldset${view.errors?.scopes ? html` aria-describedby="scopes-error"` : ""}><legend>Scopes</legend>
${scopeChecks("scopes", values.scopes, "new")}
${view.errors?.scopes ? html`<p class="error" id="scopes-error">${view.errors.scopes}</p>` : ""}
</fieldset>
<button type="submit">Create key</button>
</form>
</section>
<h2>Your keys</h2>
${
        keys.length === 0
          ? html`<p class="muted">No keys yet.</p>`
          : html`<div class="table-wrap"><table>
<thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${[...keys].reverse().map((key) => keyRow(member, key))}</tbody></table></div>`
      }
${connectionsSection(member, connections)}
`
    })
  })

/** Another user's key, or none, is "not found" (never "forbidden"). */
const notYours = (member: Member) => problem(member, 404, "Key not found", "You have no API key with this id.")

export const show = members((member) => {
  const done = query(member).get("done")
  const notices: Record<string, string> = {
    revoked: "The key was revoked.",
    scopes: "The key's scopes were saved.",
    disconnected: "The application was disconnected: its tokens no longer work."
  }
  return page(member, done !== null && notices[done] !== undefined ? { notice: notices[done] } : {})
})

export const create = memberPost((member, form) =>
  Effect.gen(function*() {
    const self = yield* SelfService.SelfService
    const values = { name: (form.get("name") ?? "").trim(), scopes: form.getAll("scopes") }
    return yield* self.createKey(member.principal, values).pipe(
      Effect.flatMap((created) => page(member, { created: { key: created.apiKey, secret: created.secret } })),
      Effect.catchTag("KeyRequestInvalid", (invalid) =>
        page(member, {
          errors: invalid.problems,
          values: { name: values.name, scopes: values.scopes.filter(Scope.isScope) },
          status: 400
        }))
    )
  })
)

const keyId = (raw: string | undefined) => (raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : -1)

export const revoke = (raw: string | undefined) =>
  memberPost((member) =>
    Effect.flatMap(SelfService.SelfService, (self) => self.revokeKey(member.principal, keyId(raw))).pipe(
      Effect.as(seeOther(path("/keys?done=revoked"))),
      Effect.catchTag("ApiKeyNotFound", () => Effect.succeed(notYours(member)))
    )
  )

export const updateScopes = (raw: string | undefined) =>
  memberPost((member, form) =>
    Effect.flatMap(
      SelfService.SelfService,
      (self) => self.rescopeKey(member.principal, keyId(raw), form.getAll("scopes"))
    ).pipe(
      Effect.as(seeOther(path("/keys?done=scopes"))),
      Effect.catchTags({
        ApiKeyNotFound: () => Effect.succeed(notYours(member)),
        KeyRequestInvalid: (invalid) => page(member, { alert: `${invalid.message} for this key.`, status: 400 })
      })
    )
  )

export const disconnect = (raw: string | undefined) =>
  memberPost((member) =>
    Effect.gen(function*() {
      const self = yield* SelfService.SelfService
      const ended = yield* self.disconnect(member.principal, keyId(raw))
      return ended
        ? seeOther(path("/keys?done=disconnected"))
        : problem(member, 404, "Application not found", "You have no connected application with this id.")
    })
  )
