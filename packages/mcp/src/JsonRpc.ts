import { Errors, Json } from "@jobfit/core"
import { codes } from "./Protocol.js"

export type Id = string | number

export interface ErrorObject {
  readonly code: number
  readonly message: string
  readonly data?: Record<string, unknown>
}

export type Response =
  | { readonly jsonrpc: "2.0"; readonly id: Id | null; readonly result: unknown }
  | { readonly jsonrpc: "2.0"; readonly id: Id | null; readonly error: ErrorObject }

/** One incoming message, classified. */
export type Incoming =
  | { readonly _tag: "Request"; readonly id: Id; readonly method: string; readonly params: unknown }
  | { readonly _tag: "Notification"; readonly method: string; readonly params: unknown }
  | { readonly _tag: "Response" }
  | { readonly _tag: "Invalid"; readonly id: Id | null; readonly reason: string }

export const success = (id: Id | null, result: unknown): Response => ({ jsonrpc: "2.0", id, result })

export const failure = (id: Id | null, code: number, message: string, data?: Record<string, unknown>): Response => ({
  jsonrpc: "2.0",
  id,
  error: data === undefined ? { code, message } : { code, message, data }
})

/** A core error as a JSON-RPC error: the catalogue's code, its REST code and data under `data`. */
export const fromAppError = (id: Id | null, error: Errors.AppError): Response =>
  failure(id, Errors.catalogue[error._tag].rpc, error.message, {
    code: Errors.catalogue[error._tag].code,
    ...Errors.dataOf(error)
  })

/** A JSON object (not null, not an array). */
export const isRecord = Json.isRecord

const isId = (u: unknown): u is Id => typeof u === "string" || (typeof u === "number" && Number.isFinite(u))

/** The id of a message, when one can be read, for echoing in an error. */
export const readId = (u: unknown): Id | null => (isRecord(u) && isId(u.id) ? u.id : null)

export const classify = (u: unknown): Incoming => {
  if (!isRecord(u)) return { _tag: "Invalid", id: null, reason: "A JSON-RPC message must be an object" }
  const id = readId(u)
  if (u.jsonrpc !== "2.0") return { _tag: "Invalid", id, reason: "jsonrpc must be \"2.0\"" }
  if ("method" in u) {
    if (typeof u.method !== "string") return { _tag: "Invalid", id, reason: "method must be a string" }
    if ("params" in u && !isRecord(u.params)) return { _tag: "Invalid", id, reason: "params must be an object" }
    if (!("id" in u)) return { _tag: "Notification", method: u.method, params: u.params }
    if (!isId(u.id)) return { _tag: "Invalid", id: null, reason: "id must be a string or a number" }
    return { _tag: "Request", id: u.id, method: u.method, params: u.params ?? {} }
  }
  if (("result" in u || "error" in u) && "id" in u) return { _tag: "Response" }
  return { _tag: "Invalid", id, reason: "Not a JSON-RPC request, notification or response" }
}

export const invalidRequest = (id: Id | null, reason: string) =>
  failure(id, codes.invalidRequest, `Invalid request: ${reason}`)
