import { Errors, Gateway } from "@jobfit/core"
import { Mount } from "@jobfit/http"
import { Cause, Effect, Exit, Layer, Logger, LogLevel, ManagedRuntime, Option } from "effect"
import * as AdminApi from "./AdminApi.js"
import { createHandler, guard, type HttpForms } from "./Handler.js"
import { ClosedError, fromAppError, InternalError, StartFailedError } from "./JobfitError.js"
import * as Layers from "./Layers.js"
import type * as Types from "./Types.js"

const logLevels = {
  all: LogLevel.All,
  trace: LogLevel.Trace,
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warning: LogLevel.Warning,
  error: LogLevel.Error,
  fatal: LogLevel.Fatal,
  none: LogLevel.None
} as const

export interface JobfitOptions extends Layers.Options {
  /** The least severe log line written (Effect's logger, to the console). Default "warning"; "info" adds access logs. */
  readonly logLevel?: keyof typeof logLevels | undefined
}

/** The service in-process: one method per tool, the operator's admin operations, and the HTTP app to mount. */
export interface Jobfit extends HttpForms {
  /** analyze_job (scope jobs_analyze; paid): fetch a posting and compare it with the user's profile. */
  readonly analyzeJob: (
    apiKey: string,
    args: Types.AnalyzeJobArgs,
    options?: Types.CallOptions
  ) => Promise<Types.AnalyzeJobResult>
  /** get_saved_jobs (scope jobs_read): the user's jobs, newest first, a page at a time. */
  readonly getSavedJobs: (apiKey: string, args?: Types.GetSavedJobsArgs) => Promise<Types.SavedJobs>
  /** get_job (scope jobs_read): one job with its full analysis. */
  readonly getJob: (apiKey: string, args: Types.GetJobArgs) => Promise<Types.JobDetail>
  /** update_job_status (scope jobs_write): analyzed->saved|applied, saved->applied|analyzed. */
  readonly updateJobStatus: (apiKey: string, args: Types.UpdateJobStatusArgs) => Promise<Types.Job>
  /** get_credits (scope credits_read): the balance in cents and dollars. */
  readonly getCredits: (apiKey: string) => Promise<Types.Credits>
  /** generate_cv (scope cv_generate; paid): a CV aimed at one of the user's jobs. */
  readonly generateCv: (
    apiKey: string,
    args: Types.GenerateCvArgs,
    options?: Types.CallOptions
  ) => Promise<Types.GeneratedCv>
  /** get_cv (scope jobs_read): the last CV generate_cv wrote for a job, in a format; free. */
  readonly getCv: (apiKey: string, args: Types.GetCvArgs) => Promise<Types.StoredCv>
  /** get_profile (scope profile_read). */
  readonly getProfile: (apiKey: string) => Promise<Types.Profile>
  /** update_profile (scope profile_write): replaces the profile. */
  readonly updateProfile: (apiKey: string, args: Types.ProfileInput) => Promise<Types.Profile>
  /** The connection test: any valid key, no scope. */
  readonly status: (apiKey: string) => Promise<Types.Status>
  /** Any tool by its MCP name, as `POST /api/mcp/tools/call` takes it. */
  readonly call: <K extends Types.ToolName>(
    apiKey: string,
    tool: K,
    args?: Types.ToolArgs<K>,
    options?: Types.CallOptions
  ) => Promise<Types.ToolResult<K>>
  readonly admin: AdminApi.AdminApi
  /** The HTTP forms under a path prefix the host passes on (Fastify, Next.js, a plain Node server). */
  readonly mount: (prefix: string) => HttpForms
  /** Closes the database and everything else; calls made afterwards reject with ClosedError. */
  readonly dispose: () => Promise<void>
}

/** In-process calls without a valid key are rate limited as this one client. */
const CLIENT = "embedded"

const authorization = (apiKey: unknown): string | undefined =>
  typeof apiKey === "string" && apiKey.trim() !== "" ? `Bearer ${apiKey.trim()}` : undefined

const callTool = Effect.fn("Jobfit.call")(
  function*(apiKey: unknown, tool: string, args: unknown, options: Types.CallOptions = {}) {
    const gateway = yield* Gateway.Gateway
    const outcome = yield* gateway.call({
      authorization: authorization(apiKey),
      client: CLIENT,
      tool,
      arguments: args,
      idempotencyKey: options.idempotencyKey
    })
    return outcome.value
  }
)

const status = Effect.fn("Jobfit.status")(function*(apiKey: unknown) {
  const gateway = yield* Gateway.Gateway
  const outcome = yield* gateway.status({ authorization: authorization(apiKey), client: CLIENT })
  const value: Types.Status = outcome.value
  return value
})

// Gateway.call encodes every result with its tool's `result` Schema (Tools.tools), so the value has that Schema's
// Encoded type. This is the one place the embedded API states it rather than decode the value a second time.
const asResult = <K extends Types.ToolName>(value: unknown): Types.ToolResult<K> => value as Types.ToolResult<K>

// A defect never reaches the host as anything but INTERNAL_ERROR; the log keeps the cause.
const shielded = <A, R>(self: Effect.Effect<A, Errors.AppError, R>) =>
  Effect.catchAllDefect(
    self,
    (defect) => Effect.zipRight(Effect.logError("unexpected failure", defect), Effect.fail(new Errors.InternalError()))
  )

/**
 * Starts the service in this process: opens (and migrates) the database, and resolves once it is ready to serve;
 * a bad option or an unusable database rejects with StartFailedError. Every call goes through the Gateway as the
 * HTTP and MCP transports' do: authentication, rate limits, scopes, credits. Call dispose() when done.
 */
export const createJobfit = async (options: JobfitOptions = {}): Promise<Jobfit> => {
  const logging = Logger.minimumLogLevel(logLevels[options.logLevel ?? "warning"])
  const runtime = ManagedRuntime.make(Layers.layer(options).pipe(Layer.provideMerge(logging)))
  const started = await runtime.runPromiseExit(Effect.runtime<Layers.Services>())
  if (Exit.isFailure(started)) {
    await runtime.dispose()
    throw Layers.startFailure(started.cause)
  }

  let disposing: Promise<void> | undefined
  const closed = () => disposing !== undefined

  const run = async <A>(effect: Effect.Effect<A, Errors.AppError, Layers.Services>): Promise<A> => {
    if (closed()) throw new ClosedError()
    const exit = await runtime.runPromiseExit(shielded(effect))
    if (Exit.isSuccess(exit)) return exit.value
    throw Option.match(Cause.failureOption(exit.cause), {
      onSome: (error) => (error instanceof StartFailedError ? error : fromAppError(error)),
      onNone: () => (closed() ? new ClosedError() : new InternalError())
    })
  }

  const call = <K extends Types.ToolName>(
    apiKey: string,
    tool: K,
    args?: Types.ToolArgs<K>,
    options?: Types.CallOptions
  ) => run(callTool(apiKey, tool, args, options)).then(asResult<K>)
  const tool =
    <K extends Types.ToolName>(name: K) => (apiKey: string, args?: Types.ToolArgs<K>, options?: Types.CallOptions) =>
      call(apiKey, name, args, options)

  const mounted = new Map<string, HttpForms>()
  const mount = (prefix: string): HttpForms => {
    const key = Mount.normalize(prefix)
    const existing = mounted.get(key)
    if (existing !== undefined) return existing
    const forms = guard(createHandler(started.value, { prefix: key }), closed)
    mounted.set(key, forms)
    return forms
  }
  const root = mount("")

  return {
    analyzeJob: tool("analyze_job"),
    getSavedJobs: tool("get_saved_jobs"),
    getJob: tool("get_job"),
    updateJobStatus: tool("update_job_status"),
    getCredits: tool("get_credits"),
    generateCv: tool("generate_cv"),
    getCv: tool("get_cv"),
    getProfile: tool("get_profile"),
    updateProfile: tool("update_profile"),
    status: (apiKey) => run(status(apiKey)),
    call,
    admin: AdminApi.make(run),
    handler: root.handler,
    listener: root.listener,
    mount,
    dispose: () => (disposing ??= runtime.dispose())
  }
}
