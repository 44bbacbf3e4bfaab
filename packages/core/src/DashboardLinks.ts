import { Context, Effect, Layer, Option } from "effect"
import { identity } from "effect/Function"
import { type AppError, InsufficientCredits, ProfileNotFound, ScopeNotAllowed } from "./Errors.js"

/** The dashboard's public address; when present, errors a person fixes there carry a link to its page. */
export class DashboardLinks extends Context.Tag("@jobfit/core/DashboardLinks")<DashboardLinks, {
  readonly baseUrl: string
}>() {}

export const layer = (baseUrl: string) => Layer.succeed(DashboardLinks, { baseUrl: baseUrl.replace(/\/+$/, "") })

/**
 * The error with `dashboard_url` set to the page that fixes it: credits for INSUFFICIENT_CREDITS, keys for
 * SCOPE_NOT_ALLOWED, the profile for PROFILE_NOT_FOUND. Other errors are returned as they are.
 */
export const attach = (baseUrl: string) => (error: AppError): AppError => {
  switch (error._tag) {
    case "InsufficientCredits":
      return new InsufficientCredits({
        required_credits: error.required_credits,
        available_credits: error.available_credits,
        dashboard_url: `${baseUrl}/credits`
      })
    case "ScopeNotAllowed":
      return new ScopeNotAllowed({ required_scope: error.required_scope, dashboard_url: `${baseUrl}/keys` })
    case "ProfileNotFound":
      return new ProfileNotFound({ dashboard_url: `${baseUrl}/profile` })
    default:
      return error
  }
}

/**
 * What a transport applies to the errors it sends: `attach` with this context's dashboard, or nothing without one.
 * The Gateway's errors are the domain's; a link to a page is the edge's business.
 */
export const attacher: Effect.Effect<(error: AppError) => AppError> = Effect.map(
  Effect.serviceOption(DashboardLinks),
  Option.match({ onNone: () => identity, onSome: (links) => attach(links.baseUrl) })
)
