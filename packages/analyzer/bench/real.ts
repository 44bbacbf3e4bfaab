/**
 * The built-in analyzer on real postings written and labelled by people outside the project, in one run:
 * - skills on SkillSpan's dev and train splits (the metric of ../shared/realdata/README.md) beside the naive lookup;
 * - medium and high red flags on every legitimate real posting (SkillSpan's 198 and the realworld set's);
 * - verdicts against the labellers' (test/fixtures/real/labels), with the labellers' agreement beside them;
 * - the real board pages through the bookmarklet and pasted, against a fetch (test/bench/board-pages.ts, run from
 *   here: it drives Chromium, which this package does not depend on).
 * Tune on train, report dev. Run: `pnpm bench:real [--misses] [--flags] [--pairs] [--explain <train id> <profile>]`.
 * `--misses` and `--explain` read train postings only: dev is what the figures report.
 */
import { execFileSync } from "node:child_process"
import { runReal, verdictReport } from "../test/RealSet.js"

const out = (line: string) => process.stdout.write(`${line}\n`)
const show = (n: number) => n.toFixed(3)
const pct = (hit: number, total: number) => `${hit}/${total} (${(100 * hit / Math.max(1, total)).toFixed(1)}%)`

const run = await runReal()
if (run === undefined) {
  out("../shared/realdata is not beside this repository: nothing to measure")
  process.exit(1)
}

const explain = process.argv.indexOf("--explain")
if (explain >= 0) {
  const [id, profile] = [process.argv[explain + 1] ?? "", process.argv[explain + 2] ?? ""]
  const found = run.analysed.find((a) => a.posting.id === id && a.posting.split === "train")
  const analysis = found?.analyses.get(profile)
  if (analysis === undefined) out(`no train posting ${id} analysed for ${profile}`)
  else {
    out(`${id} × ${profile}: ${analysis.verdict} ${analysis.match_score}`)
    for (const f of analysis.breakdown ?? []) out(`  ${f.factor} ${f.weight} × ${f.score}: ${f.detail}`)
    for (const e of analysis.evidence ?? []) {
      out(`  ${e.importance} ${e.matched ? "✓" : "✗"} ${e.skill}: ${e.quote.slice(0, 100)}`)
    }
    for (const f of analysis.red_flags) out(`  flag ${f.code}:${f.severity} ${f.evidence ?? ""}`)
  }
  process.exit(0)
}

out("skills (SkillSpan, document-level soft metric)   precision  recall   F1")
for (const line of run.skills) {
  out(
    `  ${line.split.padEnd(6)} ${line.who.padEnd(38)} ${show(line.score.precision)}     ${show(line.score.recall)}   ${
      show(line.score.f1)
    }`
  )
}
if (process.argv.includes("--misses")) {
  const dev = run.skills.find((l) => l.split === "train" && l.who === "built-in")
  out("\ntrain: found, not in a gold span")
  for (const fp of dev?.score.falsePositives ?? []) out(`  ${fp}`)
  out("\ntrain: gold knowledge spans missed")
  for (const m of dev?.score.missed ?? []) out(`  ${m}`)
}

out("")
out("red flags of medium or high severity on legitimate real postings")
for (const f of run.flags) out(`  ${f.set.padEnd(28)} ${pct(f.flagged.length, f.total)}`)
const all = run.flags.reduce((a, f) => ({ hit: a.hit + f.flagged.length, total: a.total + f.total }), {
  hit: 0,
  total: 0
})
out(`  ${"all".padEnd(28)} ${pct(all.hit, all.total)}`)
if (process.argv.includes("--flags")) {
  for (const f of run.flags) for (const line of f.flagged) out(`    ${line}`)
}
out(`  EMSCAD scams flagged         ${pct(run.scams.flagged.length, run.scams.total)}`)

out("")
const verdicts = verdictReport(run)
if (verdicts.length === 0) out("verdicts: no labels in test/fixtures/real/labels")
for (const v of verdicts) {
  out(`verdicts, ${v.split} (${v.pairs} pairs both labellers judged)`)
  out(`  labellers agree with each other       ${pct(v.labellersAgree, v.pairs)}`)
  out(`  analyzer agrees with the labellers    ${pct(v.agree, v.labellersAgree)} of the pairs they agree on`)
  for (const verdict of ["APPLY", "MAYBE", "SKIP"] as const) {
    const r = v.recall[verdict]
    out(`  ${verdict} recall                         ${pct(r.hit, r.total)}`)
  }
  out(`  score inside a labeller's band        ${pct(v.inBand, v.pairs)}`)
  out(
    `  pairs a labeller calls APPLY or MAYBE  ${v.open.pairs}: labellers agree ${
      pct(v.open.labellersAgree, v.open.pairs)
    }, ` +
      `analyzer agrees ${pct(v.open.agree, v.open.labellersAgree)} of those`
  )
  if (process.argv.includes("--pairs")) { for (const line of v.wrong) out(`    ${line}`) }
}
if (!process.argv.includes("--no-pages")) {
  execFileSync("pnpm", ["exec", "tsx", "test/bench/board-pages.ts"], {
    cwd: new URL("../../../", import.meta.url),
    stdio: "inherit"
  })
}
