import { HttpServerResponse } from "@effect/platform"
import { Ids, type Ledger, PaymentProvider, SelfService } from "@jobfit/core"
import { DateTime, Effect, Option } from "effect"
import * as Format from "./Format.js"
import { memberPost, members } from "./Handlers.js"
import { type Html, html } from "./Html.js"
import * as Layout from "./Layout.js"
import { type Member, path, query, seeOther } from "./Visit.js"

const PAGE = 50

const kindLabel: Record<Ledger.LedgerEntry["kind"], string> = { grant: "Added", charge: "Charge", refund: "Refund" }

const entryRow = (entry: Ledger.LedgerEntry): Html =>
  html`<tr>
<td>${Format.when(entry.created_at)}</td>
<td>${kindLabel[entry.kind]}</td>
<td>${entry.tool === null ? "" : html`<code>${entry.tool}</code>`}${
    entry.job_id === null ? "" : html` · <a href="${path(`/jobs/${entry.job_id}`)}">job ${entry.job_id}</a>`
  }${entry.note === null ? "" : html` <span class="muted">${entry.note}</span>`}</td>
<td class="num">${entry.amount_cents > 0 ? "+" : ""}${Format.dollars(entry.amount_cents)}</td>
</tr>`

// `?before=<millis>.<id>`: the last entry of the page shown, so the next page starts right after it.
const parseBefore = (text: string | null): Option.Option<Ledger.EntryPosition> => {
  const match = text === null ? null : /^(\d{1,15})\.(\d{1,15})$/.exec(text)
  if (match === null) return Option.none()
  const id = Number(match[2])
  return id > 0
    ? Option.some({ at: DateTime.unsafeMake(Number(match[1])), id: Ids.LedgerEntryId.make(id) })
    : Option.none()
}

const page = (member: Member, view: { readonly notice?: string; readonly error?: string; readonly status?: number }) =>
  Effect.gen(function*() {
    const self = yield* SelfService.SelfService
    const provider = yield* PaymentProvider.PaymentProvider
    const before = parseBefore(query(member).get("before"))
    const { balance_cents: balance, entries } = yield* self.credits(
      member.principal,
      Option.match(before, {
        onNone: () => ({ limit: PAGE }),
        onSome: (position) => ({ limit: PAGE, before: position })
      })
    )
    const last = entries.at(-1)
    const older = entries.length === PAGE && last !== undefined
      ? html`<p><a href="${path(`/credits?before=${last.created_at.epochMillis}.${last.id}`)}">Older entries</a></p>`
      : ""
    return Layout.render(member, {
      title: "Credits",
      section: "credits",
      status: view.status ?? 200,
      notice: view.notice,
      body: html`<section class="card" aria-labelledby="balance">
<h2 id="balance">Balance</h2>
<p class="big" data-testid="balance">${Format.dollars(balance)}</p>
<p class="muted">${balance} credits; one credit is one cent. analyze_job and generate_cv are paid, everything else is free.</p>
</section>
<section class="card" aria-labelledby="add">
<h2 id="add">${provider.label}</h2>
<form method="post" action="${path("/credits")}">
${Layout.csrfField(member)}
${
        provider.fields.map((f, i) =>
          Layout.field({
            name: f.name,
            label: f.label,
            type: f.type,
            ...(f.hint === undefined ? {} : { hint: f.hint }),
            // A provider's problem is shown next to its first field.
            error: i === 0 ? view.error : undefined,
            required: true
          })
        )
      }
<button type="submit">Add credits</button>
</form>
</section>
<h2>History</h2>
${
        entries.length === 0
          ? html`<p class="muted">Nothing yet.</p>`
          : html`<div class="table-wrap"><table>
<thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Detail</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${entries.map(entryRow)}</tbody></table></div>${older}`
      }`
    })
  })

export const show = members((member) => {
  const added = query(member).get("added")
  const cents = added === null ? Number.NaN : Number(added)
  return page(member, Number.isSafeInteger(cents) && cents > 0 ? { notice: `${Format.dollars(cents)} was added.` } : {})
})

export const add = memberPost((member, form) =>
  Effect.gen(function*() {
    const provider = yield* PaymentProvider.PaymentProvider
    const values: Record<string, string> = {}
    for (const f of provider.fields) values[f.name] = (form.get(f.name) ?? "").trim()
    const self = yield* SelfService.SelfService
    const outcome = yield* Effect.either(self.addCredits(member.principal, values))
    if (outcome._tag === "Left") return yield* page(member, { error: outcome.left.message, status: 400 })
    const result = outcome.right
    yield* Effect.logInfo("dashboard credits").pipe(
      Effect.annotateLogs({ provider: provider.id, outcome: result._tag })
    )
    return result._tag === "Redirect"
      ? HttpServerResponse.redirect(result.url, { status: 303 })
      : seeOther(path(`/credits?added=${result.cents}`))
  })
)
