import { HttpServerResponse } from "@effect/platform"
import { Gateway, Tools } from "@jobfit/core"
import { DateTime, Effect, type Schema } from "effect"
import { type Handler, members } from "./Handlers.js"
import { query } from "./Visit.js"

// The jobs list's filters (from the query string to get_saved_jobs' arguments and back) and its CSV export.

export const statuses = ["all", "analyzed", "saved", "applied"] as const
export const sorts = [["date", "Newest"], ["score", "Best score"], ["company", "Company A–Z"]] as const
export const verdicts = ["any", "APPLY", "MAYBE", "SKIP"] as const

/** The list's filters from the query string: each only from its own choices, never echoed as given. */
export const listFilters = (params: URLSearchParams) => ({
  status: statuses.find((s) => s === params.get("status")) ?? "all",
  sort: sorts.find(([s]) => s === params.get("sort"))?.[0] ?? "date",
  verdict: verdicts.find((v) => v === params.get("verdict")) ?? "any",
  search: (params.get("search") ?? "").trim().slice(0, 100),
  due: params.get("follow_up") === "due"
})
export type Filters = ReturnType<typeof listFilters>

/** get_saved_jobs' arguments for those filters. */
export const listArgs = (f: Filters) => ({
  status: f.status,
  sort: f.sort,
  ...(f.verdict === "any" ? {} : { verdict: f.verdict }),
  ...(f.search === "" ? {} : { search: f.search }),
  ...(f.due ? { follow_up: "due" } : {})
})

/** The same filters as a query string (for the next page, the CSV export). */
export const filterQuery = (f: Filters) =>
  new URLSearchParams({
    status: f.status,
    sort: f.sort,
    verdict: f.verdict,
    ...(f.search === "" ? {} : { search: f.search }),
    ...(f.due ? { follow_up: "due" } : {})
  })

/** Whether the list shows everything (no filter narrows it). */
export const unfiltered = (f: Filters) => f.status === "all" && f.verdict === "any" && f.search === "" && !f.due

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a text a spreadsheet would run as a formula
 * (=, +, -, @, a tab or a return first) gets a leading apostrophe.
 */
const cell = (value: string | number): string => {
  const text = typeof value === "number" ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, "\"\"")}"` : text
}

const CSV_LIMIT = 10_000

/** The jobs list (with the list's filters) as CSV, every page of it up to 10,000 jobs. */
export const csv: Handler<Gateway.Gateway> = members((member) =>
  Effect.gen(function*() {
    const chosen = listFilters(query(member))
    const status = chosen.status
    const rows: Array<string> = [
      ["id", "title", "company", "location", "score", "verdict", "status", "analyzed_at", "url"]
        .join(",")
    ]
    let cursor: string | null = null
    do {
      const page: Schema.Schema.Type<typeof Tools.get_saved_jobs.result> = yield* Effect.orDie(
        Gateway.callTool(member.principal, Tools.get_saved_jobs, {
          ...listArgs(chosen),
          limit: 50,
          ...(cursor === null ? {} : { cursor })
        })
      )
      for (const job of page.jobs) {
        rows.push(
          [
            job.id,
            job.title,
            job.company,
            job.location,
            job.match_score,
            job.verdict,
            job.status,
            DateTime.formatIso(job.analyzed_at),
            job.url
          ].map(cell).join(",")
        )
      }
      cursor = page.next_cursor
    } while (cursor !== null && rows.length <= CSV_LIMIT)
    return HttpServerResponse.text(rows.join("\r\n") + "\r\n", {
      contentType: "text/csv; charset=utf-8",
      headers: { "content-disposition": `attachment; filename="jobfit-jobs-${status}.csv"` }
    })
  })
)
