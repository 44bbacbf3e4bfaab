import {
  Account,
  CallLog,
  DashboardLinks,
  Errors,
  Gateway,
  Idempotency,
  Json,
  Progress,
  Server,
  Spans
} from "@jobfit/core"
import { Effect, Either, Option } from "effect"
import * as Completions from "./Completions.js"
import * as JsonRpc from "./JsonRpc.js"
import * as McpSchema from "./McpSchema.js"
import * as Prompts from "./Prompts.js"
import * as Protocol from "./Protocol.js"
import * as Resources from "./Resources.js"
import * as ToolList from "./ToolList.js"

/** Where a message came from: the caller (as the Gateway admits it) and the version the transport was told. */
export interface Context {
  readonly caller: Gateway.Caller
  /** The MCP-Protocol-Version the transport received; absent means the assumed version. */
  readonly protocolVersion?: string | undefined
  /** Sends a server notification (progress) while a request runs; transports that cannot, leave it out. */
  readonly notify?: ((message: unknown) => Effect.Effect<void>) | undefined
  /** The transport's Idempotency-Key (an HTTP header), for the message's tools/call. */
  readonly idempotencyKey?: string | undefined
}

/** What to send back for one incoming transport message. */
export interface Reply {
  readonly body: JsonRpc.Response | ReadonlyArray<JsonRpc.Response>
  /** Set when the caller was refused before any method ran (bad key, rate limit): the transport's status. */
  readonly refused: Option.Option<Errors.AppError>
}

const instructions =
  "jobfit analyzes job postings against the user's stored profile. Call analyze_job with a posting " +
  "URL to get a match score, matching and missing skills, red flags and an assessment; get_saved_jobs lists analyzed " +
  "jobs; generate_cv writes a CV aimed at one of them. analyze_job and generate_cv cost credits (see get_credits). " +
  "The profile and the saved jobs are also resources (jobfit://profile, jobfit://jobs/{id}); reading them is free."

/** MCP's "resource not found"; the spec's rate limit shares the number, so `data.code` tells them apart. */
const RESOURCE_NOT_FOUND = -32002
/** The most messages one JSON-RPC batch may hold (2025-03-26 only); a larger one is refused whole. */
export const MAX_BATCH = 50
/** How many callers' log levels a process remembers. */
const MAX_LEVELS = 10_000

type Principal = Account.Principal

/** Who sent a request, its id, and the transport's context: what every method handler is given. */
interface Call {
  readonly principal: Principal
  readonly id: JsonRpc.Id
  readonly context: Context
}

type Handler<Params> = (params: Params, call: Call) => Effect.Effect<JsonRpc.Response>

/** A failure a model can act on, as tool-result text: its code, its message, and the page that fixes it. */
const toolErrorText = (error: Errors.AppError): string => {
  const link = Errors.dataOf(error)["dashboard_url"]
  return `${Errors.catalogue[error._tag].code}: ${error.message}${link === undefined ? "" : ` (fix it at ${link})`}`
}

/** MCP over JSON-RPC 2.0 on any message channel: lifecycle, tools/list and tools/call through the Gateway. */
export class McpServer extends Effect.Service<McpServer>()("@jobfit/mcp/McpServer", {
  effect: Effect.gen(function*() {
    const gateway = yield* Gateway.Gateway
    const tools = ToolList.make()
    const link = yield* DashboardLinks.attacher
    // logging/setLevel, per key or session: the transport is stateless, so the level outlives one request. Unset,
    // a call logs nothing.
    const levels = new Map<string, CallLog.Level>()

    /** A method's result, or its error as JSON-RPC: the catalogue's, MCP's "resource not found", bad params. */
    const answer = (
      id: JsonRpc.Id,
      self: Effect.Effect<
        unknown,
        Errors.AppError | Resources.ResourceNotFound | Prompts.PromptArgumentsInvalid,
        Gateway.Gateway
      >
    ): Effect.Effect<JsonRpc.Response> =>
      self.pipe(
        Effect.provideService(Gateway.Gateway, gateway),
        Effect.map((result) => JsonRpc.success(id, result)),
        Effect.catchAll((error) =>
          Effect.succeed(
            error._tag === "ResourceNotFound"
              ? JsonRpc.failure(id, RESOURCE_NOT_FOUND, error.message, { code: "RESOURCE_NOT_FOUND", uri: error.uri })
              : error._tag === "PromptArgumentsInvalid"
              ? JsonRpc.failure(id, Protocol.codes.invalidParams, error.message)
              : JsonRpc.fromAppError(id, link(error))
          )
        )
      )

    const setLevel = ({ level }: McpSchema.Params<"logging/setLevel">, { id, principal }: Call) => {
      if (levels.size >= MAX_LEVELS) levels.clear()
      levels.set(Account.credentialOf(principal), level)
      return Effect.succeed(JsonRpc.success(id, {}))
    }

    // With a level set and a channel for notifications, the call's log goes out as notifications/message.
    const logTo = (principal: Principal, context: Context) => {
      const level = levels.size === 0 ? undefined : levels.get(Account.credentialOf(principal))
      const notify = context.notify
      return level !== undefined && notify !== undefined
        ? CallLog.withSink((entry) =>
          CallLog.atLeast(entry.level, level)
            ? notify({
              jsonrpc: "2.0",
              method: "notifications/message",
              params: { level: entry.level, logger: "jobfit", data: { message: entry.message, ...entry.data } }
            })
            : Effect.void
        )
        : <A, E, R>(self: Effect.Effect<A, E, R>) => self
    }

    // A progressToken in params._meta asks for notifications/progress while the tool runs.
    const progressTo = (token: unknown, context: Context) => {
      const notify = context.notify
      return (typeof token === "string" || typeof token === "number") && notify !== undefined
        ? Progress.withReporter((event) =>
          notify({
            jsonrpc: "2.0",
            method: "notifications/progress",
            params: { progressToken: token, progress: event.progress, total: event.total, message: event.message }
          })
        )
        : <A, E, R>(self: Effect.Effect<A, E, R>) => self
    }

    const callTool = (params: McpSchema.Params<"tools/call">, { context, id, principal }: Call) => {
      // The key in params._meta (any transport, stdio included), else the transport's.
      const idempotencyKey = params._meta?.[Idempotency.META_KEY] ?? context.idempotencyKey
      return gateway.callAs(principal, params.name, params.arguments, { idempotencyKey }).pipe(
        progressTo(params._meta?.progressToken, context),
        logTo(principal, context),
        Effect.map((value) =>
          JsonRpc.success(id, {
            content: [{ type: "text", text: JSON.stringify(value) }],
            structuredContent: value,
            isError: false
          })
        ),
        Effect.mapError(link),
        Effect.catchAll((error) =>
          Effect.succeed(
            Errors.catalogue[error._tag].toolResult
              ? JsonRpc.success(id, {
                content: [{ type: "text", text: toolErrorText(error) }],
                isError: true
              })
              : JsonRpc.fromAppError(id, error)
          )
        )
      )
    }

    // Every method of McpSchema.requests has a handler, given its params decoded.
    const methods: { readonly [M in McpSchema.Method]: Handler<McpSchema.Params<M>> } = {
      initialize: ({ protocolVersion }, { id }) =>
        Effect.succeed(JsonRpc.success(id, {
          protocolVersion: Protocol.isSupported(protocolVersion) ? protocolVersion : Protocol.latest,
          capabilities: {
            tools: { listChanged: false },
            resources: { listChanged: false, subscribe: false },
            prompts: { listChanged: false },
            completions: {},
            logging: {}
          },
          serverInfo: { name: Server.info.name, title: "jobfit", version: Server.info.version },
          instructions
        })),
      ping: (_, { id }) => Effect.succeed(JsonRpc.success(id, {})),
      "tools/list": (_, { id }) => Effect.succeed(JsonRpc.success(id, { tools })),
      "tools/call": callTool,
      "resources/list": ({ cursor }, { id, principal }) => answer(id, Resources.listResources(principal, cursor)),
      "resources/templates/list": (_, { id }) =>
        Effect.succeed(JsonRpc.success(id, { resourceTemplates: Resources.templates })),
      "resources/read": ({ uri }, { id, principal }) => answer(id, Resources.read(principal, uri)),
      "prompts/list": (_, { id }) => Effect.succeed(JsonRpc.success(id, { prompts: Prompts.prompts })),
      "prompts/get": ({ arguments: args, name }, { id, principal }) =>
        answer(id, Prompts.get(principal, name, args ?? {})),
      "completion/complete": ({ argument, ref }, { id, principal }) =>
        answer(id, Completions.complete(principal, ref, argument)),
      "logging/setLevel": setLevel
    }

    // Generic in the method, so its handler takes exactly what its Schema decodes.
    const dispatch = <M extends McpSchema.Method>(method: M, params: unknown, call: Call) =>
      Either.match(McpSchema.decodeParams(method, params), {
        onLeft: (message) => Effect.succeed(JsonRpc.failure(call.id, Protocol.codes.invalidParams, message)),
        onRight: (decoded) => methods[method](decoded, call)
      })

    const request = (
      principal: Principal,
      message: Extract<JsonRpc.Incoming, { _tag: "Request" }>,
      context: Context
    ): Effect.Effect<JsonRpc.Response> => {
      const { id, method, params } = message
      return McpSchema.isMethod(method)
        ? dispatch(method, params, { principal, id, context })
        : Effect.succeed(JsonRpc.failure(id, Protocol.codes.methodNotFound, `Method not found: ${method}`))
    }

    const one = (principal: Parameters<typeof gateway.callAs>[0], raw: unknown, context: Context) => {
      const message = JsonRpc.classify(raw)
      switch (message._tag) {
        case "Request":
          return Effect.map(
            Effect.catchAllDefect(
              request(principal, message, context),
              () => Effect.succeed(JsonRpc.failure(message.id, Protocol.codes.internalError, "Internal error"))
            ),
            Option.some
          )
        case "Invalid":
          return Effect.succeed(Option.some(JsonRpc.invalidRequest(message.id, message.reason)))
        // Notifications (initialized, cancelled, ...) and client responses need no answer.
        default:
          return Effect.succeed(Option.none<JsonRpc.Response>())
      }
    }

    /** Handles one transport message (a JSON text): admits the caller once, then answers it. */
    const handle = (text: string, context: Context): Effect.Effect<Option.Option<Reply>> =>
      Effect.gen(function*() {
        const admission = yield* Effect.either(gateway.admit(context.caller))
        const read = Json.parse(text)
        if (!read.ok) {
          return Either.match(admission, {
            onLeft: (error) => Option.some({ body: JsonRpc.fromAppError(null, error), refused: Option.some(error) }),
            onRight: () =>
              Option.some({
                body: read.reason === "depth"
                  ? JsonRpc.failure(null, Protocol.codes.invalidRequest, `Invalid Request: ${Json.tooDeepMessage}`)
                  : JsonRpc.failure(null, Protocol.codes.parseError, "Parse error: the body is not valid JSON"),
                refused: Option.none()
              })
          })
        }
        const parsed = read.value
        if (Either.isLeft(admission)) {
          const error = admission.left
          const ids = Array.isArray(parsed) ? parsed.map(JsonRpc.readId) : [JsonRpc.readId(parsed)]
          const body = ids.map((id) => JsonRpc.fromAppError(id, error))
          return Option.some({ body: Array.isArray(parsed) ? body : body[0]!, refused: Option.some(error) })
        }
        const principal = admission.right.principal
        if (!Array.isArray(parsed)) {
          return Option.map(yield* one(principal, parsed, context), (body) => ({ body, refused: Option.none() }))
        }
        const version = context.protocolVersion ?? Protocol.assumed
        if (parsed.length === 0 || parsed.length > MAX_BATCH || !Protocol.allowsBatches(version)) {
          const reason = parsed.length === 0
            ? "an empty batch"
            : parsed.length > MAX_BATCH
            ? `a batch holds at most ${MAX_BATCH} messages; send the rest in another request`
            : `batches are not part of protocol version ${version}`
          return Option.some({ body: JsonRpc.invalidRequest(null, reason), refused: Option.none() })
        }
        // Each message counts as a request: the admission took the first, the others take one each in order, and
        // once the budget is spent the rest are answered with the limit's error, not run.
        const refusals: Array<Errors.AppError | undefined> = [undefined]
        for (let index = 1; index < parsed.length; index++) {
          const before = refusals[index - 1]
          refusals.push(
            before ?? Either.getLeft(yield* Effect.either(gateway.admitAnother(principal))).pipe(Option.getOrUndefined)
          )
        }
        const replies = yield* Effect.forEach(
          parsed,
          (item, index) => {
            const refusal = refusals[index]
            return refusal === undefined
              ? one(principal, item, context)
              : Effect.succeed(Option.some(JsonRpc.fromAppError(JsonRpc.readId(item), refusal)))
          },
          { concurrency: 4 }
        )
        const body = replies.flatMap(Option.toArray)
        return body.length === 0 ? Option.none() : Option.some({ body, refused: Option.none() })
      }).pipe(Spans.withSpan("McpServer.handle", { captureStackTrace: false }))

    /** Whether any caller asked for log messages (transports that stream only when needed ask this first). */
    const logging = () => levels.size > 0

    return { handle, tools, logging } as const
  })
}) {}
