import * as SqlClient from "@effect/sql/SqlClient"
import { Analysis, type Cursor, CvWriter, Errors, Ids, Job, JobStore, Profile } from "@jobfit/core"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { first, Id, Int, Millis, run, single, toMillis } from "./Columns.js"
import * as SqliteReader from "./SqliteReader.js"

const JobRow = Schema.Struct({ ...Job.Job.fields, id: Id(Ids.JobId), analyzed_at: Millis })

const AnalysisJson = Schema.parseJson(Analysis.Analysis)
const StoredRow = Schema.Struct({ ...JobRow.fields, analysis: AnalysisJson })
const encodeAnalysis = Schema.encode(AnalysisJson)

const CountRow = Schema.Struct({ total: Int })
/** A row of a page of jobs: a job and, on every row, how many the page's filter counts. */
export const PageRow = Schema.Struct({ ...JobRow.fields, total_count: Int })
const decodePage = Schema.decodeUnknown(Schema.Array(PageRow))

const verdicts: ReadonlySet<unknown> = new Set(Job.Verdict.literals)
const statuses: ReadonlySet<unknown> = new Set(Job.JobStatus.literals)
// What DateTime accepts as epoch milliseconds.
const MAX_MILLIS = 8.64e15
const isInt = (u: unknown, min: number, max: number): u is number =>
  Number.isSafeInteger(u) && (u as number) >= min && (u as number) <= max

/**
 * A page row that better-sqlite3 gave in its decoded form already, checked by hand with PageRow's own bounds: the
 * schema's decoding cost a page of ten about as much as its query. Any other row (PostgreSQL's BIGINT as text, a
 * value out of bounds) is left to PageRow, which decodes or refuses it.
 */
export const plainPageRow = (row: unknown): typeof PageRow.Type | undefined => {
  if (typeof row !== "object" || row === null) return undefined
  const { analyzed_at, company, id, location, match_score, status, title, total_count, url, verdict } = row as Record<
    keyof typeof PageRow.Type,
    unknown
  >
  return isInt(id, 1, Number.MAX_SAFE_INTEGER) && typeof title === "string" && typeof company === "string" &&
      typeof location === "string" && isInt(match_score, 0, 100) && verdicts.has(verdict) && statuses.has(status) &&
      isInt(analyzed_at, -MAX_MILLIS, MAX_MILLIS) && typeof url === "string" &&
      isInt(total_count, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)
    ? {
      id: Ids.JobId.make(id, { disableValidation: true }),
      title,
      company,
      location,
      match_score,
      verdict: verdict as Job.Verdict,
      status: status as Job.JobStatus,
      analyzed_at: DateTime.unsafeMake(analyzed_at),
      url,
      total_count
    }
    : undefined
}

const pageOf = (rows: ReadonlyArray<unknown>): Effect.Effect<ReadonlyArray<typeof PageRow.Type>> => {
  const plain: Array<typeof PageRow.Type> = []
  for (const row of rows) {
    const job = plainPageRow(row)
    if (job === undefined) return Effect.orDie(decodePage(rows))
    plain.push(job)
  }
  return Effect.succeed(plain)
}
const TrackingRow = Job.Tracking

const ResumeJson = Schema.parseJson(Profile.StoredResume)
const encodeResume = Schema.encode(ResumeJson)
const CvRow = Schema.Struct({
  job_id: Id(Ids.JobId),
  format: CvWriter.CvFormat,
  content: Schema.String,
  resume: ResumeJson,
  generated_at: Millis
})

const jobColumns = "id, title, company, location, match_score, verdict, status, analyzed_at, url"

const toStored = (row: typeof StoredRow.Type): JobStore.StoredJob => {
  const { analysis, ...job } = row
  return { job: fromRow(job), analysis }
}

// The row was decoded by a Schema with the same fields just now: validating it again only costs time.
const fromRow = (row: typeof JobRow.Type): Job.Job => new Job.Job(row, { disableValidation: true })

const oneCount = single(CountRow)

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const reader = yield* Effect.serviceOption(SqliteReader.SqliteReader)
  const jobFields = sql.literal(jobColumns)
  const storedFields = sql.literal(`${jobColumns}, analysis`)
  const oneJob = first(JobRow)
  const oneStored = first(StoredRow)
  const singleStored = single(StoredRow)

  const list = Effect.fnUntraced(function*(userId: Ids.UserId, query: JobStore.ListQuery) {
    if (!isCount(query.limit)) return yield* Effect.dieMessage(`JobStore.list: bad limit ${query.limit}`)
    const sort = query.sort ?? "date"
    const counted = [
      sql`user_id = ${userId}`,
      ...(query.status === "all" ? [] : [sql`status = ${query.status}`])
    ]
    const search = query.search === undefined
      ? undefined
      : `%${query.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
    const narrowed = [
      ...(query.verdict === undefined ? [] : [sql`verdict = ${query.verdict}`]),
      ...(search === undefined
        ? []
        : [sql`(LOWER(title) LIKE ${search} ESCAPE '\\' OR LOWER(company) LIKE ${search} ESCAPE '\\')`]),
      ...(query.followUpBy === undefined
        ? []
        : [sql`follow_up_on IS NOT NULL AND follow_up_on <= ${query.followUpBy}`])
    ]
    const filter = [...counted, ...narrowed]
    // Keyset: rows strictly after the cursor in the sort's order, then id desc.
    const keyset = Option.match(query.after, {
      onNone: () => [],
      onSome: (cursor) => {
        switch (cursor.sort) {
          case "score":
            return [sql`(match_score < ${cursor.score} OR (match_score = ${cursor.score} AND id < ${cursor.id}))`]
          case "company":
            return [sql`(LOWER(company) > LOWER(${cursor.company})
              OR (LOWER(company) = LOWER(${cursor.company}) AND id < ${cursor.id}))`]
          default:
            return [sql`(analyzed_at, id) < (${cursor.analyzedAtMillis}, ${cursor.id})`]
        }
      }
    })
    const order = sort === "score"
      ? sql.literal("match_score DESC, id DESC")
      : sort === "company"
      ? sql.literal("LOWER(company) ASC, id DESC")
      : sql.literal("analyzed_at DESC, id DESC")
    const count = narrowed.length === 0
      // Kept by triggers (migration 0004_job_counts), with the same columns: one row per status instead of a
      // count over every job.
      ? sql`SELECT COALESCE(SUM(total), 0) FROM job_counts WHERE ${sql.and(counted)}`
      : sql`SELECT COUNT(*) FROM jobs WHERE ${sql.and(filter)}`
    // The count rides along as a column of the page (one statement instead of two); a page without rows asks it alone.
    const countedRows = yield* SqliteReader.read(
      reader,
      sql`SELECT ${jobFields}, (${count}) AS total_count FROM jobs
      WHERE ${sql.and([...filter, ...keyset])} ORDER BY ${order} LIMIT ${query.limit + 1}`
    ).pipe(
      Effect.orDie,
      Effect.flatMap(pageOf)
    )
    const total = countedRows[0]?.total_count ?? (yield* oneCount(sql`SELECT (${count}) AS total`)).total
    const page = countedRows.slice(0, query.limit).map(({ total_count: _, ...row }) => fromRow(row))
    const has_more = countedRows.length > query.limit
    const last = page[page.length - 1]
    const next = (job: Job.Job): Cursor.Cursor =>
      sort === "score"
        ? { sort, score: job.match_score, id: job.id }
        : sort === "company"
        ? { sort, company: job.company, id: job.id }
        : { analyzedAtMillis: toMillis(job.analyzed_at), id: job.id }
    return {
      jobs: page,
      total,
      has_more,
      next: has_more && last !== undefined ? Option.some(next(last)) : Option.none()
    }
  })

  const find = Effect.fn("JobStore.find")(function*(userId: Ids.UserId, jobId: Ids.JobId) {
    const found = yield* oneStored(sql`SELECT ${storedFields} FROM jobs WHERE id = ${jobId} AND user_id = ${userId}`)
    if (Option.isNone(found)) return yield* new Errors.JobNotFound({ job_id: jobId })
    return toStored(found.value)
  })

  const findByUrl = Effect.fn("JobStore.findByUrl")(function*(userId: Ids.UserId, url: string) {
    const found = yield* oneStored(sql`SELECT ${storedFields} FROM jobs WHERE user_id = ${userId} AND url = ${url}`)
    return Option.map(found, toStored)
  })

  const saveAnalysis = Effect.fn("JobStore.saveAnalysis")(
    function*(userId: Ids.UserId, url: string, analysis: Analysis.Analysis, analyzedAt: DateTime.Utc) {
      const json = yield* Effect.orDie(encodeAnalysis(analysis))
      const now = toMillis(yield* DateTime.now)
      // A URL the user had keeps its id and status; everything the analysis says is replaced.
      const row = yield* singleStored(sql`
        INSERT INTO jobs (user_id, url, title, company, location, match_score, verdict, status, analyzed_at,
          analysis, created_at)
        VALUES (${userId}, ${url}, ${analysis.title}, ${analysis.company}, ${analysis.location},
          ${analysis.match_score}, ${analysis.verdict}, 'analyzed', ${toMillis(analyzedAt)}, ${json}, ${now})
        ON CONFLICT (user_id, url) DO UPDATE SET
          title = excluded.title, company = excluded.company, location = excluded.location,
          match_score = excluded.match_score, verdict = excluded.verdict, analyzed_at = excluded.analyzed_at,
          analysis = excluded.analysis
        RETURNING ${storedFields}`)
      return toStored(row)
    }
  )

  const setStatus = Effect.fn("JobStore.setStatus")(
    function*(userId: Ids.UserId, jobId: Ids.JobId, from: Job.JobStatus, to: Job.JobStatus) {
      // A move to applied keeps the day, unless the user already gave one.
      const appliedOn = to === "applied" ? yield* Job.today : null
      const moved = yield* oneJob(sql`
        UPDATE jobs SET status = ${to}, applied_on = COALESCE(applied_on, ${appliedOn})
        WHERE id = ${jobId} AND user_id = ${userId} AND status = ${from}
        RETURNING ${jobFields}`)
      if (Option.isSome(moved)) return Option.some(fromRow(moved.value))
      const exists = yield* oneJob(sql`SELECT ${jobFields} FROM jobs WHERE id = ${jobId} AND user_id = ${userId}`)
      if (Option.isNone(exists)) return yield* new Errors.JobNotFound({ job_id: jobId })
      return Option.none()
    }
  )

  const oneCv = first(CvRow)

  const saveCv = Effect.fn("JobStore.saveCv")(function*(userId: Ids.UserId, cv: JobStore.StoredCv) {
    const resume = yield* Effect.orDie(encodeResume(cv.resume))
    yield* run(sql`
      INSERT INTO job_cvs (job_id, format, user_id, content, resume, generated_at)
      VALUES (${cv.job_id}, ${cv.format}, ${userId}, ${cv.content}, ${resume}, ${toMillis(cv.generated_at)})
      ON CONFLICT (job_id, format) DO UPDATE SET content = excluded.content, resume = excluded.resume,
        generated_at = excluded.generated_at`)
  })

  const findCv = Effect.fn("JobStore.findCv")(
    function*(userId: Ids.UserId, jobId: Ids.JobId, format: CvWriter.CvFormat) {
      return yield* oneCv(sql`
        SELECT job_id, format, content, resume, generated_at FROM job_cvs
        WHERE job_id = ${jobId} AND user_id = ${userId} AND format = ${format}`)
    }
  )

  const oneTracking = first(TrackingRow)

  const tracking = Effect.fn("JobStore.tracking")(function*(userId: Ids.UserId, jobId: Ids.JobId) {
    const found = yield* oneTracking(sql`
      SELECT notes, applied_on, follow_up_on FROM jobs WHERE id = ${jobId} AND user_id = ${userId}`)
    if (Option.isNone(found)) return yield* new Errors.JobNotFound({ job_id: jobId })
    return found.value
  })

  // One UPDATE: each field is replaced only when it was given (a flag per field), so two callers changing different
  // fields do not undo each other.
  const track = Effect.fn("JobStore.track")(
    function*(userId: Ids.UserId, jobId: Ids.JobId, patch: Partial<Job.Tracking>) {
      const given = (field: keyof Job.Tracking) => (field in patch ? 1 : 0)
      const found = yield* oneTracking(sql`
        UPDATE jobs SET
          notes = CASE WHEN ${given("notes")} = 1 THEN ${patch.notes ?? ""} ELSE notes END,
          applied_on = CASE WHEN ${given("applied_on")} = 1 THEN ${patch.applied_on ?? null} ELSE applied_on END,
          follow_up_on = CASE WHEN ${given("follow_up_on")} = 1 THEN ${patch.follow_up_on ?? null} ELSE follow_up_on END
        WHERE id = ${jobId} AND user_id = ${userId}
        RETURNING notes, applied_on, follow_up_on`)
      if (Option.isNone(found)) return yield* new Errors.JobNotFound({ job_id: jobId })
      return found.value
    }
  )

  return JobStore.JobStore.of({ list, find, findByUrl, saveAnalysis, setStatus, saveCv, findCv, tracking, track })
})

/** The JobStore over the SqlClient in context. */
export const layer: Layer.Layer<JobStore.JobStore, never, SqlClient.SqlClient> = Layer.effect(JobStore.JobStore, make)
