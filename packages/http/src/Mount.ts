import { type HttpApp, HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import * as Responses from "./Responses.js"

/** Where a host mounts the app: "/jobfit", "jobfit/" and "/jobfit/" are the same prefix; "" and "/" are none. */
export const normalize = (prefix: string): string => {
  const trimmed = prefix.trim().replace(/\/+$/, "")
  return trimmed === "" ? "" : trimmed.startsWith("/") ? trimmed : `/${trimmed}`
}

const pathOf = (url: string): string => {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

/** The URL seen from under the prefix (`/jobfit/api/x?q` is `/api/x?q`), or none when it is outside the prefix. */
export const strip = (prefix: string, url: string): string | undefined => {
  if (prefix === "") return url
  const path = pathOf(url)
  if (path === prefix) return `/${url.slice(prefix.length)}`
  return path.startsWith(`${prefix}/`) ? url.slice(prefix.length) : undefined
}

/**
 * The app under a path prefix, for hosts that pass on the whole path (Fastify, Next.js, a plain Node server):
 * `/jobfit/api/mcp/status` routes as `/api/mcp/status`, and a path outside the prefix is 404 NOT_FOUND.
 */
export const under = (prefix: string) => {
  const normalized = normalize(prefix)
  return <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
    normalized === "" ? app : Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      const url = strip(normalized, request.url)
      return url === undefined
        ? Effect.succeed(Responses.notFound(pathOf(request.url)))
        : Effect.provideService(app, HttpServerRequest.HttpServerRequest, request.modify({ url }))
    })
}
