/**
 * The built-in analyzer on 50 real postings (`../shared/realworld`): analysed without failure, header fields
 * against the ground truth, skills found, red flags, and scam precision/recall on the EMSCAD rows.
 * Run: `pnpm bench:realworld [--verbose] [--skills]`; `--skills` lists each posting's skills with their quotes. See test/RealWorldSet.ts for how each file is served.
 */
import { loadCorpus } from "../test/AnalyzerCorpus.js"
import { available, runRealWorld } from "../test/RealWorldSet.js"

const out = (line: string) => process.stdout.write(`${line}\n`)
if (!available()) {
  out("../shared/realworld is not beside this repository: nothing to measure")
  process.exit(1)
}
const corpus = loadCorpus()
const results = await runRealWorld(corpus.profiles, corpus.now)
const mark = (ok: boolean | undefined) => ok === undefined ? "–" : ok ? "✓" : "✗"
out("posting                                              kind        ok  title company location skills flags")
for (const r of results) {
  const first = r.analyses[0]?.[1]
  const skills = first?.evidence?.length ?? 0
  const flags = first?.red_flags.map((f) => `${f.code}:${f.severity}`).join(",") ?? ""
  out(
    `${r.id.padEnd(52)} ${r.kind.padEnd(11)} ${r.posting._tag === "Right" ? "✓" : "✗"}   ${mark(r.title)}     ${
      mark(r.company)
    }       ${mark(r.location)}        ${String(skills).padStart(3)}    ${flags}`
  )
}
if (process.argv.includes("--skills")) {
  for (const r of results) {
    const first = r.analyses[0]?.[1]
    out(`\n${r.id}: ${first?.title ?? "(not analysed)"}`)
    for (const e of first?.evidence ?? []) out(`  ${e.importance.padEnd(9)} ${e.skill}: ${e.quote.slice(0, 140)}`)
  }
  out("")
}
const count = (pick: (r: (typeof results)[number]) => boolean | undefined) => {
  const scored = results.map(pick).filter((v) => v !== undefined)
  return { hit: scored.filter((v) => v).length, total: scored.length }
}
const show = (t: { hit: number; total: number }) =>
  `${t.hit}/${t.total} (${(100 * t.hit / Math.max(1, t.total)).toFixed(1)}%)`
const analysed = results.filter((r) => r.posting._tag === "Right").length
const stated = results.filter((r) => r.title !== undefined || r.location !== undefined)
const bothExact = stated.filter((r) => r.title !== false && r.location !== false).length
out("")
out(`analysed without failure   ${analysed}/${results.length}`)
out(`title exact                ${show(count((r) => r.title))}`)
out(`company exact (stated)     ${show(count((r) => r.company))}`)
out(`location exact (stated)    ${show(count((r) => r.location))}`)
out(`title and location exact   ${show({ hit: bothExact, total: stated.length })} of the postings that state them`)
const emscad = results.filter((r) => r.kind === "text")
const tp = emscad.filter((r) => r.truth.is_scam === true && r.scamFlagged).length
const fp = emscad.filter((r) => r.truth.is_scam === false && r.scamFlagged).length
const fn = emscad.filter((r) => r.truth.is_scam === true && !r.scamFlagged).length
out(
  `EMSCAD scams (39-50)       precision ${tp + fp === 0 ? "n/a" : (tp / (tp + fp)).toFixed(2)} (${tp}/${tp + fp}), ` +
    `recall ${(tp / Math.max(1, tp + fn)).toFixed(2)} (${tp}/${
      tp + fn
    }); flagged = a scam sign of medium or high severity`
)
const times = results.map((r) => r.ms).sort((a, b) => a - b)
out(
  `time per posting           median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(1)} ms, max ${
    (times.at(-1) ?? 0).toFixed(1)
  } ms (fetch, extraction and ${corpus.profiles.length} analyses)`
)
if (process.argv.includes("--verbose")) {
  out("")
  for (const r of results) {
    if (r.posting._tag === "Left") out(`${r.id}: FAILED: ${r.posting.left}`)
    else {
      const p = r.posting.right
      if (r.title === false) out(`${r.id}: title: expected "${r.truth.title}", got "${p.title}"`)
      if (r.company === false) out(`${r.id}: company: expected "${r.truth.company}", got "${p.company}"`)
      if (r.location === false) out(`${r.id}: location: expected "${r.truth.location}", got "${p.location}"`)
    }
  }
}
