/**
 * One development pair, explained: the analysis the built-in analyzer gives and the label beside it, for tuning.
 * Run: `tsx packages/analyzer/bench/explain.ts <posting-id> [profile-id]`. Refuses held-out postings.
 */
import { Either } from "effect"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { loadCorpus, pairsOf } from "../test/AnalyzerCorpus.js"

const [id, profileId] = process.argv.slice(2)
const corpus = loadCorpus()
const entry = corpus.entries.find((e) => e.id === id)
if (entry === undefined) throw new Error(`no posting ${id}`)
if (entry.part === "heldout") throw new Error(`${id} is held out: tune on the development part only`)
if (Either.isLeft(entry.posting)) throw new Error(`not extracted: ${entry.posting.left}`)
const posting = entry.posting.right
const label = corpus.labels[id!]!
console.log(JSON.stringify({ title: posting.title, company: posting.company, location: posting.location }))
for (const [pid, profile] of corpus.profiles) {
  if (profileId !== undefined && pid !== profileId) continue
  const a = analyzePosting(posting, profile, corpus.now)
  console.log(`\n== ${pid}: label ${JSON.stringify(pairsOf(label)[pid])}`)
  console.log(
    JSON.stringify({
      score: a.match_score,
      verdict: a.verdict,
      matching: a.matching_skills,
      missing: a.missing_skills,
      flags: a.red_flags.map((f) => f.code)
    })
  )
  console.log(JSON.stringify(a.breakdown ?? null))
  console.log(a.assessment)
}
console.log(`\nlabel: ${JSON.stringify({ ...label, pairs: undefined })}`)
