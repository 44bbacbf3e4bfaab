/**
 * Throughput of the built-in analyzer (match + score + red flags + assessment) on ~10 KB postings, on one core,
 * against a naive baseline measured in the same run: lower-cased substring search for every taxonomy term.
 * Run: `tsx packages/analyzer/bench/speed.ts [seconds per measurement, default 3]`.
 *
 * `--base DIR [--rounds N]`: this checkout's analyzer against the one in DIR (another checkout, such as a `git
 * worktree` of an older commit, whose dependencies resolve), taking turns of ten postings each, so that the
 * machine's drift falls on both alike; prints the CPU time per posting of each and their ratio, round by round.
 */
import type { Posting, Profile } from "@jobfit/core"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { analyzePosting } from "../src/AnalyzePosting.js"
import { builtinTaxonomy } from "../src/skills/BuiltinTaxonomy.js"
import { findMentions } from "../src/skills/Matcher.js"
import { postingSegments } from "../src/skills/PostingSegments.js"
import { loadCorpus } from "../test/AnalyzerCorpus.js"

const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at < 0 ? undefined : process.argv[at + 1]
}
const baseDir = flag("--base")
const seconds = Number(
  process.argv.slice(2).find((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--")) ?? 3
)
const out = (line: string) => process.stdout.write(`${line}\n`)
const corpus = loadCorpus()
const taxonomy = builtinTaxonomy()
const TARGET = 10_000

// Each posting keeps its title, company and sections; its description grows with other postings' text to ~10 KB.
const descriptions = corpus.postings.map(([, p]) => p.description)
const postings: ReadonlyArray<Posting.Posting> = corpus.postings.map(([, p], i) => {
  let description = p.description
  for (let k = 1; description.length < TARGET; k++) description += `\n\n${descriptions[(i + k) % descriptions.length]}`
  return { ...p, description: description.slice(0, TARGET + 2000) }
})
const profiles = corpus.profiles.map(([, p]) => p)
const profileAt = (i: number): Profile.Profile => profiles[i % profiles.length] ?? { resume: {}, preferences: {} }
const averageBytes = postings.reduce((sum, p) => sum + Buffer.byteLength(JSON.stringify(p)), 0) / postings.length

// Every term of the taxonomy, lower-cased, for the naive baseline.
const terms = [...taxonomy.anyCase.entries()].map(([key, term]) => [key, term.skill.name] as const)
const naive = (posting: Posting.Posting): number => {
  const text = `${posting.title}\n${posting.description}\n${(posting.sections?.requirements ?? []).join("\n")}`
    .toLowerCase()
  const found = new Set<string>()
  for (const [key, name] of terms) if (text.includes(key)) found.add(name)
  return found.size
}

const cpuMs = () => {
  const used = process.cpuUsage()
  return (used.user + used.system) / 1000
}

/**
 * Runs `work` over the postings for about `seconds`. The rate is per second of this process's CPU time (one
 * thread: "per core"), so other load on a shared machine does not count against it; wall-clock latencies too.
 */
const measure = (work: (posting: Posting.Posting, i: number) => unknown) => {
  const pick = (i: number): Posting.Posting =>
    postings[i % postings.length] ?? postings[0] ?? { url: "", title: "", company: "", location: "", description: "" }
  // Warm until the rate settles: two half-second windows of CPU time within 3% of each other, at most 15 s. The JIT
  // settles on this much code only after a few seconds (with 200 postings of warm-up, the first measurement read
  // about 20% below its steady rate).
  let previous = 0
  let warmed = 0
  const warmStart = cpuMs()
  while (cpuMs() - warmStart < 15_000) {
    const from = cpuMs()
    let n = 0
    while (cpuMs() - from < 500) {
      work(pick(warmed + n), warmed + n)
      n++
    }
    warmed += n
    const rate = n / (cpuMs() - from)
    if (previous > 0 && Math.abs(rate - previous) / previous < 0.03) break
    previous = rate
  }
  const latencies: Array<number> = []
  const start = performance.now()
  const cpuStart = cpuMs()
  let i = 0
  while (performance.now() - start < seconds * 1000) {
    const t = performance.now()
    work(pick(i), i)
    latencies.push(performance.now() - t)
    i++
  }
  const wall = (performance.now() - start) / 1000
  const cpu = (cpuMs() - cpuStart) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(3)
  return { rate: i / cpu, wallRate: i / wall, p50: at(0.5), p99: at(0.99), warmUp: (cpuMs() - warmStart) / 1000 - cpu }
}

// A fresh copy of a profile for each analysis, as a server decodes each request anew (no profile cache hits).
const fresh = (i: number): Profile.Profile => structuredClone(profileAt(i))

if (baseDir !== undefined) {
  const module = resolve(baseDir, "packages/analyzer/src/AnalyzePosting.ts")
  const base = ((await import(pathToFileURL(module).href)) as { analyzePosting: typeof analyzePosting }).analyzePosting
  const turn = (analyze: typeof analyzePosting, from: number) => {
    const start = cpuMs()
    for (let i = from; i < from + 10; i++) analyze(postings[i % postings.length]!, fresh(i), corpus.now)
    return cpuMs() - start
  }
  const rounds = Number(flag("--rounds") ?? 6)
  // Both warm first; then each round takes every posting once with each analyzer, ten at a time, in turns whose
  // order alternates.
  for (let from = 0; from < postings.length; from += 10) {
    turn(analyzePosting, from)
    turn(base, from)
  }
  let now = 0
  let then = 0
  const ratios: Array<string> = []
  for (let round = 0; round < rounds; round++) {
    let a = 0
    let b = 0
    for (let from = 0; from < postings.length; from += 10) {
      if ((from / 10 + round) % 2 === 0) {
        a += turn(analyzePosting, from)
        b += turn(base, from)
      } else {
        b += turn(base, from)
        a += turn(analyzePosting, from)
      }
    }
    now += a
    then += b
    ratios.push((a / b).toFixed(2))
  }
  const count = rounds * Math.ceil(postings.length / 10) * 10
  out(
    `jobfit analyzer, this checkout against ${baseDir}: ${postings.length} postings of ~${
      (averageBytes / 1024).toFixed(1)
    } KB, fresh profiles, node ${process.version}`
  )
  out(`base ${(then * 1000 / count).toFixed(0)} µs CPU per posting (${(count * 1000 / then).toFixed(0)} /s per core)`)
  out(`this ${(now * 1000 / count).toFixed(0)} µs CPU per posting (${(count * 1000 / now).toFixed(0)} /s per core)`)
  out(`this / base: ${(now / then).toFixed(3)} (rounds: ${ratios.join(" ")})`)
  process.exit(0)
}

const ours = measure((posting, i) => analyzePosting(posting, fresh(i), corpus.now))
const cached = measure((posting, i) => analyzePosting(posting, profileAt(i), corpus.now))
const baseline = measure((posting) => naive(posting))
// The part of an analysis every skill analyzer does: the posting cut into sentences under their headings, and the
// skills each names (terms and tasks), with none of the checks that read them (asks, gates, flags, score).
const matchOnly = measure((posting) => {
  let found = 0
  for (const segment of postingSegments(posting, taxonomy)) {
    if (segment.mode !== "skip") found += findMentions(segment.sentence, taxonomy).length
  }
  return found
})

out(
  `jobfit analyzer speed, one core, ${postings.length} postings of ~${
    (averageBytes / 1024).toFixed(1)
  } KB, node ${process.version}`
)
const line = (name: string, r: ReturnType<typeof measure>) =>
  out(
    `${name.padEnd(58)} ${r.rate.toFixed(0).padStart(6)} /s per core (CPU time) | ${
      r.wallRate.toFixed(0).padStart(6)
    } /s wall | p50 ${r.p50} ms, p99 ${r.p99} ms | warmed ${r.warmUp.toFixed(0)} s`
  )
line("built-in: match+score+flags+assessment, fresh profile", ours)
line("built-in, same profile objects (profile skills cached)", cached)
line(`baseline: naive substring search of ${terms.length} terms (match only)`, baseline)
line("floor: the built-in's sentences and their skills, no checks", matchOnly)
out(
  `ratio built-in / baseline: ${(ours.rate / baseline.rate).toFixed(2)}x (fresh profiles), ${
    (cached.rate / baseline.rate).toFixed(2)
  }x (cached)`
)
// Machine calibration: the CPU time of a bare charCodeAt loop, to compare runs on different machines.
const calibration = (() => {
  const text = "abcdefghij klmnop qrstu, vwxyz. ".repeat(320)
  const start = cpuMs()
  let sum = 0
  for (let r = 0; r < 1000; r++) for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i)
  return { nsPerChar: ((cpuMs() - start) * 1e6) / (1000 * text.length), sum }
})()
out(
  `machine calibration: a bare charCodeAt loop costs ${calibration.nsPerChar.toFixed(2)} ns/char (checksum ${
    calibration.sum % 7
  })`
)
out(`load average while measuring: ${(await import("node:os")).loadavg().map((l) => l.toFixed(2)).join(" ")}`)
