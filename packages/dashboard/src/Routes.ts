import { HttpRouter, HttpServerResponse } from "@effect/platform"
import type { AccountStore, Gateway, OAuthStore, PaymentProvider, RateLimiter, SelfService } from "@jobfit/core"
import { Effect, Option } from "effect"
import * as Assets from "./Assets.js"
import * as AuthPages from "./AuthPages.js"
import * as ComparePage from "./ComparePage.js"
import * as CreditsPage from "./CreditsPage.js"
import { type Base, open, problem } from "./Handlers.js"
import * as JobList from "./JobList.js"
import * as JobsPage from "./JobsPage.js"
import * as KeysPage from "./KeysPage.js"
import * as OAuth from "./OAuth.js"
import * as ProfilePage from "./ProfilePage.js"
import { BASE_PATH } from "./Settings.js"
import { path, seeOther } from "./Visit.js"

const asset = (body: string, contentType: string) =>
  HttpServerResponse.text(body, {
    contentType,
    headers: { "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" }
  })

const style = asset(Assets.stylesheet, "text/css; charset=utf-8")
const script = asset(Assets.script, "text/javascript; charset=utf-8")

const home = open((visit) => Effect.succeed(seeOther(path(Option.isSome(visit.user) ? "/jobs" : "/signin"))))

const notFound = open((visit) => Effect.succeed(problem(visit, 404, "Page not found", "There is no such page.")))

/** Hands the `:id` path parameter to a handler. */
const withId = <A, E, R>(handler: (raw: string | undefined) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(HttpRouter.params, (params) => handler(params["id"]))

/** What the dashboard's pages need from the app they are served in. */
export type Services =
  | Base
  | AccountStore.AccountStore
  | Gateway.Gateway
  | PaymentProvider.PaymentProvider
  | SelfService.SelfService
  | RateLimiter.RateLimiter
  | OAuthStore.OAuthStore

/**
 * OAuth 2.1 for remote MCP clients: metadata and token endpoints at the root, the consent page in the dashboard
 * (its session cookie is scoped to /dashboard).
 */
const oauth = HttpRouter.empty.pipe(
  HttpRouter.get("/.well-known/oauth-protected-resource", OAuth.protectedResource),
  HttpRouter.get("/.well-known/oauth-protected-resource/api/mcp", OAuth.protectedResource),
  HttpRouter.get("/.well-known/oauth-authorization-server", OAuth.authorizationServer),
  HttpRouter.post("/oauth/register", OAuth.register),
  HttpRouter.post("/oauth/token", OAuth.token),
  HttpRouter.post("/oauth/revoke", OAuth.revoke),
  HttpRouter.options("/.well-known/oauth-protected-resource", OAuth.preflight),
  HttpRouter.options("/.well-known/oauth-protected-resource/api/mcp", OAuth.preflight),
  HttpRouter.options("/.well-known/oauth-authorization-server", OAuth.preflight),
  HttpRouter.options("/oauth/register", OAuth.preflight),
  HttpRouter.options("/oauth/token", OAuth.preflight),
  HttpRouter.options("/oauth/revoke", OAuth.preflight),
  HttpRouter.get(`${BASE_PATH}/oauth/authorize`, OAuth.authorize),
  HttpRouter.post(`${BASE_PATH}/oauth/authorize`, OAuth.decide)
)

/** Every dashboard page under /dashboard; an unknown path there is an HTML 404. */
export const router: HttpRouter.HttpRouter<never, Services> = HttpRouter.empty.pipe(
  HttpRouter.concat(oauth),
  HttpRouter.get(BASE_PATH, home),
  HttpRouter.get(`${BASE_PATH}/assets/style.css`, Effect.succeed(style)),
  HttpRouter.get(`${BASE_PATH}/assets/app.js`, Effect.succeed(script)),
  HttpRouter.get(`${BASE_PATH}/signup`, AuthPages.showSignUp),
  HttpRouter.post(`${BASE_PATH}/signup`, AuthPages.signUp),
  HttpRouter.get(`${BASE_PATH}/signin`, AuthPages.showSignIn),
  HttpRouter.post(`${BASE_PATH}/signin`, AuthPages.signInPost),
  HttpRouter.post(`${BASE_PATH}/signout`, AuthPages.signOutPost),
  HttpRouter.get(`${BASE_PATH}/reset`, AuthPages.showReset),
  HttpRouter.post(`${BASE_PATH}/reset`, AuthPages.reset)
).pipe(
  HttpRouter.get(`${BASE_PATH}/keys`, KeysPage.show),
  HttpRouter.post(`${BASE_PATH}/keys`, KeysPage.create),
  HttpRouter.post(`${BASE_PATH}/keys/:id/revoke`, withId(KeysPage.revoke)),
  HttpRouter.post(`${BASE_PATH}/keys/:id/scopes`, withId(KeysPage.updateScopes)),
  HttpRouter.post(`${BASE_PATH}/connections/:id/disconnect`, withId(KeysPage.disconnect)),
  HttpRouter.get(`${BASE_PATH}/credits`, CreditsPage.show),
  HttpRouter.post(`${BASE_PATH}/credits`, CreditsPage.add),
  HttpRouter.get(`${BASE_PATH}/profile`, ProfilePage.show),
  HttpRouter.post(`${BASE_PATH}/profile`, ProfilePage.save),
  HttpRouter.post(`${BASE_PATH}/profile/upload`, ProfilePage.upload),
  HttpRouter.post(`${BASE_PATH}/profile/import`, ProfilePage.importCv),
  HttpRouter.get(`${BASE_PATH}/jobs`, JobsPage.list),
  HttpRouter.post(`${BASE_PATH}/jobs/analyze`, JobsPage.analyze),
  HttpRouter.get(`${BASE_PATH}/jobs/compare`, ComparePage.compare),
  HttpRouter.get(`${BASE_PATH}/jobs.csv`, JobList.csv),
  HttpRouter.get(`${BASE_PATH}/jobs/:id`, withId(JobsPage.detail)),
  HttpRouter.post(`${BASE_PATH}/jobs/:id/status`, withId(JobsPage.setStatus)),
  HttpRouter.post(`${BASE_PATH}/jobs/:id/cv`, withId(JobsPage.cv)),
  HttpRouter.post(`${BASE_PATH}/jobs/:id/track`, withId(JobsPage.track)),
  HttpRouter.all(`${BASE_PATH}/*`, notFound)
)
