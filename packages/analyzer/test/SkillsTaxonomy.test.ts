import { assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { builtinTaxonomy } from "../src/skills/BuiltinTaxonomy.js"
import { keyOf, tokenize } from "../src/skills/Tokenizer.js"
import { skillsIn, taxonomy } from "./AnalyzerSupport.js"

const file: { skills: Array<{ name: string; category: string; source: string }> } = JSON.parse(
  readFileSync(new URL("../data/skills.json", import.meta.url), "utf8")
)

describe("skill taxonomy", () => {
  it("has at least 800 skills across software and other fields", () => {
    assert.isAtLeast(taxonomy.skills.length, 800)
    const categories = new Set(taxonomy.skills.map((s) => s.category))
    for (
      const category of [
        "Healthcare",
        "Finance & accounting",
        "Sales",
        "Marketing",
        "Operations & logistics",
        "Design",
        "Education",
        "Legal",
        "Skilled trades",
        "Languages",
        "Programming languages",
        "Cloud & infrastructure"
      ]
    ) assert.isTrue(categories.has(category), category)
    const curatedOutsideSoftware = file.skills.filter((s) =>
      s.source === "curated" &&
      !/Programming|Web|Mobile|Databases|Cloud|DevOps|Data & AI|Testing|Security|Software|Embedded|Game|Blockchain/
        .test(s.category)
    )
    assert.isAtLeast(curatedOutsideSoftware.length, 400)
  })

  it("is loaded and indexed once", () => {
    assert.strictEqual(builtinTaxonomy(), builtinTaxonomy())
  })

  it("maps curated aliases to their canonical skill", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["JS", "JavaScript"],
      ["k8s", "Kubernetes"],
      ["Postgres", "PostgreSQL"],
      ["ReactJS", "React"],
      ["GCP", "Google Cloud Platform"],
      ["RN", "Registered Nurse"],
      ["CPA", "Certified Public Accountant"],
      ["Golang", "Go"],
      ["MS Excel", "Microsoft Excel"],
      ["ACLS", "Advanced Cardiovascular Life Support"],
      ["TIG welding", "TIG welding"],
      ["TEFL", "TESOL"],
      ["e-discovery", "eDiscovery"],
      ["Farsi", "Persian"]
    ]
    for (const [alias, canonical] of cases) {
      assert.deepStrictEqual(skillsIn(`Experience with ${alias}.`), [canonical], alias)
    }
  })

  it("gives every term to one skill only", () => {
    const owners = new Map<string, string>()
    for (const [key, term] of taxonomy.insensitive) {
      const previous = owners.get(key)
      assert.isTrue(previous === undefined || previous === term.skill.name, key)
      owners.set(key, term.skill.name)
    }
    assert.isAtMost(taxonomy.maxTokens, 4)
  })

  it("keys terms by the tokenizer's own tokens", () => {
    assert.strictEqual(keyOf(tokenize("CI/CD pipelines"), "norm"), "ci cd pipelines")
    assert.deepStrictEqual(tokenize("C++, C#, .NET, Node.js and R&D").map((t) => t.raw), [
      "C++",
      "C#",
      ".NET",
      "Node.js",
      "and",
      "R&D"
    ])
  })

  it("is what the curated sources build: skills.json is never edited by hand alone", () => {
    // An alias written into skills.json and not into data/curated/*.txt is lost at the next build.
    const script = fileURLToPath(new URL("../scripts/build-skills.ts", import.meta.url))
    const out = execFileSync(process.execPath, ["--import", "tsx", script, "--check"], { encoding: "utf8" })
    assert.strictEqual(out, "skills.json is what the sources build\n")
  }, 60_000)
})
