/**
 * Writes test/fixtures/corpus/split.json once: which postings are held out. The first 37 postings (p*, s*) were
 * tuned on before this split existed, so they are all development. Of the postings written after them, 60% of each
 * batch are held out, scams and legitimate postings separately, chosen by the SHA-256 of the posting's id so the
 * choice depends on nothing the analyzer does. Refuses to overwrite an existing split.
 * Run: `tsx packages/analyzer/scripts/split-corpus.ts`.
 *
 * `--hold-out-batch <letter>` (or two letters) adds a whole new batch to the held-out part instead: postings written and labelled
 * to be held out, before the analyzer ever ran on them (so the held-out share stays at 30% as development batches
 * grow). It refuses a batch that has a posting in the split already.
 */
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"

const corpus = new URL("../test/fixtures/corpus/", import.meta.url)
const target = new URL("split.json", corpus)
const batchAt = process.argv.indexOf("--hold-out-batch")
if (batchAt >= 0) {
  const letter = process.argv[batchAt + 1] ?? ""
  // One letter, or two once the alphabet is used up ("ac"); never p or s (the first 37).
  if (!/^[a-z]{1,2}$/.test(letter) || /^[ps]$/.test(letter)) {
    process.stderr.write("--hold-out-batch takes one or two letters, not p or s\n")
    process.exit(2)
  }
  const split = JSON.parse(readFileSync(target, "utf8")) as {
    note: string
    heldout: Array<string>
    batches?: Array<string>
  }
  const batch = readdirSync(new URL("postings/", corpus)).map((f) => f.replace(/\.(?:json|html|txt)$/, ""))
    .filter((id) => id.startsWith(letter) && /^\d/.test(id.slice(letter.length))).sort()
  if (batch.length === 0 || batch.some((id) => split.heldout.includes(id))) {
    process.stderr.write(`batch ${letter}: no postings, or some are held out already\n`)
    process.exit(1)
  }
  const next = { ...split, heldout: [...split.heldout, ...batch].sort(), batches: [...(split.batches ?? []), letter] }
  writeFileSync(target, `${JSON.stringify(next, null, 2)}\n`)
  process.stdout.write(`held out the ${batch.length} postings of batch ${letter}\n`)
  process.exit(0)
}
if (existsSync(target)) {
  process.stderr.write("split.json exists: the split is made once\n")
  process.exit(1)
}

const labels: Record<string, { readonly scam?: boolean }> = {}
for (const file of readdirSync(new URL("labels/", corpus)).filter((f) => f.endsWith(".json"))) {
  const parsed = JSON.parse(readFileSync(new URL(`labels/${file}`, corpus), "utf8")) as {
    readonly postings: Record<string, { readonly scam?: boolean }>
  }
  Object.assign(labels, parsed.postings)
}
const ids = readdirSync(new URL("postings/", corpus)).map((f) => f.replace(/\.(?:json|html|txt)$/, "")).sort()
const later = ids.filter((id) => !/^[ps]\d/.test(id))
const hash = (id: string) => createHash("sha256").update(id).digest("hex")

const heldout: Array<string> = []
const groups = new Map<string, Array<string>>()
for (const id of later) {
  const key = `${id.charAt(0)}:${labels[id]?.scam === true ? "scam" : "legit"}`
  groups.set(key, [...(groups.get(key) ?? []), id])
}
for (const members of groups.values()) {
  const ordered = [...members].sort((a, b) => hash(a).localeCompare(hash(b)))
  heldout.push(...ordered.slice(0, Math.ceil(ordered.length * 0.6)))
}
heldout.sort()
writeFileSync(
  target,
  `${
    JSON.stringify(
      {
        note: "Made once by scripts/split-corpus.ts before the analyzer was run on the postings it holds out. " +
          "Tune on the development part only; the held-out figures are the result.",
        heldout
      },
      null,
      2
    )
  }\n`
)
process.stdout.write(
  `held out ${heldout.length} of ${ids.length} postings (${later.length} written after the first 37)\n`
)
