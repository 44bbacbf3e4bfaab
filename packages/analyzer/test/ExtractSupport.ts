import type { Posting } from "@jobfit/core"
import { Either } from "effect"
import { extract } from "../src/extract/Extract.js"
import { fixture } from "./FetchFixtureServer.js"

export const URL_ = "https://jobs.example.com/postings/1"

/** The posting extracted from a body; fails the test with the reason when there is none. */
export const fromBody = (body: string, mediaType = "text/html", url = URL_): Posting.Posting => {
  const result = extract(url, mediaType, body)
  if (Either.isLeft(result)) throw new Error(result.left)
  return result.right
}

/** The posting extracted from a fixture file. */
export const posting = (name: string, mediaType = "text/html", url = URL_): Posting.Posting =>
  fromBody(fixture(name), mediaType, url)

export const refusal = (body: string, mediaType = "text/html"): string | undefined => {
  const result = extract(URL_, mediaType, body)
  return Either.isLeft(result) ? result.left : undefined
}
