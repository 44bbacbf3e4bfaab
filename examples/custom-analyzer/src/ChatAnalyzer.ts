import { Analysis, Analyzer, Errors, type Posting, type Profile } from "@jobfit/core"
import { Effect, Layer, Redacted, Schema } from "effect"

/** Where the model is and how long to wait for it. */
export interface Options {
  /** The API's base address, such as `https://api.openai.com` or a local server's `http://127.0.0.1:11434`. */
  readonly baseUrl: string
  readonly model: string
  readonly apiKey?: Redacted.Redacted<string> | undefined
  /** Default 30 seconds. */
  readonly timeoutMs?: number | undefined
  /** Verdict thresholds; default APPLY at 75, MAYBE at 50, as the built-in analyzer. */
  readonly thresholds?: { readonly apply: number; readonly maybe: number } | undefined
}

const instructions = `You compare a job posting with a candidate's resume. Answer with one JSON object:
{"match_score": integer 0-100, "matching_skills": [skills the posting asks for that the resume shows],
"missing_skills": [skills the posting asks for that the resume lacks], "red_flags": [{"code": UPPER_SNAKE_CASE,
"severity": "low"|"medium"|"high", "message": one sentence, "evidence": the posting's words}],
"assessment": two or three sentences on the fit}. Flag scams (upfront fees, payment in gift cards or crypto,
contact only by messenger) as high.`

/** What the model must answer; anything else is refused rather than guessed at. */
const Reply = Schema.parseJson(Schema.Struct({
  match_score: Schema.Number,
  matching_skills: Schema.Array(Schema.String),
  missing_skills: Schema.Array(Schema.String),
  red_flags: Schema.Array(Analysis.RedFlag),
  assessment: Schema.String
}))

const Completion = Schema.Struct({
  choices: Schema.NonEmptyArray(Schema.Struct({ message: Schema.Struct({ content: Schema.String }) }))
})

const decodeCompletion = Schema.decodeUnknown(Schema.compose(
  Completion,
  Schema.Struct({ choices: Schema.NonEmptyArray(Schema.Struct({ message: Schema.Struct({ content: Reply }) })) })
))

/** Skills compared without case, as one word or phrase. */
const key = (skill: string) => skill.trim().toLowerCase()

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Whether the resume's own text names the skill: a model may claim skills the candidate never wrote down. */
const names = (resumeText: string, skill: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escape(key(skill))}($|[^\\p{L}\\p{N}])`, "u").test(resumeText)

const unique = (skills: ReadonlyArray<string>): Array<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const skill of skills.map((s) => s.trim())) {
    if (skill !== "" && !seen.has(key(skill))) {
      seen.add(key(skill))
      out.push(skill)
    }
  }
  return out
}

// The reason goes to the log; the caller hears that analysis is unavailable (503), and the charge is refunded.
const unavailable = (why: string) =>
  Effect.zipRight(
    Effect.logWarning("chat analyzer failed").pipe(Effect.annotateLogs({ why })),
    Effect.fail(new Errors.FeatureUnavailable({ feature: "Job analysis" }))
  )

/** A flag code in the catalogue's form (UPPER_SNAKE), whatever case the model used. */
const flagCode = (code: string) => {
  const upper = code.trim().toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_+|_+$/g, "")
  return /^[A-Z]/.test(upper) ? upper : `FLAG_${upper}`.replace(/_$/, "")
}

/** The model's answer made to keep the analyzer contract: skills the resume names, a whole score, our verdict. */
export const toAnalysis = (
  posting: Posting.Posting,
  profile: Profile.Profile,
  reply: typeof Reply.Type,
  options: Pick<Options, "model" | "thresholds">
): Analysis.Analysis => {
  const resumeText = JSON.stringify(profile.resume).toLowerCase()
  const matching = unique(reply.matching_skills).filter((skill) => names(resumeText, skill))
  const matched = new Set(matching.map(key))
  const missing = unique([...reply.missing_skills, ...reply.matching_skills.filter((s) => !names(resumeText, s))])
    .filter((skill) => !matched.has(key(skill)))
  const score = Math.min(100, Math.max(0, Math.round(Number.isFinite(reply.match_score) ? reply.match_score : 0)))
  const thresholds = options.thresholds ?? { apply: 75, maybe: 50 }
  const verdict = reply.red_flags.some((flag) => flag.severity === "high")
    ? "SKIP"
    : score >= thresholds.apply
    ? "APPLY"
    : score >= thresholds.maybe
    ? "MAYBE"
    : "SKIP"
  return {
    title: posting.title,
    company: posting.company,
    location: posting.location,
    match_score: score,
    verdict,
    matching_skills: matching,
    missing_skills: missing,
    red_flags: reply.red_flags.map((flag) => ({ ...flag, code: flagCode(flag.code) })),
    assessment: reply.assessment.trim() || "The model gave no assessment.",
    analyzer: `chat:${options.model}`
  }
}

/** An Analyzer that asks an OpenAI-compatible `/v1/chat/completions` endpoint. */
export const layer = (options: Options): Layer.Layer<Analyzer.Analyzer> =>
  Layer.succeed(
    Analyzer.Analyzer,
    Analyzer.Analyzer.of({
      analyze: Effect.fn("ChatAnalyzer.analyze")(function*(posting: Posting.Posting, profile: Profile.Profile) {
        const body = JSON.stringify({
          model: options.model,
          temperature: 0,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: instructions },
            {
              role: "user",
              content: JSON.stringify({
                posting: { title: posting.title, company: posting.company, description: posting.description },
                resume: profile.resume
              })
            }
          ]
        })
        const response = yield* Effect.tryPromise({
          try: (signal) =>
            fetch(`${options.baseUrl.replace(/\/+$/, "")}/v1/chat/completions`, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${Redacted.value(options.apiKey)}` })
              },
              body,
              signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs ?? 30_000)])
            }).then(async (r) => ({ status: r.status, json: r.ok ? await r.json() : undefined })),
          catch: (cause) => cause
        }).pipe(Effect.catchAll((cause) => unavailable(`request failed: ${String(cause)}`)))
        if (response.status !== 200) return yield* unavailable(`the endpoint answered ${response.status}`)
        const completion = yield* decodeCompletion(response.json).pipe(
          Effect.catchAll((error) => unavailable(`unexpected answer: ${error.message}`))
        )
        return toAnalysis(posting, profile, completion.choices[0].message.content, options)
      })
    })
  )
