import { Errors } from "@jobfit/core"

/**
 * One error of every kind in the catalogue, each optional field filled in: for suites that check how a transport or
 * a document shows every error (codes, statuses, bodies, OpenAPI).
 */
export const errorSamples = (): ReadonlyArray<Errors.AppError> => [
  new Errors.InvalidApiKey({ message: "no" }),
  new Errors.ScopeNotAllowed({ required_scope: "jobs_read", dashboard_url: "https://x.example/dashboard/keys" }),
  new Errors.InsufficientCredits({
    required_credits: 5,
    available_credits: 0,
    dashboard_url: "https://x.example/dashboard/credits"
  }),
  new Errors.RateLimitExceeded({ retry_after: 3, limit: 60 }),
  new Errors.InvalidRequest({ message: "bad" }),
  new Errors.RequestTooLarge({ max_bytes: 10 }),
  new Errors.ProfileNotFound({ dashboard_url: "https://x.example/dashboard/profile" }),
  new Errors.JobNotFound({ job_id: 7 }),
  new Errors.CvNotFound({ job_id: 7, format: "markdown" }),
  new Errors.UrlNotAllowed({ message: "no" }),
  new Errors.PostingUnreachable({ message: "gone" }),
  new Errors.InvalidTransition({ from: "applied", to: "saved" }),
  new Errors.IdempotencyConflict({ message: "again" }),
  new Errors.FeatureUnavailable({ feature: "CVs" }),
  new Errors.UserNotFound({ email: "x@example.com" }),
  new Errors.EmailTaken({ email: "x@example.com" }),
  new Errors.ApiKeyNotFound({ key_id: 9 }),
  new Errors.VoucherInvalid(),
  new Errors.InternalError()
]
