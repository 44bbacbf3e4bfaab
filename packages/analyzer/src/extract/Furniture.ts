import { isBoard } from "./Header.js"

// The furniture a pasted page carries above its posting: the site's name and menu, a search box, breadcrumbs, a chat
// channel's name and who posted. None of it is the header; left in, it is read as the title.

const MENU_ITEM =
  /^(?:skip to (?:main )?content|home|jobs|find jobs|job search|search|companies|company reviews|salaries|find salaries|salary search|community|for employers|employers\s*\/\s*post job|post a job|career resources|sign in|sign up|log ?in|register|menu|messaging|notifications|my network|all jobs|view website|current vacancies|contact us|job opportunities|view all jobs|back to (?:all )?jobs|print|favorite|hide|flag|reply|prohibited|\[\s*\?\s*\]|inmail|show more options|share|save|apply)$/i

// "Home   Job Opportunities   Sign In", "reply   prohibited   [ ? ]   favorite": a menu pasted as one line, its
// items short, without figures or commas, two of them a site's usual ones.
const isMenuLine = (raw: string): boolean => {
  const items = raw.trim().split(/\s{2,}|\s+[|·•]\s+/).map((item) => item.trim())
  return items.length >= 2 &&
    items.filter((item) => MENU_ITEM.test(item)).length >= Math.min(2, items.length) &&
    items.every((item) => item.split(/\s+/).length <= 3 && !/[\d,$€£]/.test(item))
}

const FURNITURE_LINE = [
  // "CL denver > north denver > jobs > transportation": breadcrumbs.
  /^[^>]{1,40}(?:\s[>›»]\s[^>]{1,40}){2,}$/,
  // "#jobs-uk-eu", "# job-postings", "Frontend Folk · 4,812 members": a chat's channel.
  /^#\s?[\w-]{2,40}$/,
  /·\s*[\d,.]+k?\s+members$/i,
  // "Priya Raman  10:14 AM", "Tom Hale | Rookwood — Today at 11:02": who posted in a chat, and when.
  // Not "Monday - Friday 8:00 AM", the hours of a job.
  /^(?!(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)[\p{L} .'|-]{3,60}\s+(?:[—–-]\s+)?(?:(?:today|yesterday) at \d{1,2}:\d{2}(?:\s?[ap]m)?|\d{1,2}:\d{2}\s?[ap]m)$/iu,
  // "Posted 2025-05-20 14:03   updated 2025-05-22 08:41".
  /^posted\s+\d{4}-\d{2}-\d{2}\b/i,
  /^life at \S.{0,40}$/i,
  // "May 28, 2025": a message's date on a line of its own.
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}$/i,
  // Glassdoor's rating, pasted as "3.9" and "★" on lines of their own; Indeed's "4.0 out of 5 stars".
  /^\d(?:\.\d)?$/,
  /^\d(?:\.\d)? out of 5 stars$/i,
  /^★+$/
]

const LOGO = /^(.{2,80}?)\s+logo$/i

// "Dana Whitfield (She/Her) · 2nd": a LinkedIn member, whose headline ("Talent Partner at Brightmoor") follows.
const MEMBER = /^[\p{L} .'()/-]{3,60}\s·\s(?:1st|2nd|3rd\+?)$/u

const SHORTCODES: Readonly<Record<string, string>> = { office: "🏢", round_pushpin: "📍", pushpin: "📍" }

// "*Front-End Developer*", ":office: *Little Heron Studio*": a chat's bold and its emoji written as shortcodes.
const chatMarkup = (line: string): string =>
  line.replace(/:([a-z0-9_+-]{2,40}):/g, (_, code: string) => SHORTCODES[code] ?? "")
    .replace(/\*\*([^*\n]+)\*\*|(?<![\w*])\*([^*\s][^*\n]*?)\*(?![\w*])/g, (_, a?: string, b?: string) => a ?? b ?? "")

// "🏢 Rookwood Analytics — we make reporting software", "📍 London (remote-first)": a chat post's header, each line
// led by the emoji that says what it is, with a note after a dash.
const CHAT_COMPANY = /^(?:🏢|🏬|🏭)\uFE0F?\s*(.{2,60}?)(?:\s+[—–-]\s+.*)?$/u
const CHAT_PLACE = /^📍\uFE0F?\s*(.{2,80}?)(?:\s+[—–-]\s+.*)?$/u
const ANNOUNCED = /^(?:\[hiring\]|\(hiring\)|hiring\s*[:!–—-])\s*/i

/**
 * The header of a post in a chat's jobs channel: the title on the line above the first line led by 🏢 or 📍, the
 * employer and the place from those lines; undefined for any other text.
 */
export const chatHeader = (
  lines: ReadonlyArray<string>
):
  | {
    readonly title: string
    readonly company?: string | undefined
    readonly location?: string | undefined
    readonly lines: number
  }
  | undefined =>
{
  const first = lines.findIndex((line) => CHAT_COMPANY.test(line) || CHAT_PLACE.test(line))
  if (first < 1 || first > 8) return undefined
  const title = lines[first - 1]!.replace(ANNOUNCED, "").trim()
  if (title === "" || title.split(/\s+/).length > 14) return undefined
  let company: string | undefined
  let location: string | undefined
  let end = first
  for (; end < Math.min(lines.length, first + 6); end++) {
    const line = lines[end]!
    const named = CHAT_COMPANY.exec(line)
    const place = CHAT_PLACE.exec(line)
    if (named !== null) company ??= named[1]!.trim()
    else if (place !== null) location ??= place[1]!.trim()
    else if (!/^\p{Extended_Pictographic}/u.test(line)) break
  }
  return { title, company, location, lines: end }
}

/** Whether a pasted line is a site's furniture above a posting. */
export const isFurniture = (raw: string): boolean => {
  const line = raw.trim().replace(/\s+/g, " ")
  return MENU_ITEM.test(line) || isBoard(line) || isMenuLine(raw) || FURNITURE_LINE.some((p) => p.test(line))
}

/** The index of the first non-empty line after line `i`. */
const nextLine = (lines: ReadonlyArray<string>, i: number): number | undefined => {
  for (let j = i + 1; j < lines.length; j++) if (lines[j]!.trim() !== "") return j
  return undefined
}

/** How many of a paste's first lines are looked at for furniture. */
const TOP = 20

/**
 * The text of a paste without the furniture among its first lines, and the employer a logo's caption names ("Acme
 * Foods logo", kept as the line "Acme Foods" unless that name is the next line). A search box's labels ("What",
 * "Where") go with their values.
 */
export const withoutFurniture = (text: string): { readonly text: string; readonly employer?: string } => {
  const lines = text.split(/\r?\n/)
  const kept: Array<string> = []
  let employer: string | undefined
  let seen = 0
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!
    const line = raw.trim()
    if (seen >= TOP || line === "") {
      kept.push(raw)
      continue
    }
    seen++
    if (/^(?:what|where)$/i.test(line)) {
      i++
      continue
    }
    if (MEMBER.test(line)) {
      i = nextLine(lines, i) ?? i
      continue
    }
    const logo = LOGO.exec(line)
    if (logo !== null) {
      employer ??= logo[1]!
      const next = nextLine(lines, i)
      if (next === undefined || lines[next]!.trim() !== logo[1]) kept.push(logo[1]!)
      continue
    }
    if (!isFurniture(raw)) kept.push(chatMarkup(raw))
  }
  return employer === undefined ? { text: kept.join("\n") } : { text: kept.join("\n"), employer }
}

// The words a job title is made of: one of them names the work ("Senior DevOps Engineer", "Registered Nurse").
const JOB_NOUN =
  /\b(?:engineers?|developers?|programmers?|architects?|designers?|analysts?|scientists?|managers?|directors?|leads?|heads?|officers?|administrators?|technicians?|specialists?|coordinators?|consultants?|associates?|assistants?|executives?|representatives?|advisors?|advisers?|agents?|nurses?|accountants?|bookkeepers?|controllers?|clerks?|drivers?|teachers?|tutors?|researchers?|writers?|editors?|marketers?|recruiters?|operators?|supervisors?|attendants?|receptionists?|secretaries|secretary|chefs?|cooks?|cashiers?|mechanics?|electricians?|plumbers?|carpenters?|workers?|therapists?|pharmacists?|physicians?|interns?|trainees?|apprentices?|partners?|owners?|strategists?|producers?|testers?|sre|devops|qa)\b/i

/** How many lines of a pasted page are looked through for the job's title. */
const TITLE_WITHIN = 80
/** A title this far down (in lines with text) sits under a page's furniture, not at the top of a posting. */
const BELOW_FURNITURE = 6

/** A footer's run: this many short lines in a row, one of them at least a site's furniture. */
const FOOTER_RUN = 8

// "Saved jobs", "Download apps", "Browse companies": a link's few words, without figures or a sentence's end.
const isShortLine = (line: string): boolean =>
  line.length <= 30 && line.split(/\s+/).length <= 3 && !/[\d.!?]/.test(line)

/**
 * Where a pasted page's footer begins after line `from` ("Download apps", "Android", "iOS", "Employer site", "Help"):
 * the first run of short lines holding a site's furniture; the text's end when there is none.
 */
const footerAt = (lines: ReadonlyArray<string>, from: number): number => {
  const shown = lines.map((line, i) => [line.trim(), i] as const).filter(([line, i]) => i >= from && line !== "")
  for (let k = 0; k + FOOTER_RUN <= shown.length; k++) {
    const run = shown.slice(k, k + FOOTER_RUN)
    if (run.every(([line]) => isShortLine(line)) && run.some(([line]) => isFurniture(line))) {
      return run[0]![1]
    }
  }
  return lines.length
}

/**
 * A whole page pasted (a select-all copy of LinkedIn, Indeed, SEEK): the site's menus, search box and sign-in form
 * above the posting. The job's block starts at its title, which the page says again — a sticky header, "apply for
 * the … role", "Review for … at …", the first sentence of the description — so the first short line naming a job,
 * below the top lines and said again elsewhere in the text, is where the posting begins; the page's footer, a run
 * of short lines with the site's furniture among them, is where it ends. A text without such a title is kept whole.
 */
export const fromJobBlock = (text: string): string => {
  const lines = text.split(/\r?\n/)
  const lower = text.toLowerCase()
  let withText = 0
  let short = 0
  let previous = ""
  for (let i = 0; i < lines.length && withText < TITLE_WITHIN; i++) {
    const line = lines[i]!.trim()
    if (line === "") continue
    withText++
    const label = previous
    previous = line
    const words = line.split(/\s+/).length
    const candidate = withText > BELOW_FURNITURE && line.length <= 100 && !/[.:;!?]$/.test(line) &&
      /^\p{Lu}/u.test(line) && !/^(?:what|where)$/i.test(label) && words >= 2 && words <= 12 &&
      !isFurniture(line) && JOB_NOUN.test(line)
    // Above the posting, a page's furniture: menu items, labels, buttons, most of them a few words without figures.
    if (candidate && short >= 0.6 * (withText - 1)) {
      // "Senior Platform Engineer | Remote | Australia": the title is the part before a bar.
      const core = line.split(/\s+\|\s+/)[0]!.toLowerCase()
      // The title already heads the text ("Registered Nurse - Medical ICU (Days)" over the job details): the posting
      // starts at the top. A search box's "<title> in <place>" is no header.
      const above = lines.slice(0, i).map((l) => l.trim().toLowerCase())
      if (above.some((l) => l.includes(core) && !l.startsWith(`${core} in `))) return text
      const first = lower.indexOf(core)
      if (lower.indexOf(core, first + core.length) >= 0) return lines.slice(i, footerAt(lines, i + 1)).join("\n")
    }
    if (isFurniture(line) || (words <= 4 && !/\d/.test(line))) short++
  }
  return text
}
