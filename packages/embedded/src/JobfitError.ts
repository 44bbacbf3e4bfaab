import { Errors } from "@jobfit/core"

type Catalogue = typeof Errors.catalogue

/** A REST error code of the service's catalogue, as `detail.code` shows it. */
export type CatalogueCode = Catalogue[keyof Catalogue]["code"]

/** Every code a JobfitError carries: the catalogue's, plus CLOSED (after dispose) and START_FAILED (createJobfit). */
export type ErrorCode = CatalogueCode | "CLOSED" | "START_FAILED"

/** The fields an error carries beside code and message, named as in the REST body. */
export type ErrorData = Readonly<Record<string, string | number>>

const entries = new Map<string, { readonly status: number; readonly rpc: number }>([
  ...Object.values(Errors.catalogue).map((entry) => [entry.code, entry] as const),
  ["CLOSED", { status: 503, rpc: -32603 }],
  ["START_FAILED", { status: 500, rpc: -32603 }]
])

/**
 * Everything the embedded API rejects with. `code` is the REST code, `status` the HTTP status and `rpcCode` the
 * JSON-RPC code the other transports answer with, `data` the extra fields (`required_credits`, `job_id`, ...).
 * Throw one with code POSTING_UNREACHABLE or URL_NOT_ALLOWED from a plain analyzer or posting source.
 */
export class JobfitError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly code: Code
  readonly status: number
  readonly rpcCode: number
  readonly data: ErrorData

  constructor(code: Code, message: string, data: ErrorData = {}) {
    super(message)
    this.name = new.target.name
    this.code = code
    const entry = entries.get(code)
    this.status = entry?.status ?? 500
    this.rpcCode = entry?.rpc ?? -32603
    this.data = data
  }

  /** The REST error body: `{ detail: { code, message, ...data } }`. */
  toJSON() {
    return { detail: { code: this.code, message: this.message, ...this.data } }
  }
}

export class InvalidApiKeyError extends JobfitError<"INVALID_API_KEY"> {
  constructor(message: string) {
    super("INVALID_API_KEY", message)
  }
}

export class ScopeNotAllowedError extends JobfitError<"SCOPE_NOT_ALLOWED"> {
  declare readonly data: { readonly required_scope: string }
  constructor(message: string, data: ScopeNotAllowedError["data"]) {
    super("SCOPE_NOT_ALLOWED", message, data)
  }
}

export class InsufficientCreditsError extends JobfitError<"INSUFFICIENT_CREDITS"> {
  declare readonly data: { readonly required_credits: number; readonly available_credits: number }
  constructor(message: string, data: InsufficientCreditsError["data"]) {
    super("INSUFFICIENT_CREDITS", message, data)
  }
}

export class RateLimitExceededError extends JobfitError<"RATE_LIMIT_EXCEEDED"> {
  /** Whole seconds, at least 1. */
  declare readonly data: { readonly retry_after: number; readonly limit: number }
  constructor(message: string, data: RateLimitExceededError["data"]) {
    super("RATE_LIMIT_EXCEEDED", message, data)
  }
}

export class InvalidRequestError extends JobfitError<"INVALID_REQUEST"> {
  constructor(message: string) {
    super("INVALID_REQUEST", message)
  }
}

export class PayloadTooLargeError extends JobfitError<"PAYLOAD_TOO_LARGE"> {
  declare readonly data: { readonly max_bytes: number }
  constructor(message: string, data: PayloadTooLargeError["data"]) {
    super("PAYLOAD_TOO_LARGE", message, data)
  }
}

export class ProfileNotFoundError extends JobfitError<"PROFILE_NOT_FOUND"> {
  constructor(message: string) {
    super("PROFILE_NOT_FOUND", message)
  }
}

export class JobNotFoundError extends JobfitError<"JOB_NOT_FOUND"> {
  declare readonly data: { readonly job_id: number }
  constructor(message: string, data: JobNotFoundError["data"]) {
    super("JOB_NOT_FOUND", message, data)
  }
}

export class CvNotFoundError extends JobfitError<"CV_NOT_FOUND"> {
  declare readonly data: { readonly job_id: number; readonly format: string }
  constructor(message: string, data: CvNotFoundError["data"]) {
    super("CV_NOT_FOUND", message, data)
  }
}

export class UrlNotAllowedError extends JobfitError<"URL_NOT_ALLOWED"> {
  constructor(message: string) {
    super("URL_NOT_ALLOWED", message)
  }
}

export class PostingUnreachableError extends JobfitError<"POSTING_UNREACHABLE"> {
  constructor(message: string) {
    super("POSTING_UNREACHABLE", message)
  }
}

export class InvalidTransitionError extends JobfitError<"INVALID_TRANSITION"> {
  declare readonly data: { readonly from: string; readonly to: string }
  constructor(message: string, data: InvalidTransitionError["data"]) {
    super("INVALID_TRANSITION", message, data)
  }
}

export class IdempotencyConflictError extends JobfitError<"IDEMPOTENCY_CONFLICT"> {
  constructor(message: string) {
    super("IDEMPOTENCY_CONFLICT", message)
  }
}

export class ServiceUnavailableError extends JobfitError<"SERVICE_UNAVAILABLE"> {
  constructor(message: string) {
    super("SERVICE_UNAVAILABLE", message)
  }
}

export class UserNotFoundError extends JobfitError<"USER_NOT_FOUND"> {
  constructor(message: string) {
    super("USER_NOT_FOUND", message)
  }
}

export class EmailTakenError extends JobfitError<"EMAIL_TAKEN"> {
  constructor(message: string) {
    super("EMAIL_TAKEN", message)
  }
}

export class KeyNotFoundError extends JobfitError<"KEY_NOT_FOUND"> {
  constructor(message: string) {
    super("KEY_NOT_FOUND", message)
  }
}

export class VoucherInvalidError extends JobfitError<"VOUCHER_INVALID"> {
  constructor(message: string) {
    super("VOUCHER_INVALID", message)
  }
}

/** Something unexpected; the message never holds a stack, SQL or a secret (the log has the cause). */
export class InternalError extends JobfitError<"INTERNAL_ERROR"> {
  constructor(message = "Internal server error") {
    super("INTERNAL_ERROR", message)
  }
}

/** A call on an instance after its dispose() began. */
export class ClosedError extends JobfitError<"CLOSED"> {
  constructor() {
    super("CLOSED", "This jobfit instance was disposed; create a new one with createJobfit()")
  }
}

/** createJobfit or layer() could not start: a bad option, or a database that cannot be opened or migrated. */
export class StartFailedError extends JobfitError<"START_FAILED"> {
  constructor(message: string) {
    super("START_FAILED", message)
  }
}

/**
 * The embedded form of a core error: same code, status, JSON-RPC code, message and data as the transports. The data
 * is the error's own Schema encoded (Errors.dataOf), as REST and JSON-RPC send it.
 */
export const fromAppError = (error: Errors.AppError): JobfitError => {
  const made = classOf(error)
  Object.defineProperty(made, "data", { value: Errors.dataOf(error), enumerable: true })
  return made
}

const classOf = (error: Errors.AppError): JobfitError => {
  switch (error._tag) {
    case "InvalidApiKey":
      return new InvalidApiKeyError(error.message)
    case "ScopeNotAllowed":
      return new ScopeNotAllowedError(error.message, { required_scope: error.required_scope })
    case "InsufficientCredits":
      return new InsufficientCreditsError(error.message, {
        required_credits: error.required_credits,
        available_credits: error.available_credits
      })
    case "RateLimitExceeded":
      return new RateLimitExceededError(error.message, { retry_after: error.retry_after, limit: error.limit })
    case "InvalidRequest":
      return new InvalidRequestError(error.message)
    case "RequestTooLarge":
      return new PayloadTooLargeError(error.message, { max_bytes: error.max_bytes })
    case "ProfileNotFound":
      return new ProfileNotFoundError(error.message)
    case "JobNotFound":
      return new JobNotFoundError(error.message, { job_id: error.job_id })
    case "CvNotFound":
      return new CvNotFoundError(error.message, { job_id: error.job_id, format: error.format })
    case "UrlNotAllowed":
      return new UrlNotAllowedError(error.message)
    case "PostingUnreachable":
      return new PostingUnreachableError(error.message)
    case "InvalidTransition":
      return new InvalidTransitionError(error.message, { from: error.from, to: error.to })
    case "IdempotencyConflict":
      return new IdempotencyConflictError(error.message)
    case "FeatureUnavailable":
      return new ServiceUnavailableError(error.message)
    case "UserNotFound":
      return new UserNotFoundError(error.message)
    case "EmailTaken":
      return new EmailTakenError(error.message)
    case "ApiKeyNotFound":
      return new KeyNotFoundError(error.message)
    case "VoucherInvalid":
      return new VoucherInvalidError(error.message)
    case "InternalError":
      return new InternalError(error.message)
  }
}
