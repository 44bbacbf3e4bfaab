import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { extractGiven } from "../src/extract/Extract.js"
import { fromBody, refusal } from "./ExtractSupport.js"
import { fixture } from "./FetchFixtureServer.js"

const advice = "copy the posting's text and pass it as posting_text (in the CLI: --text-file FILE)"
const wall = (what: string) => `The page at jobs.example.com is ${what}, not the posting; ${advice}`

describe("pages that stand in front of a posting", () => {
  it("names a bot check by its title or its challenge", () => {
    assert.strictEqual(
      refusal("<html><head><title>Just a moment...</title></head><body><p>Checking your browser.</p></body></html>"),
      wall("a bot check")
    )
    assert.strictEqual(
      refusal(
        "<html><head><title>Indeed</title></head><body><h1>Security Check</h1><p>Please verify you are a human " +
          "to continue.</p><div class=\"h-captcha\"></div></body></html>"
      ),
      wall("a bot check")
    )
  })

  it("names a sign-in wall by its form or its words", () => {
    assert.strictEqual(
      refusal(
        "<html><head><title>LinkedIn</title></head><body><h1>Join LinkedIn to see this job</h1><form>" +
          "<input type=\"email\"><input type=\"password\"><button>Sign in</button></form></body></html>"
      ),
      wall("a sign-in wall")
    )
  })

  it("names an empty page that needs JavaScript", () => {
    assert.strictEqual(
      refusal(
        "<html><head><title>Careers</title><script src=\"/app.js\"></script></head><body><div id=\"root\"></div>" +
          "<noscript>You need to enable JavaScript to run this app.</noscript></body></html>"
      ),
      wall("an empty page that needs JavaScript")
    )
  })

  it("reads a real posting page whose navigation has a Sign in link", () => {
    const page = fixture("noisy.html").replace("<nav>", "<nav><a href=\"/login\">Sign in</a>")
    assert.strictEqual(fromBody(page).title, "Senior Backend Engineer (Go)")
  })
})

describe("posting_text", () => {
  const url = "https://www.linkedin.com/jobs/view/123"
  const text =
    "Warehouse Associate\nRidgeway Logistics - Columbus, OH\n\nWe move freight for grocers across Ohio.\n\n" +
    "What you'll do\n- Load and unload trailers\n- Pick and pack orders with an RF scanner\n\nRequirements\n" +
    "- Forklift certification\n- Able to lift 50 lbs\n\nPay: $19 - $22 per hour."

  it("reads pasted plain text as a posting, keeping the URL", () => {
    const posting = Either.getOrThrow(extractGiven(url, text))
    assert.strictEqual(posting.url, url)
    assert.strictEqual(posting.title, "Warehouse Associate")
    assert.deepStrictEqual(posting.salary, { min: 19, max: 22, currency: "USD", period: "hour" })
  })

  it("reads pasted HTML, and takes a short but real posting the page check would refuse", () => {
    const html = "<h1>Forward Cap.</h1><p>The group has raised a fund for the purchase of homes in the Southeast. " +
      "The student on this project will help with the analysis and modeling of their investments.</p>"
    assert.strictEqual(Either.getOrThrow(extractGiven(url, html)).title, "Forward Cap.")
  })

  it("refuses an empty or near-empty text, saying why", () => {
    for (const empty of ["", "   ", "Nurse"]) {
      assert.deepStrictEqual(
        extractGiven(url, empty),
        Either.left(
          "The posting_text given has too little text to be a job posting (at least a title line and a few sentences)"
        )
      )
    }
  })
})
