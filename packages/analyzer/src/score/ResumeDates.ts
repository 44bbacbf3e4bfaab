import type { Profile } from "@jobfit/core"

const DAY = 86_400_000
const YEAR = 365.25 * DAY
const OPEN_END = /^(?:present|current|now|today|ongoing|)$/i

/** A JSON Resume date ("2020", "2020-03", "2020-03-15") as epoch milliseconds; undefined when unreadable. */
export const parseResumeDate = (text: string): number | undefined => {
  const match = /^\s*(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?/.exec(text)
  if (match === null) return undefined
  const year = Number(match[1])
  const month = match[2] === undefined ? 1 : Number(match[2])
  const day = match[3] === undefined ? 1 : Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900) return undefined
  return Date.UTC(year, month - 1, day)
}

/** Whether a job of the resume goes on: a missing, empty or "present" end date. */
export const isOngoing = (job: { readonly endDate?: string | undefined }): boolean =>
  OPEN_END.test((job.endDate ?? "").trim())

/**
 * Years of work in the resume at `now`: the union of its work periods, so overlapping jobs count once.
 * A missing, empty or "present" end date means the job goes on; a period without a readable start is left out.
 */
export const yearsOfWork = (work: Profile.Resume["work"], now: Date): number => {
  const nowMs = now.getTime()
  const periods: Array<readonly [number, number]> = []
  for (const job of work ?? []) {
    const start = job.startDate === undefined ? undefined : parseResumeDate(job.startDate)
    if (start === undefined) continue
    const end = isOngoing(job) ? nowMs : parseResumeDate(job.endDate ?? "")
    if (end === undefined) continue
    const clippedEnd = Math.min(end, nowMs)
    if (clippedEnd > start) periods.push([start, clippedEnd])
  }
  periods.sort((a, b) => a[0] - b[0])
  let total = 0
  let current: [number, number] | undefined
  for (const [start, end] of periods) {
    if (current !== undefined && start <= current[1]) current[1] = Math.max(current[1], end)
    else {
      if (current !== undefined) total += current[1] - current[0]
      current = [start, end]
    }
  }
  if (current !== undefined) total += current[1] - current[0]
  return total / YEAR
}
