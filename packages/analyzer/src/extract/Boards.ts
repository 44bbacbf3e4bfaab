import type { Either } from "effect"
import * as Ashby from "./Ashby.js"
import type { Draft } from "./Draft.js"
import * as Greenhouse from "./Greenhouse.js"
import * as Lever from "./Lever.js"

/** Base URLs of the public job-board APIs; tests point them at a local server. */
export interface BoardApis {
  readonly greenhouse: string
  readonly lever: string
  readonly leverEu: string
  readonly ashby: string
}

export const publicBoardApis: BoardApis = {
  greenhouse: "https://boards-api.greenhouse.io",
  lever: "https://api.lever.co",
  leverEu: "https://api.eu.lever.co",
  ashby: "https://api.ashbyhq.com"
}

/** A posting on a known applicant-tracking board: its public JSON API and how to read the answer. */
export interface Board {
  readonly name: "greenhouse" | "lever" | "ashby"
  readonly apiUrl: string
  readonly toDraft: (json: unknown) => Either.Either<Draft, string>
}

const slug = /^[\w.-]{1,100}$/
const ashbySlug = /^[\w .-]{1,100}$/
const uuid = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i

const segments = (url: URL) => {
  try {
    return url.pathname.split("/").filter((part) => part.length > 0).map(decodeURIComponent)
  } catch {
    return []
  }
}

const base = (api: string) => api.replace(/\/+$/, "")

const greenhouse = (board: string, id: string, apis: BoardApis): Board | undefined =>
  slug.test(board) && /^\d{1,20}$/.test(id)
    ? {
      name: "greenhouse",
      apiUrl: `${base(apis.greenhouse)}/v1/boards/${encodeURIComponent(board)}/jobs/${id}?pay_transparency=true`,
      toDraft: (json) => Greenhouse.toDraft(json, board)
    }
    : undefined

/** The board a posting URL belongs to, if its API can be asked instead of scraping the page. */
export const boardFor = (url: URL, apis: BoardApis): Board | undefined => {
  const host = url.hostname.toLowerCase()
  const [first, second, third] = segments(url)
  if (host === "boards.greenhouse.io" || host === "job-boards.greenhouse.io") {
    if (first === "embed" && second === "job_app") {
      const board = url.searchParams.get("for")
      const token = url.searchParams.get("token")
      return board !== null && token !== null ? greenhouse(board, token, apis) : undefined
    }
    return first !== undefined && second === "jobs" && third !== undefined ? greenhouse(first, third, apis) : undefined
  }
  if ((host === "jobs.lever.co" || host === "jobs.eu.lever.co") && first !== undefined && second !== undefined) {
    if (!slug.test(first) || !uuid.test(second)) return undefined
    const api = host === "jobs.eu.lever.co" ? apis.leverEu : apis.lever
    return {
      name: "lever",
      apiUrl: `${base(api)}/v0/postings/${encodeURIComponent(first)}/${second}`,
      toDraft: (json) => Lever.toDraft(json, first)
    }
  }
  if (host === "jobs.ashbyhq.com" && first !== undefined && second !== undefined) {
    if (!ashbySlug.test(first) || !uuid.test(second)) return undefined
    return {
      name: "ashby",
      apiUrl: `${base(apis.ashby)}/posting-api/job-board/${encodeURIComponent(first)}?includeCompensation=true`,
      toDraft: (json) => Ashby.toDraft(json, first, second)
    }
  }
  return undefined
}
