import { Effect } from "effect"
import * as http from "node:http"

/** What the fake endpoint was sent, for assertions. */
export interface Received {
  readonly authorization: string | undefined
  readonly body: {
    readonly model: string
    readonly response_format: unknown
    readonly messages: ReadonlyArray<{ readonly content: string }>
  }
}

const vocabulary = ["Go", "Python", "PostgreSQL", "Docker", "Kubernetes", "TypeScript", "Java", "Epic", "BLS", "ACLS"]

const mentions = (text: string, skill: string) => new RegExp(`\\b${skill}\\b`, "i").test(text)

/**
 * A stand-in for an OpenAI-compatible chat endpoint, on 127.0.0.1: it "reads" the posting and the resume the way a
 * model would be asked to, with plain word matching, so its answers are deterministic. `mode` makes it misbehave.
 */
export const answer = (request: Received["body"]): string => {
  const input = JSON.parse(request.messages[1]!.content) as {
    posting: { description: string }
    resume: unknown
  }
  const asked = vocabulary.filter((skill) => mentions(input.posting.description, skill))
  const resume = JSON.stringify(input.resume)
  const matching = asked.filter((skill) => mentions(resume, skill))
  const scam = /starter kit|telegram/i.test(input.posting.description)
  return JSON.stringify({
    match_score: asked.length === 0 ? 40 : (100 * matching.length) / asked.length,
    // A model may claim a skill the resume lacks; the analyzer must not pass that on.
    matching_skills: [...matching, ...(asked.length > 0 ? ["Rust"] : [])],
    missing_skills: asked.filter((skill) => !matching.includes(skill)),
    red_flags: scam
      ? [{ code: "upfront_fee", severity: "high", message: "Asks for money before work", evidence: "starter kit" }]
      : [],
    assessment: `${matching.length} of ${asked.length} skills the posting names are in the resume.`
  })
}

export type Mode = "ok" | "error" | "garbage"

/** Serves the fake for the scope; gives its base URL, what it received, and a switch for its behaviour. */
export const serve = Effect.acquireRelease(
  Effect.async<{ server: http.Server; baseUrl: string; received: Array<Received>; mode: { current: Mode } }>(
    (resume) => {
      const received: Array<Received> = []
      const mode = { current: "ok" as Mode }
      const server = http.createServer((req, res) => {
        let text = ""
        req.on("data", (chunk) => (text += chunk))
        req.on("end", () => {
          const body = JSON.parse(text) as Received["body"]
          received.push({ authorization: req.headers.authorization, body })
          if (req.url !== "/v1/chat/completions" || mode.current === "error") {
            res.writeHead(mode.current === "error" ? 500 : 404).end()
            return
          }
          const content = mode.current === "garbage" ? "I think it is a good fit!" : answer(body)
          res.writeHead(200, { "content-type": "application/json" })
          res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }))
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed({ server, baseUrl: `http://127.0.0.1:${port}`, received, mode }))
      })
    }
  ),
  ({ server }) => Effect.async<void>((resume) => void server.close(() => resume(Effect.void)))
)
