import type { Analysis, Job } from "@jobfit/core"
import { fnv1a, pick } from "./Hash.js"
import * as P from "./Phrases.js"

/** The facts an assessment may state; it states nothing else. */
export interface AssessmentFacts {
  readonly score: number
  readonly verdict: Job.Verdict
  readonly matchingRequired: ReadonlyArray<string>
  readonly matchingPreferred: ReadonlyArray<string>
  readonly missingRequired: ReadonlyArray<string>
  readonly missingPreferred: ReadonlyArray<string>
  readonly redFlags: ReadonlyArray<Analysis.RedFlag>
  readonly breakdown: ReadonlyArray<Analysis.ScoreFactor>
  /** Hard requirements the profile does not show, each with the posting's sentence. */
  readonly missingGates?: ReadonlyArray<{ readonly what: string; readonly quote: string }>
}

/** "A", "A and B", "A, B and C", "A, B, C and 2 more". */
export const listOf = (items: ReadonlyArray<string>, max = 4): string => {
  if (items.length > max) return `${items.slice(0, max - 1).join(", ")} and ${items.length - max + 1} more`
  if (items.length <= 1) return items.join("")
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`
}

const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1)

const FACTOR_NAMES: Readonly<Record<string, string>> = {
  experience: "experience",
  seniority: "seniority",
  location: "location",
  salary: "salary"
}

/** A short paragraph built only from the analysis: fit, strengths, gaps, other factors, risks and advice. */
export const writeAssessment = (facts: AssessmentFacts): string => {
  const hash = fnv1a(JSON.stringify(facts))
  const high = facts.redFlags.filter((f) => f.severity === "high")
  const medium = facts.redFlags.filter((f) => f.severity === "medium")
  const low = facts.redFlags.filter((f) => f.severity === "low")
  const flagged = high.length > 0
  const score = String(facts.score)
  const out: Array<string> = []
  const skillsKnown = facts.matchingRequired.length + facts.missingRequired.length + facts.matchingPreferred.length +
      facts.missingPreferred.length > 0
  const opening = flagged && facts.score >= 50
    ? P.OPENING.FLAGGED
    : !skillsKnown && facts.verdict !== "APPLY"
    ? P.OPENING.UNKNOWN
    : P.OPENING[facts.verdict]
  out.push(fill(pick(hash, 0, opening), { score }))
  const askedAny = facts.matchingRequired.length + facts.missingRequired.length > 0
  if (facts.matchingRequired.length > 0) {
    out.push(fill(pick(hash, 1, P.STRENGTHS), { list: listOf(facts.matchingRequired) }))
  } else out.push(pick(hash, 1, askedAny ? P.NO_MATCH : P.NO_SKILLS))
  if (facts.matchingPreferred.length > 0) {
    out.push(fill(pick(hash, 2, P.PREFERRED_STRENGTHS), { list: listOf(facts.matchingPreferred, 3) }))
  }
  if (facts.missingRequired.length > 0) {
    const one = facts.missingRequired.length === 1
    out.push(
      fill(pick(hash, 3, P.GAPS), {
        list: listOf(facts.missingRequired),
        gap: one ? "gap" : "gaps",
        are: one ? "is" : "are"
      })
    )
  } else if (facts.missingPreferred.length > 0) {
    out.push(fill(pick(hash, 3, P.PREFERRED_GAPS), { list: listOf(facts.missingPreferred, 3) }))
  }
  const gates = facts.missingGates ?? []
  if (gates.length > 0) {
    const [first, ...rest] = gates
    out.push(fill(pick(hash, 8, P.GATE), { what: first!.what, quote: first!.quote }))
    if (rest.length > 0) {
      out.push(`It also asks for ${listOf(rest.map((g) => `${g.what} ("${g.quote}")`), rest.length)}.`)
    }
  }
  const weak = facts.breakdown
    .filter((f) => f.weight > 0 && f.score < 0.6 && FACTOR_NAMES[f.factor] !== undefined)
    .slice(0, 2)
  weak.forEach((f, i) => {
    const name = FACTOR_NAMES[f.factor] ?? f.factor
    const template = pick(hash, 4 + i, P.FACTOR)
    out.push(fill(template, { factor: name, Factor: name.charAt(0).toUpperCase() + name.slice(1), detail: f.detail }))
  })
  if (high.length + medium.length > 0) {
    const risks = [...high, ...medium].map((f) => lowerFirst(f.message))
    out.push(fill(pick(hash, 6, P.RISKS), { list: listOf(risks, 3) }))
  } else if (low.length > 0) {
    out.push(fill(pick(hash, 6, P.MINOR), { list: listOf(low.map((f) => lowerFirst(f.message)), 2) }))
  }
  out.push(advice(facts, hash, flagged))
  return out.join(" ")
}

const advice = (facts: AssessmentFacts, hash: number, flagged: boolean): string => {
  if (flagged) return pick(hash, 7, P.ADVICE.FLAGGED)
  if (facts.verdict === "APPLY") {
    const top = facts.matchingRequired.slice(0, 2)
    return top.length > 0
      ? fill(pick(hash, 7, P.ADVICE.APPLY), { top: listOf(top) })
      : pick(hash, 7, P.ADVICE.APPLY_PLAIN)
  }
  if (facts.verdict === "MAYBE") {
    const gap = facts.missingRequired.slice(0, 2)
    return gap.length > 0
      ? fill(pick(hash, 7, P.ADVICE.MAYBE), { gap: listOf(gap) })
      : pick(hash, 7, P.ADVICE.MAYBE_PLAIN)
  }
  return pick(hash, 7, P.ADVICE.SKIP)
}
