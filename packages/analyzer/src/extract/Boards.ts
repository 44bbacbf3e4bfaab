import { Either } from "effect"
import * as Ashby from "./Ashby.js"
import type { Draft } from "./Draft.js"
import * as Greenhouse from "./Greenhouse.js"
import { parseLenient } from "./JsonLd.js"
import * as Lever from "./Lever.js"
import * as More from "./MoreBoards.js"

/** Base URLs of the public job-board APIs; tests point them at a local server. */
export interface BoardApis {
  readonly greenhouse: string
  readonly lever: string
  readonly leverEu: string
  readonly ashby: string
  readonly smartRecruiters: string
  readonly workable: string
  /**
   * Workday, Recruitee and Personio answer on the posting's own host; a non-empty value here replaces its scheme and
   * host (the path is kept), so tests and benchmarks can answer for them.
   */
  readonly sameHost: string
}

export const publicBoardApis: BoardApis = {
  greenhouse: "https://boards-api.greenhouse.io",
  lever: "https://api.lever.co",
  leverEu: "https://api.eu.lever.co",
  ashby: "https://api.ashbyhq.com",
  smartRecruiters: "https://api.smartrecruiters.com",
  workable: "https://apply.workable.com",
  sameHost: ""
}

/** A posting on a known applicant-tracking board: its public JSON API and how to read the answer. */
export interface Board {
  readonly name:
    | "greenhouse"
    | "lever"
    | "ashby"
    | "workday"
    | "smartrecruiters"
    | "workable"
    | "recruitee"
    | "personio"
  readonly apiUrl: string
  /** What to ask for: every board answers JSON but Personio, whose feed is XML. */
  readonly accept: string
  /** The posting in the board's answer, or why there is none. */
  readonly read: (body: string) => Either.Either<Draft, string>
}

const JSON_TYPE = "application/json"

/** A board that answers JSON. */
const jsonBoard = (
  name: Board["name"],
  apiUrl: string,
  toDraft: (json: unknown) => Either.Either<Draft, string>
): Board => ({
  name,
  apiUrl,
  accept: JSON_TYPE,
  read: (body) => {
    const json = parseLenient(body)
    return json === undefined ? Either.left(`The ${name} answer is not JSON`) : toDraft(json)
  }
})

/** The API's origin: the posting's own, or the one `sameHost` names. */
const originFor = (url: URL, apis: BoardApis): string => apis.sameHost === "" ? url.origin : base(apis.sameHost)

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
    ? jsonBoard(
      "greenhouse",
      `${base(apis.greenhouse)}/v1/boards/${encodeURIComponent(board)}/jobs/${id}?pay_transparency=true`,
      (json) => Greenhouse.toDraft(json, board)
    )
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
    return jsonBoard(
      "lever",
      `${base(api)}/v0/postings/${encodeURIComponent(first)}/${second}`,
      (json) => Lever.toDraft(json, first)
    )
  }
  if (host === "jobs.ashbyhq.com" && first !== undefined && second !== undefined) {
    if (!ashbySlug.test(first) || !uuid.test(second)) return undefined
    return jsonBoard(
      "ashby",
      `${base(apis.ashby)}/posting-api/job-board/${encodeURIComponent(first)}?includeCompensation=true`,
      (json) => Ashby.toDraft(json, first, second)
    )
  }
  return moreBoards(url, host, apis)
}

const WORKDAY_HOST = /^([a-z0-9-]{1,63})\.wd\d{1,3}\.myworkdayjobs\.com$/
const LOCALE = /^[a-z]{2}(?:-[A-Z]{2})?$/
const SUBDOMAIN = /^([a-z0-9-]{1,63})\.(recruitee\.com|jobs\.personio\.(?:de|com))$/

/** Workday, SmartRecruiters, Workable, Recruitee and Personio. */
const moreBoards = (url: URL, host: string, apis: BoardApis): Board | undefined => {
  const parts = segments(url)
  const workday = WORKDAY_HOST.exec(host)
  if (workday !== null) {
    const tenant = workday[1]!
    const path = LOCALE.test(parts[0] ?? "") ? parts.slice(1) : parts
    const [site, job, ...rest] = path
    if (site === undefined || job !== "job" || rest.length === 0 || !slug.test(site)) return undefined
    if (!rest.every((part) => /^[\w.~%-]{1,200}$/.test(part))) return undefined
    const tail = rest.map(encodeURIComponent).join("/")
    return jsonBoard(
      "workday",
      `${originFor(url, apis)}/wday/cxs/${encodeURIComponent(tenant)}/${encodeURIComponent(site)}/job/${tail}`,
      (json) => More.workday(json, tenant)
    )
  }
  if (host === "jobs.smartrecruiters.com" || host === "careers.smartrecruiters.com") {
    const [company, posting] = parts
    const id = /^(\d{6,20})(?:-|$)/.exec(posting ?? "")?.[1]
    if (company === undefined || id === undefined || !slug.test(company)) return undefined
    return jsonBoard(
      "smartrecruiters",
      `${base(apis.smartRecruiters)}/v1/companies/${encodeURIComponent(company)}/postings/${id}`,
      (json) => More.smartRecruiters(json, company)
    )
  }
  if (host === "apply.workable.com") {
    const [account, j, shortcode] = parts
    if (account === undefined || j !== "j" || shortcode === undefined) return undefined
    if (!slug.test(account) || !/^[A-Z0-9]{4,16}$/i.test(shortcode)) return undefined
    // The v2 job endpoint answers one job with its description, requirements and benefits; the v1 widget lists the
    // account's jobs without them.
    return jsonBoard(
      "workable",
      `${base(apis.workable)}/api/v2/accounts/${encodeURIComponent(account)}/jobs/${shortcode}`,
      (json) => More.workable(json, account)
    )
  }
  const subdomain = SUBDOMAIN.exec(host)
  if (subdomain !== null) {
    const company = subdomain[1]!
    const [kind, id] = parts
    if (subdomain[2] === "recruitee.com") {
      return kind === "o" && id !== undefined && slug.test(id)
        ? jsonBoard(
          "recruitee",
          `${originFor(url, apis)}/api/offers/${encodeURIComponent(id)}`,
          (json) => More.recruitee(json, company)
        )
        : undefined
    }
    return kind === "job" && id !== undefined && /^\d{1,12}$/.test(id)
      ? {
        name: "personio",
        apiUrl: `${originFor(url, apis)}/xml`,
        accept: "application/xml, text/xml",
        read: (body) => More.personio(body, company, id)
      }
      : undefined
  }
  return undefined
}
