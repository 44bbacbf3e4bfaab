import { assert, describe, layer } from "@effect/vitest"
import { Admin } from "@jobfit/core"
import { Settings } from "@jobfit/dashboard"
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js"
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js"
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens
} from "@modelcontextprotocol/sdk/shared/auth.js"
import { Effect } from "effect"
import { createHash, randomBytes } from "node:crypto"
import * as Net from "node:net"
import * as Browser from "./support/Browser.js"
import { sqlite } from "./support/Databases.js"
import * as TestServer from "./support/TestServer.js"

// The issuer and the resource are the server's own address, so it listens on a port known before it starts.
const port = await new Promise<number>((resolve) => {
  const probe = Net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as Net.AddressInfo
    probe.close(() => resolve(port))
  })
})
const origin = `http://127.0.0.1:${port}`
const REDIRECT = "http://127.0.0.1:9/callback"

/** An assistant's OAuth client as the official SDK asks for one, keeping everything in memory. */
class Assistant implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ""
  authorizationUrl: URL | undefined
  get redirectUrl() {
    return REDIRECT
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Test Assistant",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none"
    }
  }
  clientInformation() {
    return this.info
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

const mcp = (token: string) =>
  Effect.promise(() =>
    fetch(`${origin}/api/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_credits" } })
    })
  )

const form = (path: string, fields: Record<string, string>) =>
  Effect.promise(async () => {
    const response = await fetch(origin + path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields)
    })
    const text = await response.text()
    return { status: response.status, body: text === "" ? null : JSON.parse(text) as Record<string, unknown> }
  })

/** Signs a person up in the dashboard and approves (or denies) an authorization URL; the redirect it ends at. */
const approve = (browser: Browser.Browser, url: URL, decision: "allow" | "deny" = "allow") =>
  Effect.gen(function*() {
    const consent = yield* browser.get(url.pathname + url.search)
    assert.strictEqual(consent.status, 200, consent.text)
    // The form may be sent to us, and its answer redirect to the client, nowhere else.
    assert.include(consent.headers.get("content-security-policy"), `form-action 'self' ${new URL(REDIRECT).origin};`)
    const answered = yield* browser.post("/dashboard/oauth/authorize", {
      ...Object.fromEntries(url.searchParams),
      decision
    })
    assert.strictEqual(answered.status, 303, answered.text)
    return { consent: Browser.textOf(consent.text), redirect: new URL(answered.location!) }
  })

const signedInAs = Effect.gen(function*() {
  const browser = yield* Browser.make
  const email = `oauth-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}@example.com`
  yield* Browser.signUpAndIn(browser, { email, name: "Ada", password: "a long enough password" })
  yield* Effect.flatMap(Admin.Admin, (admin) => admin.addCredits(email, 123))
  return { browser, email }
})
const signedIn = Effect.map(signedInAs, ({ browser }) => browser)

/** A client registered by hand (no SDK), with its PKCE verifier, the authorize URL it sends and its code exchange. */
const manualClient = Effect.gen(function*() {
  const registered = yield* Effect.promise(() =>
    fetch(`${origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Manual", redirect_uris: [REDIRECT] })
    }).then(async (r) => ({ status: r.status, body: await r.json() as { client_id: string } }))
  )
  assert.strictEqual(registered.status, 201)
  const clientId = registered.body.client_id
  const verifier = randomBytes(32).toString("base64url")
  const challenge = createHash("sha256").update(verifier).digest("base64url")
  const authorizeUrl = (extra: Record<string, string>) =>
    new URL(`${origin}/dashboard/oauth/authorize?${new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "s1",
      scope: "jobs_read credits_read",
      ...extra
    })}`)
  const exchange = (code: string, codeVerifier = verifier) =>
    form("/oauth/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: codeVerifier
    })
  return { clientId, verifier, authorizeUrl, exchange }
})

describe("OAuth 2.1 for remote MCP clients", () => {
  layer(
    TestServer.layer({
      store: sqlite,
      port,
      dashboard: Settings.layer(Settings.make({
        publicUrl: `${origin}/dashboard`,
        passwordCost: { N: 2 ** 10, r: 8, p: 1 }
      }))
    }),
    { excludeTestServices: true, timeout: "60 seconds" }
  )((it) => {
    it.effect("publishes its metadata, and a 401 on /api/mcp says where to find it", () =>
      Effect.gen(function*() {
        const resource = yield* Effect.promise(() =>
          fetch(`${origin}/.well-known/oauth-protected-resource/api/mcp`).then((r) => r.json())
        )
        assert.deepInclude(resource, { resource: `${origin}/api/mcp`, authorization_servers: [origin] })
        const server = yield* Effect.promise(() =>
          fetch(`${origin}/.well-known/oauth-authorization-server`).then((r) => r.json())
        )
        assert.deepInclude(server, {
          issuer: origin,
          authorization_endpoint: `${origin}/dashboard/oauth/authorize`,
          token_endpoint: `${origin}/oauth/token`,
          registration_endpoint: `${origin}/oauth/register`,
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["none"]
        })
        const refused = yield* mcp("jf_oat_nothing")
        assert.strictEqual(refused.status, 401)
        assert.strictEqual(
          refused.headers.get("www-authenticate"),
          `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/api/mcp"`
        )
      }))

    it.effect("the official SDK client registers, is authorised by a signed-in person, calls tools, refreshes, and is revoked", () =>
      Effect.gen(function*() {
        const browser = yield* signedIn
        const assistant = new Assistant()
        const first = new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`), { authProvider: assistant })
        const refused = yield* Effect.flip(
          Effect.tryPromise(() => new McpClient({ name: "e2e", version: "1.0.0" }).connect(first))
        )
        assert.instanceOf(refused.error, UnauthorizedError)
        assert.isDefined(assistant.info?.client_id)
        const url = assistant.authorizationUrl!
        assert.strictEqual(url.origin + url.pathname, `${origin}/dashboard/oauth/authorize`)
        assert.strictEqual(url.searchParams.get("code_challenge_method"), "S256")

        const { consent, redirect } = yield* approve(browser, url)
        assert.include(consent, "Test Assistant asks to use your jobfit account")
        assert.include(consent, "jobs_analyze")
        assert.notInclude(consent, "admin")
        assert.strictEqual(redirect.origin + redirect.pathname, REDIRECT)
        assert.strictEqual(redirect.searchParams.get("iss"), origin)
        assert.strictEqual(redirect.searchParams.get("state"), url.searchParams.get("state"))
        yield* Effect.promise(() => first.finishAuth(redirect.searchParams.get("code")!))
        assert.isString(assistant.saved?.refresh_token)

        const client = new McpClient({ name: "e2e", version: "1.0.0" })
        yield* Effect.acquireRelease(
          Effect.promise(() =>
            client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/api/mcp`), { authProvider: assistant }))
          ),
          () => Effect.promise(() => client.close())
        )
        const credits = yield* Effect.promise(() => client.callTool({ name: "get_credits", arguments: {} }))
        assert.deepStrictEqual(credits.structuredContent, { credits: { balance_dollars: "1.23", balance_cents: 123 } })
        const status = yield* Effect.promise(() =>
          fetch(`${origin}/api/mcp/status`, { headers: { authorization: `Bearer ${assistant.saved!.access_token}` } })
            .then((r) => r.json())
        )
        assert.deepInclude((status as { key: object }).key, { name: "OAuth: Test Assistant" })

        // A refresh rotates the pair: the old access and refresh tokens stop working.
        const clientId = assistant.info!.client_id
        const old = assistant.saved!
        const refreshed = yield* form("/oauth/token", {
          grant_type: "refresh_token",
          refresh_token: old.refresh_token!,
          client_id: clientId
        })
        assert.strictEqual(refreshed.status, 200)
        assert.deepInclude(refreshed.body, { token_type: "Bearer", expires_in: 3600 })
        const fresh = refreshed.body as { access_token: string; refresh_token: string }
        assert.strictEqual((yield* mcp(old.access_token)).status, 401)
        assert.strictEqual((yield* mcp(fresh.access_token)).status, 200)
        const reused = yield* form("/oauth/token", {
          grant_type: "refresh_token",
          refresh_token: old.refresh_token!,
          client_id: clientId
        })
        assert.deepStrictEqual([reused.status, reused.body?.["error"]], [400, "invalid_grant"])
        // At once, as a retry would come: refused without ending the grant (after OAuthStore.REUSE_GRACE it would).
        assert.strictEqual((yield* mcp(fresh.access_token)).status, 200)

        // Revoking ends it at once.
        assert.strictEqual((yield* form("/oauth/revoke", { token: fresh.refresh_token })).status, 200)
        assert.strictEqual((yield* mcp(fresh.access_token)).status, 401)
      }).pipe(Effect.scoped))

    it.effect("refuses what the protocol forbids: no PKCE, another resource, a wrong verifier, a reused code, a denial", () =>
      Effect.gen(function*() {
        const browser = yield* signedIn
        const { authorizeUrl, clientId, exchange: exchangeCode, verifier } = yield* manualClient
        const badRedirect = yield* Effect.promise(() =>
          fetch(`${origin}/oauth/register`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ redirect_uris: ["http://evil.example/cb"] })
          }).then((r) => r.json())
        )
        assert.deepInclude(badRedirect, { error: "invalid_redirect_uri" })

        const errorOf = (location: string | undefined) => new URL(location!).searchParams.get("error")
        const noPkce = yield* browser.get(`/dashboard/oauth/authorize?${new URLSearchParams({
          response_type: "code",
          client_id: clientId,
          redirect_uri: REDIRECT
        })}`)
        assert.strictEqual(errorOf(noPkce.location), "invalid_request")
        const other = authorizeUrl({ resource: "https://other.example/api/mcp" })
        assert.strictEqual(errorOf((yield* browser.get(other.pathname + other.search)).location), "invalid_target")
        const unknownScope = authorizeUrl({ scope: "admin" })
        assert.strictEqual(
          errorOf((yield* browser.get(unknownScope.pathname + unknownScope.search)).location),
          "invalid_scope"
        )
        const foreign = yield* browser.get(`/dashboard/oauth/authorize?${new URLSearchParams({
          response_type: "code",
          client_id: clientId,
          redirect_uri: "https://elsewhere.example/cb"
        })}`)
        assert.strictEqual(foreign.status, 400)

        // A visitor who is not signed in signs in first and comes back to the consent page.
        const email = `oauth-visitor-${Date.now().toString(36)}@example.com`
        const signup = yield* Browser.make
        yield* signup.get("/dashboard/signup")
        yield* signup.post("/dashboard/signup", { email, name: "Vi", password: "a long enough password" })
        const visitor = yield* Browser.make
        const asked = authorizeUrl({})
        const sent = yield* visitor.get(asked.pathname + asked.search)
        assert.strictEqual(sent.status, 303)
        const next = new URL(sent.location!, origin).searchParams.get("next")
        assert.strictEqual(next, asked.pathname + asked.search)
        yield* visitor.get(sent.location!)
        const signedInAgain = yield* visitor.post("/dashboard/signin", {
          email,
          password: "a long enough password",
          next: next!
        })
        assert.strictEqual(signedInAgain.location, asked.pathname + asked.search)
        assert.include(
          Browser.textOf((yield* visitor.get(signedInAgain.location!)).text),
          "Manual asks to use your jobfit account"
        )

        const denied = yield* approve(browser, authorizeUrl({}), "deny")
        assert.strictEqual(denied.redirect.searchParams.get("error"), "access_denied")

        const { consent, redirect } = yield* approve(browser, authorizeUrl({}))
        assert.include(consent, "credits_read")
        assert.notInclude(consent, "jobs_analyze")
        const code = redirect.searchParams.get("code")!
        const exchange = (codeVerifier: string) => exchangeCode(code, codeVerifier)
        const wrong = yield* exchange(randomBytes(32).toString("base64url"))
        assert.deepStrictEqual([wrong.status, wrong.body?.["error"]], [400, "invalid_grant"])
        // The wrong verifier spent the code: the right one is too late.
        const late = yield* exchange(verifier)
        assert.deepStrictEqual([late.status, late.body?.["error"]], [400, "invalid_grant"])

        const second = yield* approve(browser, authorizeUrl({}))
        const granted = yield* exchangeCode(second.redirect.searchParams.get("code")!)
        assert.strictEqual(granted.status, 200)
        assert.strictEqual(granted.body?.["scope"], "jobs_read credits_read")
        const token = granted.body?.["access_token"] as string
        assert.strictEqual((yield* mcp(token)).status, 200)
        const narrow = yield* Effect.promise(() =>
          fetch(`${origin}/api/mcp/tools/call`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify({ name: "get_profile", arguments: {} })
          }).then((r) => r.status)
        )
        assert.strictEqual(narrow, 403)
        // The person sees the application on the keys page and can end it there.
        const keys = yield* browser.get("/dashboard/keys")
        assert.include(Browser.textOf(keys.text), "Connected applications")
        const grantId = /action="\/dashboard\/connections\/(\d+)\/disconnect"/.exec(keys.text)![1]!
        const stranger = yield* signedIn
        yield* stranger.get("/dashboard/keys")
        assert.strictEqual((yield* stranger.post(`/dashboard/connections/${grantId}/disconnect`)).status, 404)
        assert.strictEqual((yield* mcp(token)).status, 200)
        const ended = yield* browser.post(`/dashboard/connections/${grantId}/disconnect`)
        assert.strictEqual(ended.location, "/dashboard/keys?done=disconnected")
        assert.strictEqual((yield* mcp(token)).status, 401)
        const badClient = yield* form("/oauth/token", { grant_type: "refresh_token", client_id: "nobody" })
        assert.deepStrictEqual([badClient.status, badClient.body?.["error"]], [401, "invalid_client"])
      }))

    it.effect("a reused code ends the grant it made; its token gets no replay of a call its scopes do not allow", () =>
      Effect.gen(function*() {
        const { browser, email } = yield* signedInAs
        const { authorizeUrl, clientId, exchange } = yield* manualClient
        const { redirect } = yield* approve(browser, authorizeUrl({}))
        const code = redirect.searchParams.get("code")!
        const granted = yield* exchange(code)
        assert.strictEqual(granted.status, 200)
        const token = granted.body?.["access_token"] as string

        // The user's key reads the profile under an Idempotency-Key; the grant (jobs_read credits_read) may not.
        const { secret } = yield* Effect.flatMap(
          Admin.Admin,
          (admin) =>
            Effect.zipRight(
              admin.setProfile(email, { basics: { name: "Ada Lovelace" } }),
              admin.createKey({ email, scopes: ["profile_read"], name: "profile" })
            )
        )
        const getProfile = (bearer: string, headers: Record<string, string>, meta?: object) =>
          Effect.promise(() =>
            fetch(`${origin}/api/mcp`, {
              method: "POST",
              headers: {
                authorization: `Bearer ${bearer}`,
                "content-type": "application/json",
                accept: "application/json",
                ...headers
              },
              body: JSON.stringify({
                jsonrpc: "2.0",
                id: 1,
                method: "tools/call",
                params: { name: "get_profile", ...(meta ? { _meta: meta } : {}) }
              })
            }).then(async (r) => ({ status: r.status, text: await r.text() }))
          )
        const first = yield* getProfile(secret, { "idempotency-key": "profile-1" })
        assert.include(first.text, "Ada Lovelace")
        for (
          const replay of [
            yield* getProfile(token, { "idempotency-key": "profile-1" }),
            yield* getProfile(token, {}, { "jobfit/idempotency_key": "profile-1" })
          ]
        ) {
          assert.strictEqual(replay.status, 200)
          assert.strictEqual(JSON.parse(replay.text).error.data.code, "SCOPE_NOT_ALLOWED")
          assert.notInclude(replay.text, "Ada Lovelace")
        }

        // The code again: refused, and the access and refresh tokens it gave no longer work.
        assert.strictEqual((yield* mcp(token)).status, 200)
        const again = yield* exchange(code)
        assert.deepStrictEqual([again.status, again.body?.["error"]], [400, "invalid_grant"])
        assert.strictEqual((yield* mcp(token)).status, 401)
        const refreshed = yield* form("/oauth/token", {
          grant_type: "refresh_token",
          refresh_token: granted.body?.["refresh_token"] as string,
          client_id: clientId
        })
        assert.deepStrictEqual([refreshed.status, refreshed.body?.["error"]], [400, "invalid_grant"])
        const keys = yield* browser.get("/dashboard/keys")
        assert.notInclude(Browser.textOf(keys.text), "Connected applications")
      }))
  })
})
