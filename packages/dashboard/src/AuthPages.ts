import { HttpServerResponse } from "@effect/platform"
import { Account, AccountStore, Credentials, RateLimiter } from "@jobfit/core"
import { Effect, Option, Schema } from "effect"
import type { Form } from "./Form.js"
import { memberPost, open, post } from "./Handlers.js"
import { html, type Part } from "./Html.js"
import * as Layout from "./Layout.js"
import * as Passwords from "./Passwords.js"
import { Settings } from "./Settings.js"
import { path, query, safeNext, seeOther, signIn, signOut, type Visit } from "./Visit.js"

const decodeEmail = Schema.decodeUnknownOption(Account.Email)

type Errors = Partial<Record<"email" | "name" | "password" | "form", string>>

const nextField = (next: string | undefined) =>
  next === undefined ? "" : html`<input type="hidden" name="next" value="${safeNext(next)}">`

const signUpPage = (visit: Visit, values: { email?: string; name?: string } = {}, errors: Errors = {}) =>
  Layout.render(visit, {
    title: "Create your account",
    narrow: true,
    status: Object.keys(errors).length > 0 ? 400 : 200,
    alert: errors.form,
    body: html`<form class="card" method="post" action="${path("/signup")}" novalidate>
${Layout.csrfField(visit)}
${
      Layout.field({
        name: "email",
        label: "Email",
        type: "email",
        value: values.email,
        error: errors.email,
        required: true,
        autocomplete: "email"
      })
    }
${
      Layout.field({
        name: "name",
        label: "Name",
        value: values.name,
        hint: "Optional; shown on your CV if your profile has none",
        autocomplete: "name"
      })
    }
${
      Layout.field({
        name: "password",
        label: "Password",
        type: "password",
        error: errors.password,
        required: true,
        autocomplete: "new-password",
        hint: `At least ${Passwords.MIN_LENGTH} characters`
      })
    }
<button type="submit">Create account</button>
</form>
<p>Have an account? <a href="${path("/signin")}">Sign in</a></p>`
  })

const signInPage = (
  visit: Visit,
  values: { email?: string; next?: string | undefined } = {},
  alert?: Part,
  status = 200,
  notice?: string
) =>
  Layout.render(visit, {
    title: "Sign in",
    narrow: true,
    status,
    alert,
    notice,
    body: html`<form class="card" method="post" action="${path("/signin")}">
${Layout.csrfField(visit)}${nextField(values.next)}
${
      Layout.field({
        name: "email",
        label: "Email",
        type: "email",
        value: values.email,
        required: true,
        autocomplete: "username"
      })
    }
${
      Layout.field({
        name: "password",
        label: "Password",
        type: "password",
        required: true,
        autocomplete: "current-password"
      })
    }
<button type="submit">Sign in</button>
</form>
<p>New here? <a href="${path("/signup")}">Create an account</a></p>
<p class="muted">Forgot your password? Your operator can send you a reset link (<code>jobfit users password-reset</code>).</p>`
  })

/**
 * Sign-in and sign-up attempts are limited per client address, and per email from that address: a guesser gets
 * `signInPerMinute` tries a minute from each address it has, and the owner signing in from another network is
 * never refused for a stranger's failures (a per-email limit alone would let anyone lock them out).
 */
const limited = (visit: Visit, email: string) =>
  Effect.gen(function*() {
    const settings = yield* Settings
    const limiter = yield* RateLimiter.RateLimiter
    const policy = { perMinute: settings.signInPerMinute, burst: settings.signInPerMinute }
    const client = Option.getOrElse(visit.request.remoteAddress, () => "unknown")
    yield* limiter.take(`signin:client:${client}`, policy)
    if (email !== "") yield* limiter.take(`signin:email:${email.toLowerCase()}:${client}`, policy)
  })

/**
 * What sign-up answers, whether or not the address had an account (the page does not tell which): the sign-in form
 * with the address filled in, going on to the welcome page.
 */
const SIGNED_UP_NOTICE =
  "Your account is ready: sign in with its email and password. If the email already had an account, sign in with " +
  "that account's password, or ask your operator for a reset link."

const tooMany = (
  retryAfter: number,
  render: (status: number, alert: string) => Effect.Effect<HttpServerResponse.HttpServerResponse>
) =>
  Effect.map(
    render(429, `Too many attempts. Wait ${retryAfter} seconds and try again.`),
    HttpServerResponse.setHeader("retry-after", String(retryAfter))
  )

const text = (form: Form, name: string) => (form.get(name) ?? "").trim()

export const showSignUp = open((visit) =>
  Option.isSome(visit.user) ? Effect.succeed(seeOther(path("/jobs"))) : Effect.succeed(signUpPage(visit))
)

export const signUp = post((visit, form) =>
  Effect.gen(function*() {
    const settings = yield* Settings
    const accounts = yield* AccountStore.AccountStore
    const credentials = yield* Credentials.Credentials
    const values = { email: text(form, "email"), name: text(form, "name") }
    const password = form.get("password") ?? ""
    const email = decodeEmail(values.email)
    const errors: Errors = {}
    if (Option.isNone(email)) errors.email = "Enter an email address such as ada@example.com"
    const weak = Passwords.problem(password, values.email)
    if (weak !== undefined) errors.password = weak
    if (Object.keys(errors).length > 0) return signUpPage(visit, values, errors)
    const limit = yield* Effect.either(limited(visit, values.email))
    if (limit._tag === "Left") {
      return yield* tooMany(limit.left.retry_after, (status, alert) =>
        Effect.succeed(Layout.render(visit, { title: "Create your account", narrow: true, status, alert, body: "" })))
    }
    const address = Option.getOrThrow(email).toLowerCase()
    const name = values.name || address.split("@")[0]!
    // Hashed before the account is looked at, so a known address takes as long as a new one.
    const hashed = yield* Passwords.hash(password, settings.passwordCost)
    const created = yield* Effect.either(accounts.createUser({ email: address, name }))
    if (created._tag === "Right") {
      yield* credentials.setPasswordHash(created.right.id, hashed)
      yield* Effect.logInfo("dashboard sign-up").pipe(Effect.annotateLogs({ userId: created.right.id }))
    } else {
      yield* Effect.logInfo("dashboard sign-up for an address that has an account")
    }
    return signInPage(visit, { email: values.email, next: path("/jobs?welcome=1") }, undefined, 200, SIGNED_UP_NOTICE)
  })
)

export const showSignIn = open((visit) => {
  const next = query(visit).get("next") ?? undefined
  return Option.isSome(visit.user)
    ? Effect.succeed(seeOther(safeNext(next)))
    : Effect.succeed(signInPage(visit, { next }))
})

export const signInPost = post((visit, form) =>
  Effect.gen(function*() {
    const settings = yield* Settings
    const credentials = yield* Credentials.Credentials
    const email = text(form, "email")
    const password = form.get("password") ?? ""
    const next = form.get("next")
    const values = { email, next }
    const limit = yield* Effect.either(limited(visit, email))
    if (limit._tag === "Left") {
      return yield* tooMany(limit.left.retry_after, (status, alert) =>
        Effect.succeed(signInPage(visit, values, alert, status)))
    }
    const login = email === "" ? Option.none() : yield* credentials.findLogin(email)
    const stored = Option.flatMap(login, (found) =>
      found.passwordHash)
    const ok = Option.isSome(stored)
      ? yield* Passwords.verify(password, stored.value)
      : yield* Passwords.verifyNothing(password, settings.passwordCost)
    if (!ok || Option.isNone(login)) {
      yield* Effect.logInfo("dashboard sign-in refused")
      return signInPage(visit, values, "The email or the password is not right.", 401)
    }
    return yield* signIn(login.value.user.id, seeOther(safeNext(next)))
  })
)

export const signOutPost = memberPost((member) => signOut(member, seeOther(path("/signin"))))

const resetPage = (visit: Visit, token: string, error?: string) =>
  Layout.render(visit, {
    title: "Choose a new password",
    narrow: true,
    status: error === undefined ? 200 : 400,
    body: html`<form class="card" method="post" action="${path("/reset")}" novalidate>
${Layout.csrfField(visit)}<input type="hidden" name="token" value="${token}">
${
      Layout.field({
        name: "password",
        label: "New password",
        type: "password",
        error,
        required: true,
        autocomplete: "new-password",
        hint: `At least ${Passwords.MIN_LENGTH} characters`
      })
    }
<button type="submit">Set password and sign in</button>
</form>`
  })

const badToken = (visit: Visit) =>
  Layout.render(visit, {
    title: "This link does not work",
    narrow: true,
    status: 400,
    body: html`<div class="card"><p>The reset link is unknown, was used already, or has expired.
Ask your operator for a new one (<code>jobfit users password-reset --email …</code>).</p></div>`
  })

export const showReset = open((visit) => {
  const token = query(visit).get("token") ?? ""
  return Effect.succeed(token === "" ? badToken(visit) : resetPage(visit, token))
})

export const reset = post((visit, form) =>
  Effect.gen(function*() {
    const settings = yield* Settings
    const credentials = yield* Credentials.Credentials
    const token = form.get("token") ?? ""
    const password = form.get("password") ?? ""
    // Checked before the token is used, so a refused password does not burn the link.
    const weak = Passwords.problem(password, "")
    if (weak !== undefined) return resetPage(visit, token, weak)
    const userId = token === "" ? Option.none() : yield* credentials.consumeResetToken(token)
    if (Option.isNone(userId)) return badToken(visit)
    yield* credentials.setPasswordHash(userId.value, yield* Passwords.hash(password, settings.passwordCost))
    // A new password ends every session the old one opened.
    yield* credentials.deleteSessionsOf(userId.value)
    return yield* signIn(userId.value, seeOther(path("/jobs")))
  })
)
