import type { HtmlDocument } from "./Dom.js"

/** Why a fetched page holds no posting although the posting exists: the page stands in front of it. */
export type Wall = "a sign-in wall" | "a bot check" | "an empty page that needs JavaScript"

const BOT_TITLE =
  /^(?:just a moment\.*|attention required!?(?: \| cloudflare)?|access denied|security check|are you a (?:human|robot)\??|verify you are human|please verify you are a human|one more step|pardon our interruption|bot (?:check|detection)|checking your browser.*|ddos-guard)$/i
const BOT_TEXT =
  /\b(?:checking (?:if the site connection is secure|your browser before accessing)|enable javascript and cookies to continue|verify (?:that )?you are (?:a )?human|complete the security check|cf-chl|captcha|hcaptcha|are you a robot|unusual traffic from your computer|request unsuccessful\. incapsula|press (?:&|and) hold)\b/i
const SIGN_IN_TITLE =
  /^(?:sign in|log ?in|sign up|join (?:linkedin|now)|linkedin login.*|sign in to (?:view|see|continue).*|log in to (?:view|see|continue).*|.*\| (?:sign in|log ?in))$/i
const SIGN_IN_TEXT =
  /\b(?:sign in to (?:view|see|apply|continue)|log ?in to (?:view|see|apply|continue)|(?:you must|please) (?:sign|log) ?in|join (?:linkedin )?to see|authwall|create an account to (?:view|see|continue))\b/i
const NEEDS_SCRIPT =
  /\b(?:(?:please )?enable javascript|you need to enable javascript|requires javascript|javascript is (?:disabled|required))\b/i

/** What a page shows before extraction cleans it (scripts and forms are removed then). */
export interface WallSigns {
  readonly title: string
  readonly text: string
  readonly scripts: number
  readonly password: boolean
  readonly challenge: boolean
}

export const wallSigns = (document: HtmlDocument): WallSigns => ({
  title: document.title.replace(/\s+/g, " ").trim(),
  text: (document.body?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 5000),
  scripts: document.querySelectorAll("script").length,
  password: document.querySelector("input[type=\"password\"]") !== null,
  challenge: document.querySelector("[class*=\"captcha\"], #challenge-form, #cf-challenge-running") !== null
})

/**
 * The wall a page is, if it is one. `readable` says whether a posting could be read from it anyway: then only the
 * unmistakable signs count (a challenge's own title), since real posting pages carry "Sign in" links.
 */
export const wallOf = (signs: WallSigns, readable: boolean): Wall | undefined => {
  if (BOT_TITLE.test(signs.title)) return "a bot check"
  if (readable) return undefined
  if (BOT_TEXT.test(signs.text) || signs.challenge) return "a bot check"
  if (SIGN_IN_TITLE.test(signs.title) || signs.password || SIGN_IN_TEXT.test(signs.text)) return "a sign-in wall"
  if (signs.text.length < 400 && (signs.scripts > 0 || NEEDS_SCRIPT.test(signs.text))) {
    return "an empty page that needs JavaScript"
  }
  return undefined
}

/** What to tell the caller about a wall: what the page was, and how to get the posting analysed anyway. */
export const wallMessage = (host: string, wall: Wall): string =>
  `The page at ${host} is ${wall}, not the posting; copy the posting's text and pass it as posting_text ` +
  "(in the CLI: --text-file FILE)"
