import { JSONSchema, ParseResult, Schema } from "effect"

/** The key is missing, malformed, unknown or revoked. */
export class InvalidApiKey extends Schema.TaggedError<InvalidApiKey>()("InvalidApiKey", {
  message: Schema.String
}) {}

/** The key lacks the scope the operation needs. */
export class ScopeNotAllowed extends Schema.TaggedError<ScopeNotAllowed>()("ScopeNotAllowed", {
  required_scope: Schema.String,
  /** The dashboard's keys page, when the server knows its address. */
  dashboard_url: Schema.optional(Schema.String)
}) {
  override get message() {
    return `This API key lacks the scope ${this.required_scope}; edit the key or create one with that scope`
  }
}

/** The balance does not cover the operation's price. */
export class InsufficientCredits extends Schema.TaggedError<InsufficientCredits>()("InsufficientCredits", {
  required_credits: Schema.Int,
  available_credits: Schema.Int,
  /** The dashboard's credits page, when the server knows its address. */
  dashboard_url: Schema.optional(Schema.String)
}) {
  override get message() {
    return `Insufficient credits: this call costs ${this.required_credits}, the balance is ${this.available_credits}`
  }
}

/** Too many requests; `retry_after` is in whole seconds, at least 1. */
export class RateLimitExceeded extends Schema.TaggedError<RateLimitExceeded>()("RateLimitExceeded", {
  retry_after: Schema.Int,
  limit: Schema.Int
}) {
  override get message() {
    return `Rate limit exceeded; retry after ${this.retry_after} seconds`
  }
}

/** Malformed body, unknown tool, or arguments that do not fit the tool. */
export class InvalidRequest extends Schema.TaggedError<InvalidRequest>()("InvalidRequest", {
  message: Schema.String
}) {}

/** The request body is larger than the server accepts. */
export class RequestTooLarge extends Schema.TaggedError<RequestTooLarge>()("RequestTooLarge", {
  max_bytes: Schema.Int
}) {
  override get message() {
    return `Request body is larger than ${this.max_bytes} bytes`
  }
}

/** The user has not completed a profile yet. */
export class ProfileNotFound extends Schema.TaggedError<ProfileNotFound>()("ProfileNotFound", {
  /** The dashboard's profile page, when the server knows its address. */
  dashboard_url: Schema.optional(Schema.String)
}) {
  override get message() {
    return "User profile not found"
  }
}

/** No job with that id belongs to the user (another user's job included). */
export class JobNotFound extends Schema.TaggedError<JobNotFound>()("JobNotFound", {
  job_id: Schema.Number
}) {
  override get message() {
    return `Job ${this.job_id} not found`
  }
}

/** The posting URL may not be fetched: scheme, credentials, or a forbidden address. */
export class UrlNotAllowed extends Schema.TaggedError<UrlNotAllowed>()("UrlNotAllowed", {
  message: Schema.String
}) {}

/** The posting could not be fetched or read as a job posting. */
export class PostingUnreachable extends Schema.TaggedError<PostingUnreachable>()("PostingUnreachable", {
  message: Schema.String
}) {}

/** update_job_status asked for a change the status rules do not allow. */
export class InvalidTransition extends Schema.TaggedError<InvalidTransition>()("InvalidTransition", {
  from: Schema.String,
  to: Schema.String
}) {
  override get message() {
    return `A job cannot go from ${this.from} to ${this.to}`
  }
}

/** An Idempotency-Key was reused with other arguments. */
export class IdempotencyConflict extends Schema.TaggedError<IdempotencyConflict>()("IdempotencyConflict", {
  message: Schema.String
}) {}

/** A part of the service this server was started without (such as the analyzer). */
export class FeatureUnavailable extends Schema.TaggedError<FeatureUnavailable>()("FeatureUnavailable", {
  feature: Schema.String
}) {
  override get message() {
    return `${this.feature} is not available on this server yet; nothing was charged`
  }
}

/** An admin operation named a user that does not exist. */
export class UserNotFound extends Schema.TaggedError<UserNotFound>()("UserNotFound", {
  email: Schema.String
}) {
  override get message() {
    return `No user with email ${this.email}`
  }
}

/** An admin operation tried to create a user whose email is taken. */
export class EmailTaken extends Schema.TaggedError<EmailTaken>()("EmailTaken", {
  email: Schema.String
}) {
  override get message() {
    return `A user with email ${this.email} exists already`
  }
}

/** An admin operation named an API key that does not exist. */
export class ApiKeyNotFound extends Schema.TaggedError<ApiKeyNotFound>()("ApiKeyNotFound", {
  key_id: Schema.Number
}) {
  override get message() {
    return `No API key with id ${this.key_id}`
  }
}

/** A voucher code that is unknown or was redeemed already. */
export class VoucherInvalid extends Schema.TaggedError<VoucherInvalid>()("VoucherInvalid", {}) {
  override get message() {
    return "This voucher code is unknown or was used already"
  }
}

/** The job is the user's, but no CV of that format was generated for it yet. */
export class CvNotFound extends Schema.TaggedError<CvNotFound>()("CvNotFound", {
  job_id: Schema.Number,
  format: Schema.String
}) {
  override get message() {
    return `No ${this.format} CV was generated for job ${this.job_id}; generate_cv makes one (paid)`
  }
}

/** Anything unexpected; its body never holds a stack, SQL or a secret. */
export class InternalError extends Schema.TaggedError<InternalError>()("InternalError", {}) {
  override get message() {
    return "Internal server error"
  }
}

export type AppError =
  | InvalidApiKey
  | ScopeNotAllowed
  | InsufficientCredits
  | RateLimitExceeded
  | InvalidRequest
  | RequestTooLarge
  | ProfileNotFound
  | JobNotFound
  | CvNotFound
  | UrlNotAllowed
  | PostingUnreachable
  | InvalidTransition
  | IdempotencyConflict
  | FeatureUnavailable
  | UserNotFound
  | EmailTaken
  | ApiKeyNotFound
  | VoucherInvalid
  | InternalError

/**
 * How a transport shows an error: HTTP status, REST code, JSON-RPC code, and whether MCP returns it
 * as a tool result with `isError: true` (a failure a model can act on) rather than a JSON-RPC error.
 */
export interface CatalogueEntry {
  readonly status: number
  readonly code: string
  readonly rpc: number
  readonly toolResult: boolean
}

export const catalogue = {
  InvalidApiKey: { status: 401, code: "INVALID_API_KEY", rpc: -32001, toolResult: false },
  ScopeNotAllowed: { status: 403, code: "SCOPE_NOT_ALLOWED", rpc: -32004, toolResult: false },
  InsufficientCredits: { status: 402, code: "INSUFFICIENT_CREDITS", rpc: -32003, toolResult: false },
  RateLimitExceeded: { status: 429, code: "RATE_LIMIT_EXCEEDED", rpc: -32002, toolResult: false },
  InvalidRequest: { status: 400, code: "INVALID_REQUEST", rpc: -32602, toolResult: false },
  RequestTooLarge: { status: 413, code: "PAYLOAD_TOO_LARGE", rpc: -32600, toolResult: false },
  ProfileNotFound: { status: 422, code: "PROFILE_NOT_FOUND", rpc: -32603, toolResult: true },
  JobNotFound: { status: 404, code: "JOB_NOT_FOUND", rpc: -32603, toolResult: true },
  CvNotFound: { status: 404, code: "CV_NOT_FOUND", rpc: -32603, toolResult: true },
  UrlNotAllowed: { status: 400, code: "URL_NOT_ALLOWED", rpc: -32602, toolResult: true },
  PostingUnreachable: { status: 422, code: "POSTING_UNREACHABLE", rpc: -32603, toolResult: true },
  InvalidTransition: { status: 409, code: "INVALID_TRANSITION", rpc: -32603, toolResult: true },
  IdempotencyConflict: { status: 409, code: "IDEMPOTENCY_CONFLICT", rpc: -32600, toolResult: false },
  FeatureUnavailable: { status: 503, code: "SERVICE_UNAVAILABLE", rpc: -32603, toolResult: true },
  UserNotFound: { status: 404, code: "USER_NOT_FOUND", rpc: -32602, toolResult: true },
  EmailTaken: { status: 409, code: "EMAIL_TAKEN", rpc: -32602, toolResult: true },
  ApiKeyNotFound: { status: 404, code: "KEY_NOT_FOUND", rpc: -32602, toolResult: true },
  VoucherInvalid: { status: 400, code: "VOUCHER_INVALID", rpc: -32602, toolResult: true },
  InternalError: { status: 500, code: "INTERNAL_ERROR", rpc: -32603, toolResult: false }
} as const satisfies Record<AppError["_tag"], CatalogueEntry>

/** Each error's own Schema: its fields are what it carries beside code and message. */
const schemas = {
  InvalidApiKey,
  ScopeNotAllowed,
  InsufficientCredits,
  RateLimitExceeded,
  InvalidRequest,
  RequestTooLarge,
  ProfileNotFound,
  JobNotFound,
  CvNotFound,
  UrlNotAllowed,
  PostingUnreachable,
  InvalidTransition,
  IdempotencyConflict,
  FeatureUnavailable,
  UserNotFound,
  EmailTaken,
  ApiKeyNotFound,
  VoucherInvalid,
  InternalError
} as const satisfies { readonly [K in AppError["_tag"]]: { readonly Type: Extract<AppError, { _tag: K }> } }

/** The data fields of the error with that tag, as `dataOf` gives them: its Schema's encoded strings and numbers. */
export type Data<Tag extends AppError["_tag"]> = {
  readonly [K in keyof Schema.Schema.Encoded<(typeof schemas)[Tag]> as Exclude<K, "_tag" | "message">]: Extract<
    Schema.Schema.Encoded<(typeof schemas)[Tag]>[K],
    string | number
  >
}

type Encoded = Readonly<Record<string, unknown>>
// Each schema is used for its own tag only; the map loses which is which, hence the widening.
const anySchemas = schemas as unknown as Readonly<Record<AppError["_tag"], Schema.Schema<AppError, Encoded>>>
const encoders = Object.fromEntries(
  Object.entries(anySchemas).map(([tag, schema]) => [tag, Schema.encodeSync(schema)])
) as Readonly<Record<AppError["_tag"], (error: AppError) => Encoded>>

/**
 * The extra fields an error carries beside code and message (REST `detail`, JSON-RPC `error.data`): its Schema's
 * fields, encoded, so a field added to an error is sent without anyone remembering to.
 */
export const dataOf = (error: AppError): Record<string, string | number> => {
  const { _tag: _kind, message: _message, ...data } = encoders[error._tag](error)
  return data as Record<string, string | number>
}

/** The JSON Schema of each error's data fields (for OpenAPI), from the same Schemas as `dataOf`. */
export const dataSchemas = (): Readonly<Record<AppError["_tag"], Readonly<Record<string, object>>>> => {
  const result: Record<string, Record<string, object>> = {}
  for (const [tag, schema] of Object.entries(anySchemas)) {
    const json = JSONSchema.make(schema) as {
      readonly $defs: Readonly<Record<string, { readonly properties?: Readonly<Record<string, object>> }>>
    }
    const fields: Record<string, object> = {}
    for (const [name, property] of Object.entries(json.$defs[tag]?.properties ?? {})) {
      if (name === "_tag" || name === "message") continue
      // Refs to the integer refinement become plain integers: OpenAPI readers need no $defs.
      fields[name] = "$ref" in property ? { type: "integer" } : property
    }
    result[tag] = fields
  }
  return result as Readonly<Record<AppError["_tag"], Readonly<Record<string, object>>>>
}

/** The REST error body: `{ detail: { code, message, ...data } }`. */
export const restBody = (error: AppError) => ({
  detail: { code: catalogue[error._tag].code, message: error.message, ...dataOf(error) }
})

const tags = new Set<string>(Object.keys(catalogue))

export const isAppError = (u: unknown): u is AppError =>
  typeof u === "object" && u !== null && "_tag" in u && typeof u._tag === "string" && tags.has(u._tag)

// Optional fields also report "Expected undefined" beside the real issue; that half only confuses.
const describeParseError = (error: ParseResult.ParseError): string =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    .filter((issue) => !issue.message.startsWith("Expected undefined,"))
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ")

/** A decoding failure as INVALID_REQUEST, one line per issue joined by "; ", each with its path. */
export const invalidInput = (what: string) => (error: ParseResult.ParseError): InvalidRequest =>
  new InvalidRequest({ message: `${what}: ${describeParseError(error)}` })
