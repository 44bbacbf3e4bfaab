import { Headers, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Json, OAuthStore, RateLimiter, Scope } from "@jobfit/core"
import { McpRoute, ToolCallBody } from "@jobfit/http"
import { DateTime, Duration, Effect, Layer, Option } from "effect"
import { createHash } from "node:crypto"
import type { Form } from "./Form.js"
import * as Format from "./Format.js"
import { type Handler, memberPost, members, problem } from "./Handlers.js"
import { html } from "./Html.js"
import * as Layout from "./Layout.js"
import { Settings } from "./Settings.js"
import { contentSecurityPolicy, type Member, path } from "./Visit.js"

/** How long each credential lives. */
export const CODE_TTL = Duration.minutes(10)
export const ACCESS_TTL = Duration.hours(1)
export const REFRESH_TTL = Duration.days(30)

const MAX_CLIENT_NAME = 100
const MAX_REDIRECTS = 10
const registrations = { perMinute: 10, burst: 10 }

/** This server's addresses, from the dashboard's public one: the issuer, the MCP resource and the endpoints. */
export const addresses = (publicUrl: string) => {
  const origin = new URL(publicUrl).origin
  return {
    issuer: origin,
    resource: `${origin}/api/mcp`,
    metadata: `${origin}/.well-known/oauth-protected-resource/api/mcp`,
    authorize: `${publicUrl}/oauth/authorize`,
    token: `${origin}/oauth/token`,
    register: `${origin}/oauth/register`,
    revoke: `${origin}/oauth/revoke`
  }
}

/** For /api/mcp's 401: where its protected-resource metadata is. */
export const layerResourceMetadata = Layer.effect(
  McpRoute.ResourceMetadata,
  Effect.map(Settings, (settings) => ({ url: addresses(settings.publicUrl).metadata }))
)

// Public metadata and the token endpoints are called by clients from any origin (browser-based MCP clients too);
// they take no cookie, so allowing every origin gives no page anything it could not fetch itself.
const cors = {
  "access-control-allow-origin": "*",
  "access-control-allow-headers": "authorization, content-type, mcp-protocol-version",
  "access-control-allow-methods": "GET, POST, OPTIONS"
}

const json = (body: unknown, status = 200) =>
  HttpServerResponse.unsafeJson(body, {
    status,
    headers: { ...cors, "cache-control": "no-store", pragma: "no-cache" }
  })

/** An OAuth error response (RFC 6749 §5.2). */
const oauthError = (error: string, description: string, status = 400) =>
  json({ error, error_description: description }, status)

export const preflight = Effect.succeed(HttpServerResponse.empty({ status: 204, headers: cors }))

/** RFC 9728: what protects /api/mcp, and where to get a token for it. */
export const protectedResource = Effect.map(Settings, (settings) => {
  const at = addresses(settings.publicUrl)
  return json({
    resource: at.resource,
    authorization_servers: [at.issuer],
    scopes_supported: Scope.ofUsers,
    bearer_methods_supported: ["header"],
    resource_name: "jobfit"
  })
})

/** RFC 8414: the authorization server's endpoints and what it supports. */
export const authorizationServer = Effect.map(Settings, (settings) => {
  const at = addresses(settings.publicUrl)
  return json({
    issuer: at.issuer,
    authorization_endpoint: at.authorize,
    token_endpoint: at.token,
    registration_endpoint: at.register,
    revocation_endpoint: at.revoke,
    scopes_supported: Scope.ofUsers,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    authorization_response_iss_parameter_supported: true
  })
})

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** A redirect URI a client may register: https, or http to this machine (native and CLI clients); no fragment. */
const redirectAllowed = (uri: string) => {
  try {
    const url = new URL(uri)
    return url.hash === "" &&
      (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.test(url.hostname)))
  } catch {
    return false
  }
}

/** RFC 7591 dynamic client registration, for public clients (no secret; PKCE protects their codes). */
export const register = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const limiter = yield* RateLimiter.RateLimiter
  const client = Option.getOrElse(request.remoteAddress, () => "unknown")
  const allowed = yield* Effect.either(limiter.take(`oauth-register:${client}`, registrations))
  if (allowed._tag === "Left") {
    return HttpServerResponse.setHeader(
      oauthError("slow_down", "Too many registrations from this address; try again in a minute", 429),
      "retry-after",
      String(allowed.left.retry_after)
    )
  }
  const text = yield* Effect.either(ToolCallBody.readText(16 * 1024))
  const body = text._tag === "Left" ? undefined : Json.parse(text.right)
  if (body === undefined || !body.ok || !Json.isRecord(body.value)) {
    return oauthError("invalid_client_metadata", "Send the client's metadata as a JSON object")
  }
  const metadata = body.value
  const uris = metadata.redirect_uris
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECTS) {
    return oauthError("invalid_redirect_uri", `redirect_uris must list 1 to ${MAX_REDIRECTS} addresses`)
  }
  const bad = uris.find((uri) => typeof uri !== "string" || !redirectAllowed(uri))
  if (bad !== undefined) {
    return oauthError(
      "invalid_redirect_uri",
      `${JSON.stringify(bad)} is not allowed: use https, or http to localhost, without a fragment`
    )
  }
  const method = metadata.token_endpoint_auth_method ?? "none"
  if (method !== "none") {
    return oauthError("invalid_client_metadata", "Only public clients (token_endpoint_auth_method none) register")
  }
  const grants = metadata.grant_types ?? ["authorization_code"]
  if (
    !Array.isArray(grants) || !grants.every((g) => g === "authorization_code" || g === "refresh_token")
  ) {
    return oauthError("invalid_client_metadata", "grant_types may hold authorization_code and refresh_token")
  }
  const name = typeof metadata.client_name === "string" && metadata.client_name.trim() !== ""
    ? metadata.client_name.trim().slice(0, MAX_CLIENT_NAME)
    : "An MCP client"
  const oauth = yield* OAuthStore.OAuthStore
  const made = yield* oauth.registerClient({ client_name: name, redirect_uris: uris as Array<string> })
  yield* Effect.logInfo("oauth client registered").pipe(Effect.annotateLogs({ clientId: made.client_id }))
  return json({
    client_id: made.client_id,
    client_id_issued_at: Math.floor(DateTime.toEpochMillis(made.created_at) / 1000),
    client_name: made.client_name,
    redirect_uris: made.redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none"
  }, 201)
})

/** What an authorization request asks, checked; where it may be sent back to once the client is known. */
type Checked =
  | { readonly _tag: "Page"; readonly message: string }
  | { readonly _tag: "Back"; readonly redirect: string; readonly state: string | undefined; readonly error: string }
  | {
    readonly _tag: "Ok"
    readonly client: OAuthStore.OAuthClient
    readonly redirect: string
    readonly state: string | undefined
    readonly scopes: ReadonlyArray<Exclude<Scope.Scope, "admin">>
    readonly challenge: string
    readonly resource: string
  }

const page = (message: string): Checked => ({ _tag: "Page", message })

const check = (
  get: (name: string) => string | undefined
): Effect.Effect<Checked, never, Settings | OAuthStore.OAuthStore> =>
  Effect.gen(function*() {
    const settings = yield* Settings
    const at = addresses(settings.publicUrl)
    const oauth = yield* OAuthStore.OAuthStore
    const clientId = get("client_id") ?? ""
    const client = clientId === "" ? Option.none() : yield* oauth.findClient(clientId)
    // Until the client and its redirect are known, an error is shown here: never sent to an address unchecked.
    if (Option.isNone(client)) return page("This application is not registered here.")
    const asked = get("redirect_uri")
    const registered = client.value.redirect_uris
    const redirect = asked ?? (registered.length === 1 ? registered[0] : undefined)
    if (redirect === undefined || !registered.includes(redirect)) {
      return page("This application asked to be sent to an address it did not register.")
    }
    const state = get("state")
    const back = (error: string): Checked => ({ _tag: "Back", redirect, state, error })
    if (get("response_type") !== "code") return back("unsupported_response_type")
    const challenge = get("code_challenge") ?? ""
    if (get("code_challenge_method") !== "S256" || !/^[\w-]{43,128}$/.test(challenge)) return back("invalid_request")
    // RFC 8707: a token is for this server's MCP endpoint; one asked for another resource is refused.
    const resource = get("resource") ?? at.resource
    if (resource !== at.resource && resource !== at.issuer && resource !== `${at.issuer}/`) {
      return back("invalid_target")
    }
    const words = (get("scope") ?? "").split(" ").filter((w) => w !== "")
    const known = Scope.ofUsers as ReadonlyArray<string>
    if (words.some((w) => !known.includes(w))) return back("invalid_scope")
    const scopes = words.length === 0 ? Scope.ofUsers : Scope.ofUsers.filter((s) => words.includes(s))
    const ok: Checked = { _tag: "Ok", client: client.value, redirect, state, scopes, challenge, resource: at.resource }
    return ok
  })

/** The client's redirect address with the answer's parameters (and `iss`, RFC 9207). */
const sendBack = (redirect: string, params: Record<string, string | undefined>) =>
  Effect.map(Settings, (settings) => {
    const url = new URL(redirect)
    for (const [name, value] of Object.entries({ ...params, iss: addresses(settings.publicUrl).issuer })) {
      if (value !== undefined) url.searchParams.set(name, value)
    }
    return HttpServerResponse.redirect(url.toString(), { status: 303 })
  })

const fields = [
  "client_id",
  "redirect_uri",
  "response_type",
  "code_challenge",
  "code_challenge_method",
  "state",
  "scope",
  "resource"
] as const

const consent = (
  member: Member,
  request: Extract<Checked, { _tag: "Ok" }>,
  given: (name: string) => string | undefined
) =>
  HttpServerResponse.setHeader(
    consentPage(member, request, given),
    "content-security-policy",
    contentSecurityPolicy([new URL(request.redirect).origin])
  )

const consentPage = (
  member: Member,
  request: Extract<Checked, { _tag: "Ok" }>,
  given: (name: string) => string | undefined
) =>
  Layout.render(member, {
    title: "Allow access?",
    narrow: true,
    body: html`<section class="card" aria-labelledby="consent">
<h2 id="consent"><strong>${request.client.client_name}</strong> asks to use your jobfit account</h2>
<p>It will act as you, with these permissions, until you revoke it (signing in again is not needed):</p>
<ul>${request.scopes.map((s) => html`<li><code>${s}</code> — ${Format.scopeLabels[s]}</li>`)}</ul>
<p class="muted">You will be sent back to ${new URL(request.redirect).host}. Paid tools take credits from your
balance as they do for your API keys.</p>
<form method="post" action="${path("/oauth/authorize")}" class="actions">${Layout.csrfField(member)}
${
      fields.map((name) => {
        const value = given(name)
        return value === undefined ? "" : html`<input type="hidden" name="${name}" value="${value}">`
      })
    }
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form></section>`
  })

const answer = (member: Member, checked: Checked) =>
  checked._tag === "Page"
    ? Effect.succeed(problem(member, 400, "Cannot sign in this application", checked.message))
    : sendBack(checked.redirect, {
      error: checked._tag === "Back" ? checked.error : "server_error",
      state: checked.state
    })

/** GET: the consent page for a signed-in person (others sign in first and come back here). */
export const authorize: Handler<OAuthStore.OAuthStore> = members((member) =>
  Effect.gen(function*() {
    const params = new URL(member.request.url, "http://dashboard").searchParams
    const given = (name: string) => params.get(name) ?? undefined
    const checked = yield* check(given)
    return checked._tag === "Ok" ? consent(member, checked, given) : yield* answer(member, checked)
  })
)

/** POST: the person's decision; an allowed request gets a code for the client, once, for ten minutes. */
export const decide: Handler<OAuthStore.OAuthStore> = memberPost((member, form: Form) =>
  Effect.gen(function*() {
    const given = (name: string) => form.get(name) ?? undefined
    const checked = yield* check(given)
    if (checked._tag !== "Ok") return yield* answer(member, checked)
    if (form.get("decision") !== "allow") {
      return yield* sendBack(checked.redirect, { error: "access_denied", state: checked.state })
    }
    const oauth = yield* OAuthStore.OAuthStore
    const code = yield* oauth.createCode({
      client_id: checked.client.client_id,
      user_id: member.member.id,
      scopes: checked.scopes,
      redirect_uri: checked.redirect,
      code_challenge: checked.challenge,
      resource: checked.resource
    }, DateTime.addDuration(yield* DateTime.now, CODE_TTL))
    yield* Effect.logInfo("oauth access allowed").pipe(Effect.annotateLogs({ clientId: checked.client.client_id }))
    return yield* sendBack(checked.redirect, { code, state: checked.state })
  })
)

/** S256: the challenge is the unpadded base64url SHA-256 of the verifier (RFC 7636). */
const verifies = (verifier: string, challenge: string) =>
  /^[\w.~-]{43,128}$/.test(verifier) && createHash("sha256").update(verifier).digest("base64url") === challenge

const tokenReply = (tokens: OAuthStore.Tokens, scopes: ReadonlyArray<string>) =>
  json({
    access_token: tokens.access_token,
    token_type: "Bearer",
    expires_in: Duration.toSeconds(ACCESS_TTL),
    refresh_token: tokens.refresh_token,
    scope: scopes.join(" ")
  })

/** The token endpoint: a code (with its PKCE verifier) or a refresh token for a new pair. */
export const token = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const kind = Option.getOrElse(Headers.get(request.headers, "content-type"), () => "").split(";")[0]!.trim()
  const text = yield* Effect.either(ToolCallBody.readText(16 * 1024))
  if (kind !== "application/x-www-form-urlencoded" || text._tag === "Left") {
    return oauthError("invalid_request", "Send the request as application/x-www-form-urlencoded")
  }
  const body = new URLSearchParams(text.right)
  const get = (name: string) => body.get(name) ?? ""
  const oauth = yield* OAuthStore.OAuthStore
  const now = yield* DateTime.now
  const expires = { access: DateTime.addDuration(now, ACCESS_TTL), refresh: DateTime.addDuration(now, REFRESH_TTL) }
  const clientId = get("client_id")
  if (Option.isNone(clientId === "" ? Option.none() : yield* oauth.findClient(clientId))) {
    return oauthError("invalid_client", "Unknown client_id", 401)
  }
  switch (get("grant_type")) {
    case "authorization_code": {
      const grant = yield* oauth.redeemCode(get("code"))
      // Any mismatch spends the code all the same: a code is tried once.
      if (
        Option.isNone(grant) || grant.value.client_id !== clientId ||
        grant.value.redirect_uri !== get("redirect_uri")
      ) {
        return oauthError("invalid_grant", "The code is unknown, used, expired, or was issued for another client")
      }
      if (!verifies(get("code_verifier"), grant.value.code_challenge)) {
        return oauthError("invalid_grant", "code_verifier does not match the code_challenge")
      }
      const resource = get("resource")
      if (resource !== "" && resource !== grant.value.resource && `${resource}/api/mcp` !== grant.value.resource) {
        return oauthError("invalid_target", "The code was issued for another resource")
      }
      const { client_id, scopes, user_id } = grant.value
      const tokens = yield* oauth.issueTokens(
        { client_id, user_id, scopes, resource: grant.value.resource },
        expires,
        get("code")
      )
      return tokenReply(tokens, scopes)
    }
    case "refresh_token": {
      const rotated = yield* oauth.refresh(get("refresh_token"), clientId, expires)
      if (Option.isNone(rotated)) {
        return oauthError("invalid_grant", "The refresh token is unknown, used, expired or revoked")
      }
      return tokenReply(rotated.value, rotated.value.grant.scopes)
    }
    default:
      return oauthError("unsupported_grant_type", "grant_type is authorization_code or refresh_token")
  }
})

/** RFC 7009: revokes the pair the token belongs to; an unknown token is answered the same. */
export const revoke = Effect.gen(function*() {
  const text = yield* Effect.either(ToolCallBody.readText(16 * 1024))
  if (text._tag === "Left") return oauthError("invalid_request", "Send the token as a form")
  const value = new URLSearchParams(text.right).get("token") ?? ""
  if (value !== "") yield* Effect.flatMap(OAuthStore.OAuthStore, (oauth) => oauth.revoke(value))
  return HttpServerResponse.empty({ status: 200, headers: cors })
})
