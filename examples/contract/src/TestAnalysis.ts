import type { AnalyzerFunctions, PostingSourceFunctions } from "@jobfit/embedded"

/** A posting source that never touches the network: the title is the URL's last path segment. */
export const postingSource: PostingSourceFunctions = {
  fetch: async (url) => ({
    url,
    title: url.split("/").filter((segment) => segment !== "").pop() ?? "job",
    company: "Acme",
    location: "Berlin",
    description: "We need TypeScript."
  })
}

/** An analyzer with a fixed answer. */
export const analyzer: AnalyzerFunctions = {
  analyze: async (posting) => ({
    title: posting.title,
    company: posting.company,
    location: posting.location,
    match_score: 80,
    verdict: "APPLY",
    matching_skills: ["TypeScript"],
    missing_skills: [],
    red_flags: [],
    assessment: "A good fit.",
    analyzer: "example"
  })
}
