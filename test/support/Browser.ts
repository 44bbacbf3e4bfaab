import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { Agent } from "undici"
import { TestServer } from "./TestServer.js"

/** A page as a test sees it. */
export interface Page {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  /** The Location of a redirect, without the origin. */
  readonly location: string | undefined
}

/**
 * A minimal browser over fetch: keeps cookies, does not follow redirects, and sends forms with the CSRF token of
 * the last page it loaded, as a browser submitting that page's form would. `localAddress` (another 127.x) makes it
 * a client on another network, as the server sees it.
 */
export const from = (localAddress?: string) =>
  Effect.gen(function*() {
    const { baseUrl } = yield* TestServer
    const dispatcher = localAddress === undefined ? undefined : new Agent({ localAddress })
    const jar = new Map<string, string>()
    let last = ""

    const send = (path: string, init: RequestInit = {}) =>
      Effect.promise(async (): Promise<Page> => {
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ")
        const response = await fetch(baseUrl + path, {
          ...init,
          // Node's fetch takes undici's dispatcher; the two packages' type declarations differ.
          ...(dispatcher === undefined ? {} : ({ dispatcher } as object)),
          redirect: "manual",
          headers: { ...(cookie === "" ? {} : { cookie }), ...init.headers }
        })
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(";")
          const [name, ...value] = pair!.split("=")
          const text = value.join("=")
          if (text === "" || /max-age=0/i.test(line)) jar.delete(name!.trim())
          else jar.set(name!.trim(), text)
        }
        const text = await response.text()
        if (response.headers.get("content-type")?.includes("text/html")) last = text
        const location = response.headers.get("location") ?? undefined
        return { status: response.status, headers: response.headers, text, location: location?.replace(baseUrl, "") }
      })

    const csrf = () => {
      const found = /name="_csrf" value="([^"]+)"/.exec(last)
      assert.isNotNull(found, "the last page has a form with a CSRF token")
      return found![1]!
    }

    const get = (path: string) => send(path)

    /** Posts a form (urlencoded) with the CSRF token of the last page; `_csrf` in `fields` overrides it. */
    const post = (
      path: string,
      fields: Record<string, string | ReadonlyArray<string>> = {},
      headers: Record<string, string> = {}
    ) => {
      const body = new URLSearchParams()
      if (!("_csrf" in fields)) body.append("_csrf", csrf())
      for (const [name, value] of Object.entries(fields)) {
        for (const one of typeof value === "string" ? [value] : value) body.append(name, one)
      }
      return send(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: body.toString()
      })
    }

    /** Posts a multipart form with one file, as the profile upload does. */
    const upload = (
      path: string,
      field: string,
      fileName: string,
      content: string | Uint8Array,
      type = "application/json"
    ) => {
      const form = new FormData()
      form.append("_csrf", csrf())
      form.append(field, new Blob([content], { type }), fileName)
      return send(path, { method: "POST", body: form })
    }

    return { get, post, upload, cookies: jar, csrf }
  })

export const make = from()

/**
 * Signs a new user up through the form, then in, as a person does (sign-up answers with the sign-in form, the same
 * for a known address); the browser holds the session afterwards.
 */
export const signUpAndIn = (
  browser: Browser,
  account: { readonly email: string; readonly name: string; readonly password: string }
) =>
  Effect.gen(function*() {
    yield* browser.get("/dashboard/signup")
    const made = yield* browser.post("/dashboard/signup", account)
    assert.strictEqual(made.status, 200, made.text)
    assert.include(textOf(made.text), "Your account is ready: sign in with its email and password.")
    const signedIn = yield* browser.post("/dashboard/signin", { email: account.email, password: account.password })
    assert.strictEqual(signedIn.status, 303, textOf(signedIn.text))
  })

export type Browser = Effect.Effect.Success<typeof make>

/** The visible text of a page, tags removed and whitespace folded, for assertions on what a person reads. */
export const textOf = (html: string): string =>
  html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&")
    .replace(/&quot;/g, "\"").replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/\s+/g, " ")
    .trim()
