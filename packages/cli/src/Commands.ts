import type { FileSystem } from "@effect/platform"
import {
  Admin,
  Analysis,
  Analyzer,
  ApiKey,
  Credentials,
  Credits,
  Errors,
  type JobStore,
  JobUrl,
  PostingSource,
  Transactor,
  Vouchers
} from "@jobfit/core"
import { Settings } from "@jobfit/dashboard"
import { StartError } from "@jobfit/host"
import { DateTime, Duration, Effect, Schema } from "effect"
import type { Name, Values } from "./CommandLine.js"
import * as Input from "./Input.js"
import * as Seed from "./Seed.js"

/** What a command prints: `json` with --json (one document), `text` otherwise. */
export interface Result {
  readonly json: unknown
  readonly text: string
}

/** A command's handler; annotated because the inferred error types are not nameable from outside the core. */
type Command<N extends Name, R> = (values: Values<N>) => Effect.Effect<Result, Errors.AppError, R>

const MAX_GRANT_CENTS = 100_000_000
const MAX_SEED = 100_000

/** A key as `keys list` shows it: every field but the owner, times as ISO 8601 UTC strings or null. */
const KeyView = Schema.Struct(ApiKey.ApiKey.fields).pipe(Schema.omit("user_id"))
const encodeKey = Schema.encodeSync(KeyView)

const when = (time: DateTime.Utc | null): string => (time === null ? "-" : DateTime.formatIso(time).slice(0, 16) + "Z")
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const dollars = (cents: number) => `$${Credits.formatDollars(cents)}`

export const usersCreate: Command<"users create", Admin.Admin> = Effect.fn("Cli.usersCreate")(
  function*(values: Values<"users create">) {
    yield* Input.email(values.email)
    const user = yield* (yield* Admin.Admin).createUser({ email: values.email, name: values.name })
    return {
      json: { id: user.id, email: user.email, name: user.name },
      text: `Created user ${user.id}: ${user.email} (${user.name})`
    }
  }
)

export const keysCreate: Command<"keys create", Admin.Admin> = Effect.fn("Cli.keysCreate")(
  function*(values: Values<"keys create">) {
    yield* Input.email(values.email)
    const { apiKey, secret } = yield* (yield* Admin.Admin).createKey({
      email: values.email,
      scopes: Input.list(values.scopes),
      name: values.name
    })
    return {
      json: { id: apiKey.id, name: apiKey.name, scopes: apiKey.scopes, prefix: apiKey.prefix, key: secret },
      text: [
        `Created API key ${apiKey.id} "${apiKey.name}" for ${values.email.trim()}, scopes: ${apiKey.scopes.join(", ")}`,
        "",
        `  ${secret}`,
        "",
        "This key is shown only once: store it now. Send it as the header Authorization: Bearer <key>."
      ].join("\n")
    }
  }
)

const keyRow = (key: ApiKey.ApiKey): ReadonlyArray<string> => [
  String(key.id),
  key.name,
  `${key.prefix}...`,
  key.scopes.join(","),
  when(key.created_at),
  when(key.last_used_at),
  key.revoked_at === null ? "active" : `revoked ${when(key.revoked_at)}`
]

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): string => {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)))
  const line = (row: ReadonlyArray<string>) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")
  return [header, ...rows].map((row) => line(row).trimEnd()).join("\n")
}

export const keysList: Command<"keys list", Admin.Admin> = Effect.fn("Cli.keysList")(
  function*(values: Values<"keys list">) {
    yield* Input.email(values.email)
    const keys = yield* (yield* Admin.Admin).listKeys(values.email)
    return {
      json: keys.map((key) => encodeKey(key)),
      text: keys.length === 0
        ? `No API keys for ${values.email.trim()}`
        : table(["ID", "NAME", "PREFIX", "SCOPES", "CREATED", "LAST USED", "STATUS"], keys.map(keyRow))
    }
  }
)

export const keysRevoke: Command<"keys revoke", Admin.Admin> = Effect.fn("Cli.keysRevoke")(
  function*(values: Values<"keys revoke">) {
    const id = yield* Input.wholeNumber("id", values.id, 1, Number.MAX_SAFE_INTEGER)
    const key = yield* (yield* Admin.Admin).revokeKey(id)
    return {
      json: encodeKey(key),
      text: `Revoked API key ${key.id} "${key.name}" (${key.prefix}...) at ${when(key.revoked_at)}`
    }
  }
)

export const keysUpdate: Command<"keys update", Admin.Admin> = Effect.fn("Cli.keysUpdate")(
  function*(values: Values<"keys update">) {
    const id = yield* Input.wholeNumber("id", values.id, 1, Number.MAX_SAFE_INTEGER)
    const key = yield* (yield* Admin.Admin).updateKey(id, Input.list(values.scopes))
    return {
      json: encodeKey(key),
      text: `API key ${key.id} "${key.name}" (${key.prefix}...) now has the scopes: ${key.scopes.join(", ")}`
    }
  }
)

const RESET_VALID = Duration.hours(1)

export const usersPasswordReset: Command<"users password-reset", Admin.Admin | Credentials.Credentials> = Effect.fn(
  "Cli.usersPasswordReset"
)(function*(values: Values<"users password-reset">) {
  yield* Input.email(values.email)
  const user = yield* (yield* Admin.Admin).userByEmail(values.email)
  // Checked before a token is made, so a bad JOBFIT_DASHBOARD_URL leaves no unusable token behind.
  const base = yield* Effect.mapError(
    Settings.PublicUrl,
    (error) => new Errors.InvalidRequest({ message: `invalid configuration: ${StartError.describeConfig(error)}` })
  )
  const expires = DateTime.addDuration(yield* DateTime.now, RESET_VALID)
  const token = yield* (yield* Credentials.Credentials).createResetToken(user.id, expires)
  const url = `${base.replace(/\/+$/, "")}/reset?token=${token}`
  return {
    json: { url, token, expires_at: DateTime.formatIso(expires) },
    text: [
      `A link for ${user.email} to choose a password, valid until ${when(expires)} and only once:`,
      "",
      `  ${url}`,
      "",
      "Send it to them privately: whoever opens it sets the password."
    ].join("\n")
  }
})

const MAX_VOUCHERS = 1_000

export const vouchersCreate: Command<"vouchers create", Vouchers.Vouchers | Transactor.Transactor> = Effect.fn(
  "Cli.vouchersCreate"
)(
  function*(values: Values<"vouchers create">) {
    const cents = yield* Input.wholeNumber("cents", values.cents, 1, MAX_GRANT_CENTS)
    const count = values.count === undefined ? 1 : yield* Input.wholeNumber("count", values.count, 1, MAX_VOUCHERS)
    const vouchers = yield* Vouchers.Vouchers
    const note = values.note?.trim() || "operator voucher"
    // All or none: a run that fails half way leaves no codes that were never printed.
    const made = yield* (yield* Transactor.Transactor).withTransaction(
      Effect.forEach(Array.from({ length: count }), () => vouchers.create(cents, note))
    )
    return {
      json: made.map((v) => ({ code: v.code, cents: v.cents })),
      text: [
        `${plural(count, "voucher")} worth ${dollars(cents)} each; each code can be redeemed once:`,
        "",
        ...made.map((v) => `  ${v.code}`)
      ].join("\n")
    }
  }
)

export const creditsAdd: Command<"credits add", Admin.Admin> = Effect.fn("Cli.creditsAdd")(
  function*(values: Values<"credits add">) {
    yield* Input.email(values.email)
    const cents = yield* Input.wholeNumber("cents", values.cents, 1, MAX_GRANT_CENTS)
    const balance = yield* (yield* Admin.Admin).addCredits(values.email, cents)
    return {
      json: { balance_cents: balance.balance_cents, balance_dollars: balance.balance_dollars },
      text: `Added ${dollars(cents)} to ${values.email.trim()}; the balance is now $${balance.balance_dollars}`
        + ` (${balance.balance_cents} cents)`
    }
  }
)

export const profileSet: Command<"profile set", Admin.Admin | FileSystem.FileSystem> = Effect.fn("Cli.profileSet")(
  function*(values: Values<"profile set">) {
    yield* Input.email(values.email)
    const { document, profile } = yield* Input.readProfile(values.file)
    const admin = yield* Admin.Admin
    const user = yield* admin.userByEmail(values.email)
    yield* admin.setProfile(values.email, document)
    const skills = profile.resume.skills?.length ?? 0
    const work = profile.resume.work?.length ?? 0
    return {
      json: { email: user.email, updated: true },
      text: `Updated the profile of ${user.email} (${plural(skills, "skill")}, ${
        plural(work, "work entry", "work entries")
      })`
    }
  }
)

export const jobsSeed: Command<"jobs seed", Admin.Admin | JobStore.JobStore | Transactor.Transactor> = Effect.fn(
  "Cli.jobsSeed"
)(function*(values: Values<"jobs seed">) {
  yield* Input.email(values.email)
  const count = yield* Input.wholeNumber("count", values.count, 1, MAX_SEED)
  const user = yield* (yield* Admin.Admin).userByEmail(values.email)
  const seeded = yield* Seed.seed(user.id, count)
  return {
    json: { created: seeded.created },
    text: `Stored ${seeded.created} synthetic jobs for ${user.email} (${seeded.first_url} to ${seeded.last_url})`
  }
})

const encodeAnalysis = Schema.encodeSync(Analysis.Analysis)

export const analyze: Command<"analyze", PostingSource.PostingSource | Analyzer.Analyzer | FileSystem.FileSystem> =
  Effect.fn("Cli.analyze")(function*(values: Values<"analyze">) {
    const url = yield* JobUrl.check(values.URL)
    const { profile } = yield* Input.readProfile(values.profile)
    const source = yield* PostingSource.PostingSource
    const textFile = values["text-file"]
    const posting = textFile === undefined
      ? yield* source.fetch(url)
      : yield* Effect.flatMap(Input.readPostingText(textFile), (text) =>
        source.read === undefined
          ? Effect.fail(new Errors.FeatureUnavailable({ feature: "Reading posting_text" }))
          : source.read(url, text))
    const analysis = yield* (yield* Analyzer.Analyzer).analyze(posting, profile)
    return {
      json: { url, ...encodeAnalysis(analysis) },
      text: [
        `${analysis.title} at ${analysis.company} (${analysis.location})`,
        `Match ${analysis.match_score}/100, verdict ${analysis.verdict}`,
        `Matching: ${analysis.matching_skills.join(", ") || "-"}`,
        `Missing: ${analysis.missing_skills.join(", ") || "-"}`,
        ...analysis.red_flags.map((flag) => `Red flag (${flag.severity}): ${flag.message}`),
        "",
        analysis.assessment
      ].join("\n")
    }
  })
