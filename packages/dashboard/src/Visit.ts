import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { type Account, Credentials, Scope } from "@jobfit/core"
import { DateTime, Duration, Effect, Option } from "effect"
import { createHash } from "node:crypto"
import * as Csrf from "./Csrf.js"
import { BASE_PATH, Settings } from "./Settings.js"

/** The cookie holding the session token; the store keeps only its hash. */
export const SESSION_COOKIE = "jobfit_session"

/** Who is looking at a page: the signed-in user, if any, and the CSRF token their forms carry. */
export interface Visit {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly user: Option.Option<Account.User>
  readonly session: Option.Option<string>
  readonly csrf: string
  /** The anonymous CSRF cookie must be (re)set with the response. */
  readonly newCsrf: boolean
}

/** A visit with a signed-in user. */
export interface Member extends Visit {
  readonly member: Account.User
  readonly token: string
  /** Whom the member's actions run as: a session principal holding every scope a user may hold. */
  readonly principal: Account.SessionPrincipal
}

/** A session's name that is not its secret: limits and logs may carry it. */
const sessionId = (token: string) => createHash("sha256").update(`session:${token}`).digest("base64url").slice(0, 16)

/** Reads the session and CSRF cookies of the current request. */
export const current = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const credentials = yield* Credentials.Credentials
  const token = Option.fromNullable(request.cookies[SESSION_COOKIE]).pipe(Option.filter((t) => t.length > 0))
  const user = Option.isSome(token) ? yield* credentials.findSession(token.value) : Option.none()
  if (Option.isSome(user) && Option.isSome(token)) {
    return { request, user, session: token, csrf: Csrf.forSession(token.value), newCsrf: false } satisfies Visit
  }
  const cookie = Option.fromNullable(request.cookies[Csrf.COOKIE]).pipe(Option.filter((t) => /^[\w-]{32}$/.test(t)))
  return {
    request,
    user: Option.none(),
    session: Option.none(),
    csrf: Option.getOrElse(cookie, Csrf.fresh),
    newCsrf: Option.isNone(cookie)
  } satisfies Visit
}).pipe(Effect.withSpan("Visit.current"))

export const asMember = (visit: Visit): Option.Option<Member> =>
  Option.isSome(visit.user) && Option.isSome(visit.session)
    ? Option.some({
      ...visit,
      member: visit.user.value,
      token: visit.session.value,
      principal: { user: visit.user.value, session: { id: sessionId(visit.session.value), scopes: Scope.ofUsers } }
    })
    : Option.none()

const cookieOptions = (secure: boolean, maxAge: Duration.Duration) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: BASE_PATH,
  secure,
  maxAge
})

/** Adds what every dashboard response carries: no caching, strict content rules, and a new CSRF cookie if needed. */
/**
 * The pages' policy: nothing but our own styles, scripts and images, forms sent only to us (and to `formTargets`:
 * the OAuth consent form, whose answer redirects to the client, which browsers check against form-action too).
 */
export const contentSecurityPolicy = (formTargets: ReadonlyArray<string> = []) =>
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; " +
  `form-action ${["'self'", ...formTargets].join(" ")}; frame-ancestors 'none'; base-uri 'none'`

const defaultPolicy = contentSecurityPolicy()

export const finish = (visit: Visit, response: HttpServerResponse.HttpServerResponse) =>
  Effect.map(Settings, (settings) => {
    const headed = HttpServerResponse.setHeaders(response, {
      "cache-control": "no-store",
      // A page that set its own policy (the consent page) keeps it.
      "content-security-policy": response.headers["content-security-policy"] ?? defaultPolicy,
      "x-content-type-options": "nosniff",
      "referrer-policy": "same-origin",
      "x-frame-options": "DENY"
    })
    return visit.newCsrf
      ? HttpServerResponse.unsafeSetCookie(
        headed,
        Csrf.COOKIE,
        visit.csrf,
        { ...cookieOptions(settings.secureCookies, Duration.days(1)), sameSite: "strict" }
      )
      : headed
  })

/** Starts a session for the user: the token goes in an HttpOnly, SameSite=Lax cookie (Secure behind https). */
export const signIn = Effect.fn("Visit.signIn")(
  function*(userId: Account.User["id"], response: HttpServerResponse.HttpServerResponse) {
    const settings = yield* Settings
    const credentials = yield* Credentials.Credentials
    const expires = DateTime.addDuration(yield* DateTime.now, settings.sessionTtl)
    const token = yield* credentials.createSession(userId, expires)
    return HttpServerResponse.unsafeSetCookie(
      response,
      SESSION_COOKIE,
      token,
      cookieOptions(settings.secureCookies, settings.sessionTtl)
    )
  }
)

/** Ends the visitor's session, in the store and in the browser. */
export const signOut = Effect.fn("Visit.signOut")(
  function*(visit: Visit, response: HttpServerResponse.HttpServerResponse) {
    const settings = yield* Settings
    const credentials = yield* Credentials.Credentials
    if (Option.isSome(visit.session)) yield* credentials.deleteSession(visit.session.value)
    return HttpServerResponse.unsafeSetCookie(
      response,
      SESSION_COOKIE,
      "",
      cookieOptions(settings.secureCookies, Duration.zero)
    )
  }
)

/** The request's query string (the URL of a request is a path; the origin only completes it for the parser). */
export const query = (visit: Visit): URLSearchParams => new URL(visit.request.url, "http://dashboard").searchParams

/** A dashboard path, for links and redirects. */
export const path = (rest = ""): string => `${BASE_PATH}${rest}`

/** 303 See Other: after a form post, the browser loads the target with GET. */
export const seeOther = (location: string) => HttpServerResponse.redirect(location, { status: 303 })

/** Where to go after signing in: a dashboard path the visitor asked for, never another site. */
export const safeNext = (next: string | undefined): string =>
  next !== undefined && next.startsWith(`${BASE_PATH}/`) && !next.startsWith("//") && !/[\\\s]/.test(next)
    ? next
    : path("/jobs")
