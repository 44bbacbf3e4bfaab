import { type Analysis, type Ids, JobStore, Transactor } from "@jobfit/core"
import { Chunk, DateTime, Effect, Option } from "effect"

const titles = [
  "Senior TypeScript Engineer",
  "Backend Developer (Node.js)",
  "Full-Stack Engineer",
  "Platform Engineer",
  "Data Engineer",
  "Site Reliability Engineer",
  "Frontend Engineer (React)",
  "Staff Software Engineer",
  "DevOps Engineer",
  "Machine Learning Engineer",
  "Mobile Developer (React Native)",
  "Engineering Manager",
  "Junior Web Developer"
]
const companies = [
  "Acme Corp",
  "Globex",
  "Initech",
  "Umbrella Labs",
  "Hooli",
  "Stark Industries",
  "Wayne Enterprises",
  "Soylent Systems",
  "Cyberdyne",
  "Tyrell Analytics",
  "Vandelay Industries"
]
const locations = [
  "Remote",
  "Berlin, Germany",
  "London, UK",
  "New York, NY",
  "San Francisco, CA",
  "Amsterdam, Netherlands",
  "Toronto, Canada",
  "Remote (EU)"
]
const skills = [
  "TypeScript",
  "Node.js",
  "React",
  "PostgreSQL",
  "AWS",
  "Docker",
  "Kubernetes",
  "GraphQL",
  "Python",
  "Terraform",
  "Go",
  "Redis",
  "CI/CD",
  "Kafka"
]
const flags: ReadonlyArray<Analysis.RedFlag> = [
  { code: "NO_SALARY", severity: "low", message: "The posting gives no salary range" },
  { code: "UNPAID_TRIAL", severity: "high", message: "The posting asks for an unpaid trial period" },
  { code: "VAGUE_ROLE", severity: "medium", message: "The responsibilities are vague" },
  { code: "ALWAYS_ON", severity: "medium", message: "The posting expects availability outside working hours" }
]

// A small deterministic generator (mulberry32), so that the same n always gives the same job.
const random = (seed: number) => {
  let state = seed >>> 0
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The synthetic analysis of seed job number n; titles, companies, scores and flags vary with n. */
export const analysisOf = (n: number): Analysis.Analysis => {
  const next = random(n * 2654435761)
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]!
  const score = 15 + Math.floor(next() * 84)
  const wanted = skills.filter(() => next() < 0.35)
  const matching = wanted.filter(() => next() < score / 100)
  const missing = wanted.filter((skill) => !matching.includes(skill))
  const verdict = score >= 75 ? "APPLY" : score >= 50 ? "MAYBE" : "SKIP"
  return {
    title: titles[n % titles.length]!,
    company: companies[(n * 7) % companies.length]!,
    location: pick(locations),
    match_score: score,
    verdict,
    matching_skills: matching,
    missing_skills: missing,
    red_flags: flags.filter(() => next() < 0.2),
    assessment:
      `Synthetic seed job ${n}: ${verdict === "APPLY" ? "a strong" : verdict === "MAYBE" ? "a partial" : "a weak"}`
      + ` match (${score}/100), ${matching.length} of ${wanted.length} listed skills in the profile.`,
    analyzer: "jobfit-seed"
  }
}

export const urlOf = (n: number): string => `https://jobs.example.com/seed/${n}`

const BATCH = 250

/**
 * Stores `count` synthetic analysed jobs for a user through the JobStore, numbered after the user's existing jobs
 * so that a second run adds jobs rather than updating the first run's. Every 10th job shares the previous one's
 * analyzed_at (to exercise the id tie-break); every 5th is moved to saved and every 7th to applied.
 */
export const seed = Effect.fn("Seed.seed")(function*(userId: Ids.UserId, count: number) {
  const jobs = yield* JobStore.JobStore
  const { withTransaction } = yield* Transactor.Transactor
  const existing = yield* jobs.list(userId, { status: "all", limit: 1, after: Option.none() })
  let first = existing.total + 1
  while (Option.isSome(yield* jobs.findByUrl(userId, urlOf(first)))) first++
  const now = yield* DateTime.now
  const one = Effect.fnUntraced(function*(index: number) {
    const n = first + index
    const minutesAgo = (index - (index % 10 === 9 ? 1 : 0)) * 53
    const stored = yield* jobs.saveAnalysis(
      userId,
      urlOf(n),
      analysisOf(n),
      DateTime.subtract(now, { minutes: minutesAgo })
    )
    const to = index % 5 === 1 ? "saved" : index % 7 === 3 ? "applied" : undefined
    if (to !== undefined) yield* jobs.setStatus(userId, stored.job.id, "analyzed", to).pipe(Effect.orDie)
  })
  const indexes = Chunk.range(0, count - 1)
  for (const batch of Chunk.chunksOf(indexes, BATCH)) {
    yield* withTransaction(Effect.forEach(batch, one, { discard: true }))
  }
  return { created: count, first_url: urlOf(first), last_url: urlOf(first + count - 1) }
})
