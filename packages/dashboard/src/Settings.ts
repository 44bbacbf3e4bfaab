import { DashboardLinks } from "@jobfit/core"
import { Config, Context, Duration, Effect, Layer, Option } from "effect"
import * as Passwords from "./Passwords.js"

/** Where the dashboard is served inside the app. */
export const BASE_PATH = "/dashboard"

/** How the dashboard runs; every field has a default (see layerConfig). */
export class Settings extends Context.Tag("@jobfit/dashboard/Settings")<Settings, {
  /** The public address of the dashboard, used in links the API and the CLI hand out. */
  readonly publicUrl: string
  /** Cookies get `Secure` when the public address is https. */
  readonly secureCookies: boolean
  readonly sessionTtl: Duration.Duration
  readonly passwordCost: Passwords.Cost
  /** Sign-in and sign-up attempts a minute, per client address and per email. */
  readonly signInPerMinute: number
}>() {}

const withoutSlash = (url: string) => url.replace(/\/+$/, "")

export const make = (
  input: { readonly publicUrl: string } & Partial<Omit<typeof Settings.Service, "publicUrl" | "secureCookies">>
): typeof Settings.Service => ({
  publicUrl: withoutSlash(input.publicUrl),
  secureCookies: input.publicUrl.startsWith("https:"),
  sessionTtl: input.sessionTtl ?? Duration.days(14),
  passwordCost: input.passwordCost ?? Passwords.defaultCost,
  signInPerMinute: input.signInPerMinute ?? 10
})

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text)
    return (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === ""
  } catch {
    return false
  }
}

/**
 * JOBFIT_DASHBOARD_URL: the dashboard's public address (default: http://JOBFIT_HOST:JOBFIT_PORT/dashboard, with
 * 127.0.0.1 for a wildcard host).
 */
export const PublicUrl = Config.all({
  url: Config.option(
    Config.string("JOBFIT_DASHBOARD_URL").pipe(
      Config.validate({
        message: "must be an http(s) URL such as https://jobfit.example.com/dashboard",
        validation: isHttpUrl
      })
    )
  ),
  host: Config.string("JOBFIT_HOST").pipe(Config.withDefault("127.0.0.1")),
  port: Config.integer("JOBFIT_PORT").pipe(Config.withDefault(8787))
}).pipe(Config.map(({ host, port, url }) =>
  Option.getOrElse(url, () => {
    const shown = host === "0.0.0.0" || host === "::" || host === ""
      ? "127.0.0.1"
      : host.includes(":")
      ? `[${host}]`
      : host
    return `http://${shown}:${port}${BASE_PATH}`
  })
))

export const layerConfig = Layer.effect(Settings, Effect.map(PublicUrl, (publicUrl) => make({ publicUrl })))

export const layer = (settings: typeof Settings.Service) => Layer.succeed(Settings, settings)

/** Errors the API returns link to the dashboard's pages at its public address. */
export const layerLinks = Layer.effect(
  DashboardLinks.DashboardLinks,
  Effect.map(Settings, (settings) => ({ baseUrl: settings.publicUrl }))
)
