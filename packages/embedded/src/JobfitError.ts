import { Errors } from "@jobfit/core"

type Catalogue = typeof Errors.catalogue
type Tag = keyof Catalogue

/** A REST error code of the service's catalogue, as `detail.code` shows it. */
export type CatalogueCode = Catalogue[Tag]["code"]

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

// Made from a message alone before their data was typed; they keep that form so that code written then compiles.
type Untyped = "FeatureUnavailable" | "UserNotFound" | "EmailTaken" | "ApiKeyNotFound"
// An error with fields that must be there has them as its data type, and its constructor takes them.
type Typed<T extends Tag> = T extends Untyped ? false : Partial<Errors.Data<T>> extends Errors.Data<T> ? false : true
type DataOf<T extends Tag> = Typed<T> extends true ? Errors.Data<T> : ErrorData

interface CatalogueError<T extends Tag> extends JobfitError<Catalogue[T]["code"]> {
  readonly data: DataOf<T>
}

interface ErrorClass<T extends Tag> {
  new(message: string, ...data: Typed<T> extends true ? [data: DataOf<T>] : []): CatalogueError<T>
  readonly prototype: CatalogueError<T>
}

/** A JobfitError subclass for a catalogue entry, named after its code: INVALID_API_KEY is InvalidApiKeyError. */
const errorClass = (tag: Tag) => {
  const { code } = Errors.catalogue[tag]
  const pascal = code.toLowerCase().replace(/(?:^|_)(.)/g, (_, letter: string) => letter.toUpperCase())
  const made = class extends JobfitError {
    constructor(message: string, data?: ErrorData) {
      super(code, message, data)
    }
  }
  return Object.defineProperty(made, "name", { value: pascal.endsWith("Error") ? pascal : `${pascal}Error` })
}

const byTag = Object.fromEntries(
  Object.keys(Errors.catalogue).map((tag) => [tag, errorClass(tag as Tag)])
) as Record<Tag, ReturnType<typeof errorClass>>
// Each class takes its own tag's data, which a table built at run time cannot say.
const classes = byTag as unknown as { readonly [T in Tag]: ErrorClass<T> }

export const InvalidApiKeyError = classes.InvalidApiKey
export type InvalidApiKeyError = InstanceType<typeof InvalidApiKeyError>
export const ScopeNotAllowedError = classes.ScopeNotAllowed
export type ScopeNotAllowedError = InstanceType<typeof ScopeNotAllowedError>
export const InsufficientCreditsError = classes.InsufficientCredits
export type InsufficientCreditsError = InstanceType<typeof InsufficientCreditsError>
/** `data.retry_after` is in whole seconds, at least 1. */
export const RateLimitExceededError = classes.RateLimitExceeded
export type RateLimitExceededError = InstanceType<typeof RateLimitExceededError>
export const InvalidRequestError = classes.InvalidRequest
export type InvalidRequestError = InstanceType<typeof InvalidRequestError>
export const PayloadTooLargeError = classes.RequestTooLarge
export type PayloadTooLargeError = InstanceType<typeof PayloadTooLargeError>
export const ProfileNotFoundError = classes.ProfileNotFound
export type ProfileNotFoundError = InstanceType<typeof ProfileNotFoundError>
export const JobNotFoundError = classes.JobNotFound
export type JobNotFoundError = InstanceType<typeof JobNotFoundError>
export const CvNotFoundError = classes.CvNotFound
export type CvNotFoundError = InstanceType<typeof CvNotFoundError>
export const UrlNotAllowedError = classes.UrlNotAllowed
export type UrlNotAllowedError = InstanceType<typeof UrlNotAllowedError>
export const PostingUnreachableError = classes.PostingUnreachable
export type PostingUnreachableError = InstanceType<typeof PostingUnreachableError>
export const InvalidTransitionError = classes.InvalidTransition
export type InvalidTransitionError = InstanceType<typeof InvalidTransitionError>
export const IdempotencyConflictError = classes.IdempotencyConflict
export type IdempotencyConflictError = InstanceType<typeof IdempotencyConflictError>
export const ServiceUnavailableError = classes.FeatureUnavailable
export type ServiceUnavailableError = InstanceType<typeof ServiceUnavailableError>
export const UserNotFoundError = classes.UserNotFound
export type UserNotFoundError = InstanceType<typeof UserNotFoundError>
export const EmailTakenError = classes.EmailTaken
export type EmailTakenError = InstanceType<typeof EmailTakenError>
export const KeyNotFoundError = classes.ApiKeyNotFound
export type KeyNotFoundError = InstanceType<typeof KeyNotFoundError>
export const VoucherInvalidError = classes.VoucherInvalid
export type VoucherInvalidError = InstanceType<typeof VoucherInvalidError>

/** Something unexpected; the message never holds a stack, SQL or a secret (the log has the cause). */
export class InternalError extends classes.InternalError {
  constructor(message = new Errors.InternalError().message) {
    super(message)
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

// InternalError is the one catalogue class with more than the generated one: a default message.
const fromTag: Record<Tag, new(message: string, data: ErrorData) => JobfitError> = { ...byTag, InternalError }

/**
 * The embedded form of a core error: same code, status, JSON-RPC code, message and data as the transports. The data
 * is the error's own Schema encoded (Errors.dataOf), as REST and JSON-RPC send it.
 */
export const fromAppError = (error: Errors.AppError): JobfitError =>
  new fromTag[error._tag](error.message, Errors.dataOf(error))
