import { Headers, HttpServer, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Errors, type Gateway, Idempotency, Spans } from "@jobfit/core"
import { JsonRpc, McpServer, Protocol } from "@jobfit/mcp"
import { Config, type ConfigProvider, Context, Effect, Exit, Option, Queue, Scope, Stream } from "effect"
import * as Caller from "./Caller.js"
import * as Responses from "./Responses.js"
import * as ToolCallBody from "./ToolCallBody.js"

/** Origins allowed to call /api/mcp from a browser, beyond the server's own (JOBFIT_ALLOWED_ORIGINS, comma list). */
export const AllowedOrigins = Config.array(Config.string(), "JOBFIT_ALLOWED_ORIGINS").pipe(
  Config.withDefault<ReadonlyArray<string>>([])
)

/** Hosts /api/mcp answers to beyond the loopback names (JOBFIT_ALLOWED_HOSTS, comma list: `host` or `host:port`). */
export const AllowedHosts = Config.array(Config.string(), "JOBFIT_ALLOWED_HOSTS").pipe(
  Config.withDefault<ReadonlyArray<string>>([])
)

interface Allowed {
  readonly hosts: ReadonlyArray<string>
  readonly origins: ReadonlyArray<string>
}

// Read once per configuration rather than on every request: reading Config cost MCP requests a tenth of their CPU.
const allowedBy = new WeakMap<ConfigProvider.ConfigProvider, Allowed>()
const allowedLists: Effect.Effect<Allowed> = Effect.configProviderWith((provider) => {
  const known = allowedBy.get(provider)
  return known !== undefined ?
    Effect.succeed(known) :
    Effect.orDie(Config.all({ hosts: AllowedHosts, origins: AllowedOrigins })).pipe(
      Effect.tap((read) => allowedBy.set(provider, read))
    )
})

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|::1|0:0:0:0:0:0:0:1)$/i

/** The name in a Host header, without its port: "[::1]:8787" is "::1", "localhost:8787" is "localhost". */
const nameOf = (host: string): string => {
  const trimmed = host.trim().toLowerCase()
  if (trimmed.startsWith("[")) return trimmed.slice(1, trimmed.indexOf("]") > 0 ? trimmed.indexOf("]") : undefined)
  return trimmed.split(":")[0] ?? trimmed
}

/**
 * DNS rebinding: a page on another site that resolves its own name to this machine sends its own name as Host (and
 * as Origin). A server listening on loopback answers only to loopback names and the listed hosts; a server listening
 * on other addresses checks Host only once hosts are listed (behind a proxy, its public name is the operator's to
 * say). Embedded in another server (no address of its own), the host application owns this check.
 */
const hostAllowed = (host: Option.Option<string>, bound: Option.Option<string>, allowed: ReadonlyArray<string>) => {
  const onLoopback = Option.exists(bound, (address) => LOOPBACK.test(address))
  if (Option.isNone(host)) return !onLoopback && allowed.length === 0
  const name = nameOf(host.value)
  const listed = allowed.some((a) => a.toLowerCase() === host.value.toLowerCase() || a.toLowerCase() === name)
  return listed || (onLoopback ? LOOPBACK.test(name) : allowed.length === 0)
}

/**
 * Where this server's OAuth protected-resource metadata is (RFC 9728), when it has an authorization server: a 401
 * names it, so a client without a key can find how to sign in.
 */
export class ResourceMetadata extends Context.Tag("@jobfit/http/ResourceMetadata")<ResourceMetadata, {
  readonly url: string
}>() {}

/** A 401 with `resource_metadata` in its challenge where the server has OAuth (MCP authorization). */
const challenged = (response: HttpServerResponse.HttpServerResponse) =>
  response.status !== 401 ? Effect.succeed(response) : Effect.map(
    Effect.serviceOption(ResourceMetadata),
    Option.match({
      onNone: () => response,
      onSome: ({ url }) =>
        HttpServerResponse.setHeader(response, "www-authenticate", `Bearer resource_metadata="${url}"`)
    })
  )

const rpcError = (status: number, code: number, message: string, headers: Headers.Input = {}) =>
  HttpServerResponse.unsafeJson(JsonRpc.failure(null, code, message), { status, headers })

// A browser page on another site must not drive a local server (DNS rebinding); same host or listed only.
const originAllowed = (origin: string, host: Option.Option<string>, allowed: ReadonlyArray<string>) => {
  if (allowed.includes(origin)) return true
  try {
    return Option.exists(host, (h) => new URL(origin).host === h)
  } catch {
    return false
  }
}

/**
 * A refused caller's answer: the catalogue's status (401 asks for a Bearer key, 429 says when to retry, and a store
 * that failed while reading the key is 500, not a bad key).
 */
const refusal = (error: Errors.AppError) => ({
  status: Errors.catalogue[error._tag].status,
  headers: Responses.errorHeaders(error)
})

type Event =
  | { readonly _tag: "Note"; readonly message: unknown }
  | { readonly _tag: "Done"; readonly reply: Option.Option<McpServer.Reply> }

const acceptsEventStream = (accept: Option.Option<string>) =>
  Option.exists(accept, (value) => value.toLowerCase().includes("text/event-stream"))

const sse = (event: Event): string => {
  const data = event._tag === "Note" ? event.message : Option.match(event.reply, {
    onNone: () => null,
    onSome: (reply) => reply.body
  })
  return `event: message\ndata: ${JSON.stringify(data)}\n\n`
}

const respond = (reply: Option.Option<McpServer.Reply>) =>
  Option.match(reply, {
    onNone: () => HttpServerResponse.empty({ status: 202 }),
    onSome: ({ body, refused }) =>
      HttpServerResponse.unsafeJson(
        body,
        Option.match(refused, {
          onNone: () => ({ status: 200, headers: { "cache-control": "no-store" } }),
          onSome: refusal
        })
      )
  })

/** The address a server listens on, for the Host check; none for a Unix socket. */
export const boundOf = (address: HttpServer.Address): Option.Option<string> =>
  address._tag === "TcpAddress" ? Option.some(address.hostname) : Option.none()

/** What the MCP endpoint reads of a request, whichever server received it (the platform's, or a hot route's). */
export interface Incoming<R> {
  readonly header: (name: string) => Option.Option<string>
  /** The address the server listens on; none where it is embedded in another server. */
  readonly bound: Option.Option<string>
  readonly caller: Gateway.Caller
  /** The body as text, at most ToolCallBody.MAX_BYTES. */
  readonly text: Effect.Effect<string, Errors.AppError, R>
}

/**
 * MCP streamable HTTP, POST: one JSON-RPC message or batch in; JSON out, or an SSE stream when the client accepts
 * one and the call reports progress. Stateless: no session id is issued. Notifications and client responses get
 * 202 and no body.
 */
export const answer = <R>(incoming: Incoming<R>) =>
  Effect.gen(function*() {
    const { bound, header } = incoming
    const allowed = yield* allowedLists
    if (!hostAllowed(header("host"), bound, allowed.hosts)) {
      const shown = Option.getOrElse(header("host"), () => "(none)")
      return rpcError(403, Protocol.codes.invalidRequest, `Host ${shown} is not one this server answers to`)
    }
    const origin = header("origin")
    if (Option.isSome(origin) && !originAllowed(origin.value, header("host"), allowed.origins)) {
      return rpcError(403, Protocol.codes.invalidRequest, `Origin ${origin.value} is not allowed`)
    }
    const version = Option.getOrUndefined(header("mcp-protocol-version"))
    if (version !== undefined && !Protocol.isSupported(version)) {
      return rpcError(
        400,
        Protocol.codes.invalidRequest,
        `Unsupported MCP-Protocol-Version ${version}; supported: ${Protocol.versions.join(", ")}`
      )
    }
    if (!ToolCallBody.isJsonContentType(header("content-type"))) {
      return rpcError(415, Protocol.codes.invalidRequest, "Content-Type must be application/json")
    }
    const text = yield* Effect.either(incoming.text)
    if (text._tag === "Left") {
      const status = Errors.catalogue[text.left._tag].status
      return rpcError(status, Protocol.codes.invalidRequest, text.left.message)
    }
    const server = yield* McpServer.McpServer
    const context = {
      caller: incoming.caller,
      protocolVersion: version,
      idempotencyKey: Option.getOrUndefined(header(Idempotency.HEADER))
    }
    // Only a call that asked for progress, or a tool call while some caller asked for log messages, can stream;
    // everything else takes the plain path.
    const mayNotify = text.right.includes("progressToken") || (server.logging() && text.right.includes("tools/call"))
    if (!acceptsEventStream(header("accept")) || !mayNotify) {
      return respond(yield* server.handle(text.right, context))
    }
    // The call runs beside the response: if it reports progress before it ends, the answer becomes an SSE stream
    // of notifications followed by the reply; if it ends first, a plain JSON answer as usual.
    const events = yield* Queue.unbounded<Event>()
    // The call runs in a scope the response owns: it ends with the stream (a client that goes away interrupts the call
    // before its commit, which charges nothing), and it always ends the stream: with its reply, or with an internal
    // error if it failed or died.
    const scope = yield* Scope.make()
    const release = Scope.close(scope, Exit.void)
    yield* server.handle(text.right, {
      ...context,
      notify: (message) => Queue.offer(events, { _tag: "Note", message })
    })
      .pipe(
        Effect.exit,
        Effect.flatMap((exit) =>
          Queue.offer(events, {
            _tag: "Done",
            reply: Exit.isSuccess(exit) ? exit.value : Option.some({
              body: JsonRpc.fromAppError(null, new Errors.InternalError()),
              refused: Option.none()
            })
          })
        ),
        Effect.forkIn(scope)
      )
    const first = yield* Effect.onInterrupt(Queue.take(events), () => release)
    if (first._tag === "Done") return yield* Effect.as(release, respond(first.reply))
    const rest = Stream.fromQueue(events).pipe(Stream.takeUntil((event) => event._tag === "Done"))
    return HttpServerResponse.stream(
      Stream.concat(Stream.make(first), rest).pipe(Stream.map(sse), Stream.encodeText, Stream.ensuring(release)),
      { contentType: "text/event-stream", headers: { "cache-control": "no-store" } }
    )
  }).pipe(Effect.flatMap(challenged), Spans.withSpan("McpRoute.post", { captureStackTrace: false }))

/** `POST /api/mcp` on the platform's server. */
export const post = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const listening = yield* Effect.serviceOption(HttpServer.HttpServer)
  return yield* answer({
    header: (name) => Headers.get(request.headers, name),
    bound: Option.flatMap(listening, ({ address }) => boundOf(address)),
    caller: yield* Caller.fromRequest,
    text: ToolCallBody.readText()
  })
})
