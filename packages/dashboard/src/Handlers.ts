import { HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import type { Credentials, Errors } from "@jobfit/core"
import { Effect, Option } from "effect"
import * as Csrf from "./Csrf.js"
import * as Form from "./Form.js"
import { html } from "./Html.js"
import * as Layout from "./Layout.js"
import type { Settings } from "./Settings.js"
import { asMember, current, finish, type Member, path, seeOther, type Visit } from "./Visit.js"

type Response = HttpServerResponse.HttpServerResponse

/** What every dashboard handler needs: the request, the session store and the settings. */
export type Base = HttpServerRequest.HttpServerRequest | Credentials.Credentials | Settings

/** A dashboard route's handler, needing R besides Base. */
export type Handler<R = never, E = never> = Effect.Effect<Response, E, R | Base>

/** A page that anyone may see. */
export const open = <E, R>(handler: (visit: Visit) => Effect.Effect<Response, E, R>): Handler<R, E> =>
  Effect.flatMap(current, (visit) => Effect.flatMap(handler(visit), (response) => finish(visit, response)))

const signInFirst = (visit: Visit) =>
  seeOther(
    `${path("/signin")}?next=${encodeURIComponent(visit.request.url.startsWith(path()) ? visit.request.url : path())}`
  )

/** A page for signed-in users; others are sent to sign in and brought back. */
export const members = <E, R>(handler: (member: Member) => Effect.Effect<Response, E, R>): Handler<R, E> =>
  open((visit) =>
    Option.match(asMember(visit), {
      onNone: () => Effect.succeed(signInFirst(visit)),
      onSome: handler
    })
  )

/** An error page in the dashboard's frame. */
export const problem = (visit: Visit, status: number, title: string, message: string) =>
  Layout.render(visit, {
    title,
    status,
    narrow: true,
    body: html`<div class="card"><p>${message}</p><p><a href="${path()}">Back to the dashboard</a></p></div>`
  })

const formProblem = (visit: Visit, error: Errors.InvalidRequest | Errors.RequestTooLarge) =>
  error._tag === "RequestTooLarge"
    ? problem(visit, 413, "Too large", `The form is larger than ${Form.MAX_BYTES / 1024 / 1024} MiB.`)
    : problem(visit, 400, "The form could not be read", error.message)

const forged = (visit: Visit) =>
  problem(
    visit,
    403,
    "Form expired",
    "This form was not sent from this site or has expired. Go back, reload the page and try again."
  )

/** A form post: the form is read, its CSRF token and origin are checked, then the handler runs. */
export const post = <E, R>(
  handler: (visit: Visit, form: Form.Form) => Effect.Effect<Response, E, R>
): Handler<R, E> =>
  open((visit) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const form = yield* Effect.either(Form.read())
      if (form._tag === "Left") return formProblem(visit, form.left)
      if (!Csrf.check(request, visit.csrf, form.right.get(Csrf.FIELD))) return forged(visit)
      return yield* handler(visit, form.right)
    })
  )

/** A form post by a signed-in user. */
export const memberPost = <E, R>(
  handler: (member: Member, form: Form.Form) => Effect.Effect<Response, E, R>
): Handler<R, E> =>
  post((visit, form) =>
    Option.match(asMember(visit), {
      onNone: () => Effect.succeed(signInFirst(visit)),
      onSome: (member) => handler(member, form)
    })
  )
