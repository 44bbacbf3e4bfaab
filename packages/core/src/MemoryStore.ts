import { DateTime, Effect, Exit, FiberRef, Layer, Option } from "effect"
import * as Account from "./Account.js"
import * as AccountStore from "./AccountStore.js"
import * as ApiKey from "./ApiKey.js"
import * as Credentials from "./Credentials.js"
import type * as Cursor from "./Cursor.js"
import * as Errors from "./Errors.js"
import * as Idempotency from "./Idempotency.js"
import * as Ids from "./Ids.js"
import * as Job from "./Job.js"
import * as JobStore from "./JobStore.js"
import * as Ledger from "./Ledger.js"
import * as OAuthStore from "./OAuthStore.js"
import type * as Profile from "./Profile.js"
import * as Transactor from "./Transactor.js"
import * as Vouchers from "./Vouchers.js"

type Entry = Omit<Ledger.LedgerEntry, "job_id"> & {
  job_id: Ledger.LedgerEntry["job_id"]
  readonly userId: Ids.UserId
  state: "pending" | "settled" | "refunded" | null
}

/**
 * The stores in memory, for tests and demos only: nothing persists and API keys come from a counter,
 * so they are predictable. Servers use the SQL store. It keeps the store contract's rules (`@jobfit/testing`): every
 * method is suspended, times come from the Clock, emails match in any case, and a transaction's writes are undone
 * when it fails (a nested one's alone when it fails inside). Sessions, reset tokens and passwords are outside
 * transactions.
 */
export const make = () => {
  const users: Array<{ user: Account.User; balance: number; profile: Option.Option<Profile.Profile> }> = []
  const keys: Array<{ key: ApiKey.ApiKey; secret: string }> = []
  const jobs: Array<JobStore.StoredJob & { readonly userId: Ids.UserId }> = []
  const cvs: Array<JobStore.StoredCv & { readonly userId: Ids.UserId }> = []
  const tracked = new Map<number, Job.Tracking>()
  const ledger: Array<Entry> = []
  const codes = new Map<string, { readonly cents: number; redeemed: boolean }>()
  const records = new Map<string, Idempotency.MemoryRecord>()
  const account = (id: Ids.UserId) => users.find((u) => u.user.id === id)!
  const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

  // One writer at a time: a transaction holds the lock until it commits or rolls back, so undoing its writes never
  // undoes another fiber's. Inside a transaction, writes join it.
  const lock = Effect.unsafeMakeSemaphore(1)
  const inTransaction = FiberRef.unsafeMake(false)
  const write = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(FiberRef.get(inTransaction), (inside) => (inside ? effect : lock.withPermits(1)(effect)))

  const snapshot = () => {
    const saved = {
      users: users.map((u) => ({ ...u })),
      keys: keys.map((k) => ({ ...k })),
      jobs: [...jobs],
      cvs: [...cvs],
      tracked: [...tracked],
      ledger: ledger.map((e) => ({ ...e })),
      codes: [...codes].map(([code, v]) => [code, { ...v }] as const),
      records: [...records].map(([key, r]) => [key, { ...r }] as const)
    }
    return () => {
      users.splice(0, users.length, ...saved.users)
      keys.splice(0, keys.length, ...saved.keys)
      jobs.splice(0, jobs.length, ...saved.jobs)
      cvs.splice(0, cvs.length, ...saved.cvs)
      tracked.clear()
      for (const [id, t] of saved.tracked) tracked.set(id, t)
      ledger.splice(0, ledger.length, ...saved.ledger)
      codes.clear()
      for (const [code, v] of saved.codes) codes.set(code, v)
      records.clear()
      for (const [key, r] of saved.records) records.set(key, r)
    }
  }
  const withTransaction = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.flatMap(FiberRef.get(inTransaction), (inside) => {
      const attempt = Effect.suspend(() => {
        const restore = snapshot()
        return Effect.onExit(self, (exit) => (Exit.isSuccess(exit) ? Effect.void : Effect.sync(restore)))
      })
      return inside ? attempt : lock.withPermits(1)(Effect.locally(attempt, inTransaction, true))
    })

  const accounts = AccountStore.AccountStore.of({
    authenticate: (secret) =>
      write(Effect.flatMap(DateTime.now, (now) => {
        const found = keys.find((k) => k.secret === secret && k.key.revoked_at === null)
        if (!found) return Effect.fail(new Errors.InvalidApiKey({ message: "Invalid or revoked API key" }))
        // The last use is written at most once a minute, as the SQL store does.
        const last = found.key.last_used_at
        if (last === null || now.epochMillis - last.epochMillis >= 60_000) {
          found.key = new ApiKey.ApiKey({ ...found.key, last_used_at: now })
        }
        const { id, name, scopes } = found.key
        return Effect.succeed({ user: account(found.key.user_id).user, key: { id, name, scopes } })
      })),
    createUser: ({ email, name }) =>
      write(Effect.suspend(() => {
        if (users.some((u) => sameEmail(u.user.email, email))) return Effect.fail(new Errors.EmailTaken({ email }))
        const user = new Account.User({ id: Ids.UserId.make(users.length + 1), email, name })
        users.push({ user, balance: 0, profile: Option.none() })
        return Effect.succeed(user)
      })),
    findUserByEmail: (email) =>
      Effect.suspend(() => {
        const found = users.find((u) => sameEmail(u.user.email, email))
        return found ? Effect.succeed(found.user) : Effect.fail(new Errors.UserNotFound({ email }))
      }),
    createKey: (userId, { name, scopes }) =>
      write(Effect.map(DateTime.now, (now) => {
        const id = keys.length + 1
        const secret = ApiKey.format(new Uint8Array(32).fill(id))
        const key = new ApiKey.ApiKey({
          id: Ids.ApiKeyId.make(id),
          user_id: userId,
          name,
          scopes,
          prefix: ApiKey.prefixOf(secret),
          created_at: now,
          last_used_at: null,
          revoked_at: null
        })
        keys.push({ key, secret })
        return { apiKey: key, secret }
      })),
    listKeys: (userId) => Effect.sync(() => keys.filter((k) => k.key.user_id === userId).map((k) => k.key)),
    updateKeyScopes: (keyId, scopes) =>
      write(Effect.suspend(() => {
        const found = keys.find((k) => k.key.id === keyId)
        if (!found) return Effect.fail(new Errors.ApiKeyNotFound({ key_id: keyId }))
        found.key = new ApiKey.ApiKey({ ...found.key, scopes })
        return Effect.succeed(found.key)
      })),
    // Suspended, like every method: the state changes when the effect runs, not when it is built.
    revokeKey: (keyId) =>
      write(Effect.flatMap(DateTime.now, (now) => {
        const found = keys.find((k) => k.key.id === keyId)
        if (!found) return Effect.fail(new Errors.ApiKeyNotFound({ key_id: keyId }))
        found.key = new ApiKey.ApiKey({ ...found.key, revoked_at: found.key.revoked_at ?? now })
        return Effect.succeed(found.key)
      })),
    getProfile: (userId) => Effect.sync(() => account(userId).profile),
    setProfile: (userId, profile) =>
      write(Effect.sync(() => {
        account(userId).profile = Option.some(profile)
      }))
  })

  const jobStore = JobStore.JobStore.of({
    list: (userId, query) =>
      Effect.sync(() => {
        const sort = query.sort ?? "date"
        const company = (j: Job.Job) => j.company.toLowerCase()
        // The order of the query's sort, then id desc: what the keyset below continues from.
        const order = (a: Job.Job, b: Job.Job) =>
          (sort === "score"
            ? b.match_score - a.match_score
            : sort === "company"
            ? (company(a) < company(b) ? -1 : company(a) > company(b) ? 1 : 0)
            : b.analyzed_at.epochMillis - a.analyzed_at.epochMillis) || b.id - a.id
        const matching = jobs
          .filter((j) => j.userId === userId && JobStore.matches(query, j.job, tracked.get(j.job.id) ?? Job.untracked))
          .map((j) => j.job)
          .sort(order)
        const rest = Option.match(query.after, {
          onNone: () => matching,
          onSome: (c) => {
            const cursorJob = {
              id: c.id,
              match_score: c.sort === "score" ? c.score : 0,
              company: c.sort === "company" ? c.company : "",
              analyzed_at: DateTime.unsafeMake(c.sort === undefined || c.sort === "date" ? c.analyzedAtMillis : 0)
            } as Job.Job
            return matching.filter((j) => order(cursorJob, j) < 0)
          }
        })
        const page = rest.slice(0, query.limit)
        const last = page[page.length - 1]
        const has_more = rest.length > query.limit
        const next = (job: Job.Job): Cursor.Cursor =>
          sort === "score"
            ? { sort, score: job.match_score, id: job.id }
            : sort === "company"
            ? { sort, company: job.company, id: job.id }
            : { analyzedAtMillis: job.analyzed_at.epochMillis, id: job.id }
        return {
          jobs: page,
          total: matching.length,
          has_more,
          next: has_more && last ? Option.some(next(last)) : Option.none()
        }
      }),
    find: (userId, jobId) =>
      Effect.suspend(() => {
        const found = jobs.find((j) => j.userId === userId && j.job.id === jobId)
        return found ? Effect.succeed(found) : Effect.fail(new Errors.JobNotFound({ job_id: jobId }))
      }),
    findByUrl: (userId, url) =>
      Effect.sync(() => Option.fromNullable(jobs.find((j) => j.userId === userId && j.job.url === url))),
    saveAnalysis: (userId, url, analysis, analyzedAt) =>
      write(Effect.sync(() => {
        const index = jobs.findIndex((j) => j.userId === userId && j.job.url === url)
        const previous = jobs[index]
        const job = new Job.Job({
          id: previous ? previous.job.id : Ids.JobId.make(jobs.length + 1),
          title: analysis.title,
          company: analysis.company,
          location: analysis.location,
          match_score: analysis.match_score,
          verdict: analysis.verdict,
          status: previous ? previous.job.status : "analyzed",
          analyzed_at: analyzedAt,
          url
        })
        const stored = { userId, job, analysis }
        if (previous) jobs[index] = stored
        else jobs.push(stored)
        return stored
      })),
    setStatus: (userId, jobId, from, to) =>
      write(Effect.suspend(() => {
        const index = jobs.findIndex((j) => j.userId === userId && j.job.id === jobId)
        const current = jobs[index]
        if (!current) return Effect.fail(new Errors.JobNotFound({ job_id: jobId }))
        if (current.job.status !== from) return Effect.succeed(Option.none())
        const job = new Job.Job({ ...current.job, status: to })
        jobs[index] = { ...current, job }
        const kept = tracked.get(jobId) ?? Job.untracked
        if (to !== "applied" || kept.applied_on !== null) return Effect.succeed(Option.some(job))
        return Effect.map(Job.today, (day) => {
          tracked.set(jobId, { ...kept, applied_on: day })
          return Option.some(job)
        })
      })),
    tracking: (userId, jobId) =>
      Effect.suspend(() =>
        jobs.some((j) => j.userId === userId && j.job.id === jobId)
          ? Effect.succeed(tracked.get(jobId) ?? Job.untracked)
          : Effect.fail(new Errors.JobNotFound({ job_id: jobId }))
      ),
    track: (userId, jobId, patch) =>
      write(Effect.suspend(() => {
        if (!jobs.some((j) => j.userId === userId && j.job.id === jobId)) {
          return Effect.fail(new Errors.JobNotFound({ job_id: jobId }))
        }
        const next = { ...(tracked.get(jobId) ?? Job.untracked), ...patch }
        tracked.set(jobId, next)
        return Effect.succeed(next)
      })),
    saveCv: (userId, cv) =>
      write(Effect.sync(() => {
        const index = cvs.findIndex((c) => c.job_id === cv.job_id && c.format === cv.format)
        if (index === -1) cvs.push({ ...cv, userId })
        else cvs[index] = { ...cv, userId }
      })),
    findCv: (userId, jobId, format) =>
      Effect.sync(() => {
        const found = cvs.find((c) => c.userId === userId && c.job_id === jobId && c.format === format)
        if (found === undefined) return Option.none()
        const { userId: _, ...cv } = found
        return Option.some(cv)
      })
  })

  const add = (
    at: DateTime.Utc,
    userId: Ids.UserId,
    kind: Entry["kind"],
    amount: number,
    tool: string | null,
    note: string | null = null
  ): Entry => {
    const entry: Entry = {
      id: Ids.LedgerEntryId.make(ledger.length + 1),
      userId,
      kind,
      amount_cents: amount,
      tool,
      job_id: null,
      note,
      created_at: at,
      state: kind === "charge" ? "pending" : null
    }
    ledger.push(entry)
    account(userId).balance += amount
    return entry
  }

  const ledgerStore = Ledger.Ledger.of({
    balance: (userId) => Effect.sync(() => account(userId).balance),
    grant: (userId, cents, note) =>
      write(Effect.map(DateTime.now, (now) => {
        add(now, userId, "grant", cents, null, note)
        return account(userId).balance
      })),
    charge: (userId, cents, tool) =>
      write(Effect.flatMap(DateTime.now, (now) => {
        const available = account(userId).balance
        return available < cents
          ? Effect.fail(new Errors.InsufficientCredits({ required_credits: cents, available_credits: available }))
          : Effect.succeed(add(now, userId, "charge", -cents, tool).id)
      })),
    settle: (chargeId, jobId) =>
      write(Effect.sync(() => {
        const entry = ledger.find((e) => e.id === chargeId)!
        if (entry.state !== "pending") return
        entry.state = "settled"
        entry.job_id = Option.getOrNull(jobId)
      })),
    refund: (chargeId) =>
      write(Effect.map(DateTime.now, (now) => {
        const entry = ledger.find((e) => e.id === chargeId)!
        if (entry.state !== "pending") return
        entry.state = "refunded"
        add(now, entry.userId, "refund", -entry.amount_cents, entry.tool)
      })),
    refundStale: (cutoff) =>
      write(Effect.map(DateTime.now, (now) => {
        const stale = ledger.filter((e) => e.state === "pending" && e.created_at.epochMillis < cutoff.epochMillis)
        for (const entry of stale) {
          entry.state = "refunded"
          add(now, entry.userId, "refund", -entry.amount_cents, entry.tool)
        }
        return stale.length
      })),
    entries: (userId, { before, limit }) =>
      Effect.sync(() => {
        const key = (e: Entry) => [e.created_at.epochMillis, e.id] as const
        const older = (e: Entry) => {
          if (before === undefined) return true
          const [at, id] = key(e)
          return at < before.at.epochMillis || (at === before.at.epochMillis && id < before.id)
        }
        return ledger
          .filter((e) => e.userId === userId && older(e))
          .sort((a, b) => b.created_at.epochMillis - a.created_at.epochMillis || b.id - a.id)
          .slice(0, limit)
      })
  })

  const passwords = new Map<Ids.UserId, string>()
  const sessions = new Map<string, { readonly userId: Ids.UserId; readonly expiresAt: DateTime.Utc }>()
  const resets = new Map<string, { readonly userId: Ids.UserId; readonly expiresAt: DateTime.Utc }>()
  let tokens = 0
  const token = (kind: string) => `${kind}-${++tokens}`
  const live = (expiresAt: DateTime.Utc) => Effect.map(DateTime.now, (now) => DateTime.lessThan(now, expiresAt))

  const credentials = Credentials.Credentials.of({
    findLogin: (email) =>
      Effect.sync(() =>
        Option.map(
          Option.fromNullable(users.find((u) => u.user.email.toLowerCase() === email.toLowerCase())),
          (u) => ({ user: u.user, passwordHash: Option.fromNullable(passwords.get(u.user.id)) })
        )
      ),
    setPasswordHash: (userId, hash) => Effect.sync(() => void passwords.set(userId, hash)),
    createSession: (userId, expiresAt) =>
      Effect.sync(() => {
        const t = token("session")
        sessions.set(t, { userId, expiresAt })
        return t
      }),
    findSession: (t) =>
      Effect.suspend(() => {
        const found = sessions.get(t)
        if (found === undefined) return Effect.succeed(Option.none())
        return Effect.map(live(found.expiresAt), (ok) => (ok ? Option.some(account(found.userId).user) : Option.none()))
      }),
    deleteSession: (t) => Effect.sync(() => void sessions.delete(t)),
    deleteSessionsOf: (userId) =>
      Effect.sync(() => {
        for (const [t, s] of sessions) if (s.userId === userId) sessions.delete(t)
      }),
    createResetToken: (userId, expiresAt) =>
      Effect.sync(() => {
        const t = token("reset")
        resets.set(t, { userId, expiresAt })
        return t
      }),
    consumeResetToken: (t) =>
      Effect.suspend(() => {
        const found = resets.get(t)
        if (found === undefined) return Effect.succeed(Option.none())
        resets.delete(t)
        return Effect.map(live(found.expiresAt), (ok) => (ok ? Option.some(found.userId) : Option.none()))
      })
  })

  // Codes from a counter, like the keys: predictable, and distinct for as many as a test makes.
  const codeBytes = (n: number) => {
    const bytes = new Uint8Array(10).fill(0x5a)
    new DataView(bytes.buffer).setUint32(6, n)
    return bytes
  }
  const vouchers = Vouchers.Vouchers.of({
    create: (cents) =>
      Effect.sync(() => {
        const code = Vouchers.format(codeBytes(codes.size + 1))
        codes.set(code, { cents, redeemed: false })
        return { code, cents }
      }),
    // Suspended, so the claim happens when the effect runs, not when it is made.
    redeem: (userId, typed) =>
      write(Effect.flatMap(DateTime.now, (now) => {
        const code = Vouchers.normalize(typed)
        const found = codes.get(code)
        if (found === undefined || found.redeemed) return Effect.fail(new Errors.VoucherInvalid())
        found.redeemed = true
        add(now, userId, "grant", found.cents, null, `voucher ${code.slice(0, 7)}…`)
        return Effect.succeed({ cents: found.cents, balance_cents: account(userId).balance })
      }))
  })

  // The OAuth server's state sits outside transactions, like sessions: no caller writes it inside one.
  const clients = new Map<string, OAuthStore.OAuthClient>()
  const grantCodes = new Map<
    string,
    { readonly grant: OAuthStore.CodeGrant; readonly expiresAt: DateTime.Utc; used: boolean }
  >()
  const pairs: Array<
    {
      readonly id: number
      readonly grant: OAuthStore.TokenGrant
      readonly createdAt: DateTime.Utc
      readonly fromCode: string | undefined
      access: string
      accessExpires: DateTime.Utc
      refresh: string
      refreshExpires: DateTime.Utc
      revoked: boolean
      /** The refresh tokens rotated out, each kept as long as the one that replaced it lives: reuse means theft. */
      rotated: Array<{ readonly token: string; readonly at: DateTime.Utc; readonly expires: DateTime.Utc }>
    }
  > = []
  const tokenPair = () => ({
    access_token: `${OAuthStore.ACCESS_PREFIX}${token("access")}`,
    refresh_token: `${OAuthStore.REFRESH_PREFIX}${token("refresh")}`
  })
  const oauth = OAuthStore.OAuthStore.of({
    registerClient: (input) =>
      Effect.map(DateTime.now, (now) => {
        const client = {
          client_id: `jf_client_${clients.size + 1}`,
          client_name: input.client_name,
          redirect_uris: [...input.redirect_uris],
          created_at: now
        }
        clients.set(client.client_id, client)
        return client
      }),
    findClient: (clientId) => Effect.sync(() => Option.fromNullable(clients.get(clientId))),
    createCode: (grant, expiresAt) =>
      Effect.sync(() => {
        const code = token("code")
        grantCodes.set(code, { grant, expiresAt, used: false })
        return code
      }),
    redeemCode: (code) =>
      Effect.suspend(() => {
        const found = grantCodes.get(code)
        if (found === undefined) return Effect.succeed(Option.none())
        return Effect.flatMap(live(found.expiresAt), (ok) => {
          if (!ok) return Effect.succeed(Option.none())
          if (!found.used) {
            found.used = true
            return Effect.succeed(Option.some(found.grant))
          }
          const issued = pairs.filter((p) => p.fromCode === code && !p.revoked)
          for (const pair of issued) pair.revoked = true
          return Effect.as(issued.length > 0 ? OAuthStore.logCodeReuse : Effect.void, Option.none())
        })
      }),
    issueTokens: (grant, expires, fromCode) =>
      Effect.map(DateTime.now, (now) => {
        const made = tokenPair()
        pairs.push({
          id: pairs.length + 1,
          grant,
          createdAt: now,
          fromCode,
          access: made.access_token,
          accessExpires: expires.access,
          refresh: made.refresh_token,
          refreshExpires: expires.refresh,
          revoked: false,
          rotated: []
        })
        return made
      }),
    refresh: (refreshToken, clientId, expires) =>
      Effect.flatMap(DateTime.now, (now) => {
        const pair = pairs.find((p) =>
          p.refresh === refreshToken && p.grant.client_id === clientId && !p.revoked &&
          DateTime.lessThan(now, p.refreshExpires)
        )
        if (pair === undefined) {
          const reused = pairs.find((p) =>
            p.rotated.some((r) =>
              r.token === refreshToken && DateTime.lessThan(now, r.expires) &&
              DateTime.greaterThan(now, DateTime.addDuration(r.at, OAuthStore.REUSE_GRACE))
            )
          )
          if (reused === undefined || reused.revoked) return Effect.succeed(Option.none())
          reused.revoked = true
          return Effect.as(OAuthStore.logReuse(reused.id), Option.none())
        }
        const made = tokenPair()
        pair.rotated = pair.rotated.filter((r) => DateTime.lessThan(now, r.expires))
        pair.rotated.push({ token: pair.refresh, at: now, expires: expires.refresh })
        pair.access = made.access_token
        pair.accessExpires = expires.access
        pair.refresh = made.refresh_token
        pair.refreshExpires = expires.refresh
        return Effect.succeed(Option.some({ ...made, grant: pair.grant }))
      }),
    authenticate: (accessToken) =>
      Effect.map(DateTime.now, (now) => {
        const pair = pairs.find((p) =>
          p.access === accessToken && !p.revoked && DateTime.lessThan(now, p.accessExpires)
        )
        const client = pair === undefined ? undefined : clients.get(pair.grant.client_id)
        return pair === undefined || client === undefined ? Option.none() : Option.some({
          user: account(pair.grant.user_id).user,
          grant: { ...pair.grant, id: pair.id, client_name: client.client_name }
        })
      }),
    revoke: (t) =>
      Effect.sync(() => {
        for (const pair of pairs) if (pair.access === t || pair.refresh === t) pair.revoked = true
      }),
    connections: (userId) =>
      Effect.map(DateTime.now, (now) =>
        pairs
          .filter((p) => p.grant.user_id === userId && !p.revoked && DateTime.lessThan(now, p.refreshExpires))
          .map((p) => ({
            id: p.id,
            client_name: clients.get(p.grant.client_id)?.client_name ?? "",
            scopes: p.grant.scopes,
            created_at: p.createdAt
          }))
          .reverse()),
    disconnect: (userId, grantId) =>
      Effect.sync(() => {
        const pair = pairs.find((p) => p.id === grantId && p.grant.user_id === userId && !p.revoked)
        if (pair === undefined) return false
        pair.revoked = true
        return true
      })
  })

  const layer = Layer.mergeAll(
    Layer.succeed(OAuthStore.OAuthStore, oauth),
    Layer.succeed(Credentials.Credentials, credentials),
    Layer.succeed(Vouchers.Vouchers, vouchers),
    Layer.succeed(AccountStore.AccountStore, accounts),
    Layer.succeed(JobStore.JobStore, jobStore),
    Layer.succeed(Ledger.Ledger, ledgerStore),
    Layer.succeed(Transactor.Transactor, Transactor.Transactor.of({ withTransaction })),
    Layer.succeed(Idempotency.IdempotencyStore, Idempotency.memory(records, write))
  )
  return { layer, ledger, jobs }
}

/** A fresh in-memory store each time the layer is built. */
export const layer = Layer.unwrapEffect(Effect.sync(() => make().layer))
