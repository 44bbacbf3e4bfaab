/**
 * Builds data/skills.json from two sources and checks it:
 * - programming languages from the npm package linguist-languages (MIT; GitHub Linguist data), filtered;
 * - the curated lists in data/curated/*.txt, written for jobfit.
 * Run: `tsx packages/analyzer/scripts/build-skills.ts`. The output is committed; nothing downloads at run time.
 * `--check` writes nothing and exits 1 when the committed file is not what the sources build (a test runs it, so an
 * edit made to skills.json alone, which the next build would undo, is caught).
 *
 * Curated line format: `Canonical name | alias | alias! | alias?` under an `@ Category` line;
 * `!` marks a case-sensitive term, `?` a case-sensitive term that also needs a skill context.
 */
import * as Linguist from "linguist-languages"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import type { SkillEntry, SkillsFile } from "../src/skills/Taxonomy.js"
import { joinsTerm, keyOf, tokenize } from "../src/skills/Tokenizer.js"
import { ambiguousLanguages, caseSensitiveLanguages, deniedAliases, deniedLanguages } from "./linguistFilters.js"

const dataDir = new URL("../data/", import.meta.url)

interface Draft {
  name: string
  category: string
  source: "linguist" | "curated"
  aliases: Array<string>
  exact: Array<string>
  contextual: Array<string>
}

const fromLinguist = (): Array<Draft> =>
  Object.values(Linguist)
    .filter((language) => language.type === "programming" && !deniedLanguages.has(language.name))
    .filter((language) => !/\b(?:console|REPL|Session|Transcript|Literate)\b/.test(language.name))
    .map((language) => {
      const draft: Draft = {
        name: language.name,
        category: "Programming languages",
        source: "linguist",
        aliases: [],
        exact: [],
        contextual: []
      }
      if (ambiguousLanguages.has(language.name)) draft.contextual.push(language.name)
      else if (caseSensitiveLanguages.has(language.name) || language.name.length <= 3) draft.exact.push(language.name)
      else draft.aliases.push(language.name)
      for (const alias of "aliases" in language ? language.aliases : []) {
        if (alias.length >= 4 && !deniedAliases.has(alias.toLowerCase())) draft.aliases.push(alias)
      }
      return draft
    })

const parseCurated = (file: string, text: string): Array<Draft> => {
  const drafts: Array<Draft> = []
  let category: string | undefined
  text.split("\n").forEach((line, index) => {
    const trimmed = line.trim()
    if (trimmed === "" || trimmed.startsWith("#")) return
    if (trimmed.startsWith("@")) {
      category = trimmed.slice(1).trim()
      return
    }
    if (category === undefined) throw new Error(`${file}:${index + 1}: skill before any @ category line`)
    const [first, ...rest] = trimmed.split("|").map((part) => part.trim()).filter((part) => part !== "")
    if (first === undefined) return
    const name = first.replace(/[!?]$/, "")
    const draft: Draft = { name, category, source: "curated", aliases: [], exact: [], contextual: [] }
    for (const term of [first, ...rest]) {
      if (term.endsWith("?")) draft.contextual.push(term.slice(0, -1))
      else if (term.endsWith("!")) draft.exact.push(term.slice(0, -1))
      else draft.aliases.push(term)
    }
    drafts.push(draft)
  })
  return drafts
}

const build = (): SkillsFile => {
  const curatedDir = new URL("curated/", dataDir)
  const curated = readdirSync(curatedDir).filter((f) => f.endsWith(".txt")).sort().flatMap((file) =>
    parseCurated(file, readFileSync(new URL(file, curatedDir), "utf8"))
  )
  const byNorm = new Map<string, string>()
  const byRaw = new Map<string, string>()
  const exactNorms = new Map<string, string>()
  const problems: Array<string> = []
  // An insensitive term clashes with any term of the same lower-cased form; exact terms only with their own spelling
  // or an insensitive one ("dbt" the data tool and "DBT" the therapy can both exist).
  const claim = (draft: Draft, term: string, caseSensitive: boolean): boolean => {
    const tokens = tokenize(term)
    if (tokens.length === 0 || tokens.length > 4) {
      problems.push(`${draft.name}: term "${term}" must have 1 to 4 tokens`)
      return false
    }
    // A term whose words are joined by something other than a space, "-" or "/" ("Pro*C") can never match.
    const joined = tokens.every((t, i) => i === 0 || joinsTerm(term.slice(tokens[i - 1]?.end ?? 0, t.start)))
    if (!joined) {
      if (draft.source === "curated") problems.push(`${draft.name}: term "${term}" has words the matcher cannot join`)
      return false
    }
    const norm = keyOf(tokens, "norm")
    const raw = keyOf(tokens, "raw")
    const holders = caseSensitive ? [byRaw.get(raw), byNorm.get(norm)] : [byNorm.get(norm), exactNorms.get(norm)]
    const holder = holders.find((h) => h !== undefined && h !== draft.name)
    if (holder !== undefined) {
      if (draft.source === "curated") problems.push(`"${term}" is claimed by ${holder} and ${draft.name}`)
      return false
    }
    if (caseSensitive) {
      byRaw.set(raw, draft.name)
      exactNorms.set(norm, draft.name)
    } else byNorm.set(norm, draft.name)
    return true
  }
  // Curated entries come first: they override a language of the same name and win every shared term.
  const curatedNames = new Set(curated.map((d) => d.name.toLowerCase()))
  const drafts = [...curated, ...fromLinguist().filter((d) => !curatedNames.has(d.name.toLowerCase()))]
  const entries: Array<SkillEntry> = []
  for (const draft of drafts) {
    const keep = (terms: Array<string>, caseSensitive: boolean) =>
      [...new Set(terms)].filter((term) => claim(draft, term, caseSensitive))
    const contextual = keep(draft.contextual, true)
    const exact = keep(draft.exact, true)
    const aliases = keep(draft.aliases, false)
    if (aliases.length + exact.length + contextual.length === 0) continue
    entries.push({
      name: draft.name,
      category: draft.category,
      source: draft.source,
      aliases,
      ...(exact.length > 0 ? { exact } : {}),
      ...(contextual.length > 0 ? { contextual } : {})
    })
  }
  if (problems.length > 0) throw new Error(`skills data has problems:\n${problems.join("\n")}`)
  entries.sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name))
  return { version: 1, skills: entries }
}

const file = build()
const target = new URL("skills.json", dataDir)
const text = JSON.stringify(file, null, 1) + "\n"
if (process.argv.includes("--check")) {
  const same = readFileSync(target, "utf8") === text
  process.stdout.write(
    same ? "skills.json is what the sources build\n" : "skills.json differs from what the sources build\n"
  )
  process.exit(same ? 0 : 1)
}
writeFileSync(target, text)
const counts = new Map<string, number>()
for (const skill of file.skills) counts.set(skill.category, (counts.get(skill.category) ?? 0) + 1)
process.stdout.write(`${file.skills.length} skills\n`)
for (const [category, count] of [...counts].sort()) process.stdout.write(`  ${category}: ${count}\n`)
