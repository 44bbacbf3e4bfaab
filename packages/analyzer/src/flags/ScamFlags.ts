import type { Analysis } from "@jobfit/core"
import { MIGHT_NAME_MONEY, type Pay, paysInText } from "../score/Salary.js"
import { excerpt, findAffirmed, type FlagText, mayMatch, sentencesMatching, wordsOf } from "./FlagText.js"

type Flag = Analysis.RedFlag

const flag = (code: string, severity: Flag["severity"], message: string, evidence?: string): Flag =>
  evidence === undefined ? { code, severity, message } : { code, severity, message, evidence }

const UPFRONT =
  /\b(?:starter (?:kit|pack)|(?:training|registration|application|processing|onboarding|equipment|enrol?ment|certification|background check|admin(?:istration)?|membership|placement|activation|course|program(?:me)?|materials?|kit) fees?\b|refundable deposit|security deposit|upfront (?:fee|payment|cost|investment)|pay (?:a |an |the )?(?:small |one[- ]time |refundable |nominal |low )?(?:fee|deposit)\b|pay for (?:your )?(?:own )?(?:training|kit|starter|background check|certification)|(?:purchase|buy) (?:your |a |the )?(?:own )?(?:starter|kit|training package|equipment|software)[^.]{0,40}\b(?:from us|from our|through us|through our|approved vendor))/i

// Every match of UPFRONT holds one of these (and so on for each pattern below): only the sentences that hold one
// are read (see findAffirmed).
const UPFRONT_WORDS = wordsOf(["starter ", " fee", "deposit", "upfront ", "pay ", "purchase ", "buy "])

// Money that is not the candidate's to pay: deposits kept as bookkeeping work ("reconcile bank accounts, security
// deposits and escrow", "process tenant deposits"), fees the employer pays ("we pay the fees").
const NOT_THE_CANDIDATES =
  /\b(?:reconcil|record|process|track|collect|refund|return|post|manag|account for)\w*\b[^.;]{0,60}\bdeposits\b|\btenants?'? (?:security )?deposits?\b|\b(?:we|we'll|we will|the (?:company|employer|hospital|firm))\s+(?:will\s+|also\s+)?(?:pay|cover|reimburse)\b|\b(?:discount\w*|subsidi[sz]ed|reduced|free|waived|reimbursed)\s+(?:\w+\s+)?fees?\b/i

export const upfrontPayment = (text: FlagText): Flag | undefined => {
  const found = findAffirmed(text, UPFRONT, UPFRONT_WORDS, undefined, NOT_THE_CANDIDATES)
  return found &&
    flag("UPFRONT_PAYMENT", "high", "Asks candidates to pay before they start (a fee, deposit or kit)", found.quote)
}

const PAID_WITH =
  /\b(?:bitcoin|btc|crypto(?:currency|currencies)?|usdt|tether|ethereum|gift ?cards?|western union|moneygram|wire transfers?|zelle|cash ?app|venmo|prepaid cards?)\b/i
const PAID_TO_YOU =
  /\b(?:you(?:'ll| will)? (?:be )?(?:paid|receive|get paid)|(?:salary|wages?|compensation|your pay|payment to you|payments to you) (?:is |are |will be )?(?:paid |sent |made )?|paid (?:in|via|with|through|by))\b/i
const CHECK_SCHEME =
  /\b(?:cash(?:ing)? (?:a|the|our) (?:check|cheque)|deposit (?:a|the|our) (?:check|cheque)|check cashing|mobile (?:check )?deposit|send (?:back )?(?:the )?(?:remaining|balance|difference|excess)|reship(?:ping)?|package forwarding|forward(?:ing)? (?:packages|parcels|payments|funds)|purchase gift ?cards?|buy gift ?cards?)\b/i

const CHECK_SCHEME_WORDS = wordsOf(["cash", "deposit", "send ", "reship", "forward", "gift"])
const PAID_WITH_WORDS = wordsOf([
  "bitcoin",
  "btc",
  "crypto",
  "usdt",
  "tether",
  "ethereum",
  "gift",
  "western union",
  "moneygram",
  "wire transfer",
  "zelle",
  "cash",
  "venmo",
  "prepaid card"
])

export const unusualPayment = (text: FlagText): Flag | undefined => {
  const scheme = findAffirmed(text, CHECK_SCHEME, CHECK_SCHEME_WORDS)
  const paid = scheme ?? findAffirmed(text, PAID_WITH, PAID_WITH_WORDS, PAID_TO_YOU)
  return paid &&
    flag(
      "UNUSUAL_PAYMENT",
      "high",
      "Pays or moves money in ways scams use (gift cards, crypto, wires, checks)",
      paid.quote
    )
}

const MESSENGER =
  /\b(?:telegram|whats ?app|wechat|viber|kik|google hangouts|hangouts|signal app|(?:on|via|through|using) Signal)\b/i
const CONTACT_CUE =
  /\b(?:(?:contact|message|text|reach(?: out to)?|add|dm|write to|chat with)\s+(?:us|me|our|the (?:recruiter|hiring manager|hr|manager))|interview|username|handle|only (?:via|through|on|by|at))\b|@\w{3,}|\+?\d[\d\s-]{7,}/i

const MESSENGER_WORDS = wordsOf(["telegram", "whats", "wechat", "viber", "kik", "hangouts", "signal"])

export const offPlatformContact = (text: FlagText): Flag | undefined => {
  const found = findAffirmed(text, MESSENGER, MESSENGER_WORDS, CONTACT_CUE)
  return found &&
    flag(
      "OFF_PLATFORM_CONTACT",
      "high",
      "Moves contact or the interview to a chat app (Telegram, WhatsApp, Signal)",
      found.quote
    )
}

const NO_EXPERIENCE =
  /\b(?:no (?:prior |previous )?(?:experience|skills|qualifications|degree|resume|cv)(?: (?:needed|required|necessary))?|anyone can (?:do|apply)|no interview)\b/i
const EASY =
  /\b(?:from (?:the comfort of )?(?:your )?home|work from home|part[- ]time|easy (?:work|job|tasks|money)|flexible hours|few hours)\b/i
const GET_RICH =
  /\b(?:guaranteed (?:income|pay|earnings|salary)(?! (?:increase|increases|rise|rises|review|reviews|progression|band|bands)\b)|easy money|get rich|quick cash|fast cash|financial freedom)\b/i

/** Pay far above what the job asks: thousands a week from home, or a six-figure salary for no experience. */
const tooHigh = (annual: number, period: string, noExperience: boolean, easy: boolean): boolean => {
  const weekly = annual / 52
  if (period === "week" || period === "day") return weekly >= 2000 && (noExperience || easy)
  if (period === "hour") return annual >= 75 * 2080 && noExperience
  return annual >= 150_000 && noExperience
}

const GET_RICH_WORDS = wordsOf([
  "guaranteed ",
  "easy money",
  "get rich",
  "quick cash",
  "fast cash",
  "financial freedom"
])

export const unrealisticPay = (text: FlagText): Flag | undefined => {
  const named = sentencesMatching(text, MIGHT_NAME_MONEY)
  const noExperience = named.length > 0 && NO_EXPERIENCE.test(text.all)
  const easy = named.length > 0 && EASY.test(text.all)
  // No pay is too high for a job that asks experience and promises no easy work: the amounts need no reading.
  for (const sentence of noExperience || easy ? named : []) {
    for (const pay of paysInText(sentence)) {
      if (tooHigh(pay.annualMax, pay.period, noExperience, easy)) {
        const at = Math.max(0, sentence.indexOf(pay.quote ?? ""))
        return flag(
          "UNREALISTIC_PAY",
          "high",
          "Promises very high pay for little or no experience",
          excerpt(sentence, at, 0)
        )
      }
    }
  }
  const rich = findAffirmed(text, GET_RICH, GET_RICH_WORDS)
  return rich && flag("UNREALISTIC_PAY", "high", "Promises easy or guaranteed money", rich.quote)
}

const EMAIL = /[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g
const FREE_MAIL =
  /^(?:gmail|googlemail|yahoo|ymail|rocketmail|outlook|hotmail|live|msn|aol|icloud|me|protonmail|proton|gmx|mail|yandex|inbox|zohomail)\.[a-z.]+$/i

const EMAIL_AT = new RegExp(EMAIL.source, "y")

// The characters of EMAIL's local part: [A-Za-z0-9._%+-].
const isLocal = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46 || c === 95 || c === 37 ||
  c === 43 || c === 45

/**
 * The matches `text.matchAll(EMAIL)` finds, in order, with the regex run only from the start of the local part
 * before each "@" (every match holds exactly one "@", and begins as far left of it as the local part goes).
 */
function* emailsOf(text: string): Generator<RegExpExecArray> {
  let end = 0
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let start = at
    while (start > end && isLocal(text.charCodeAt(start - 1))) start--
    if (start === at) continue
    EMAIL_AT.lastIndex = start
    const match = EMAIL_AT.exec(text)
    if (match === null) continue
    end = start + match[0].length
    yield match
  }
}

export const freeMailRecruiter = (text: FlagText): Flag | undefined => {
  if (!text.all.includes("@")) return undefined
  for (const match of emailsOf(text.all)) {
    if (FREE_MAIL.test(match[1] ?? "")) {
      return flag(
        "FREE_MAIL_RECRUITER",
        "medium",
        "The contact address is a free webmail account, not a company one",
        match[0]
      )
    }
  }
  return undefined
}

const NO_NAME = /^(?:|unknown|n\/?a|none|null|anonymous|company|employer|hiring company|a company|our company|-+|\?+)$/i
const HIDDEN_NAME =
  /^(?:confidential|undisclosed|not disclosed|private|stealth(?: startup| company)?|(?:our|a) client|leading company)$/i

// "I'm a recruiter with Bluebell Health Staffing ... one of our hospital partners": an agency that names itself and
// keeps its client's name back, as agencies do.
const VIA_AGENCY =
  /\b(?:recruiter (?:at|with|for)|(?:staffing|recruiting|recruitment|search) (?:agency|firm|partner)|(?:one of )?(?:our|my) (?:\w+ )?(?:clients?|partners?)\b|a client of (?:ours|mine))/i

export const noCompany = (text: FlagText): Flag | undefined => {
  const company = text.posting.company.trim()
  if (NO_NAME.test(company)) {
    if (company === "" && VIA_AGENCY.test(text.posting.description)) {
      return flag("NO_COMPANY", "low", "The employer's name is withheld by the recruiter who posted it")
    }
    return flag("NO_COMPANY", "medium", "No identifiable employer is named", company === "" ? undefined : company)
  }
  if (HIDDEN_NAME.test(company)) return flag("NO_COMPANY", "low", "The employer's name is withheld", company)
  return undefined
}

const STRONG_URGENCY =
  /\b(?:act now|limited (?:spots|positions|slots|openings|seats|places)|only \d+ (?:spots|positions|slots|openings|places|seats) (?:left|remaining|available)|(?:respond|reply) (?:today(?! at \d)|immediately|asap|right away)|(?:respond|reply|apply) within (?:the next )?\d+ hours|(?:spots|positions|places) (?:are )?filling (?:up )?fast|first come,? first served|offer (?:expires|ends) (?:today|tonight|soon|in \d+)|before it'?s too late|hurry|today only)\b/i
const WEAK_URGENCY =
  /\b(?:urgent(?:ly)? hiring|hiring (?:immediately|urgently)|immediate (?:start|hire|hiring)|start (?:today|tomorrow|immediately)|urgent|asap|act (?:fast|quickly)|don'?t miss (?:out|this))\b/gi

const WEAK_URGENCY_ONE = new RegExp(WEAK_URGENCY.source, "i")

const STRONG_URGENCY_WORDS = wordsOf([
  "act ",
  "limited ",
  "only ",
  "respond ",
  "reply ",
  "apply ",
  "filling",
  "first come",
  "offer ",
  "miss ",
  "too late",
  "hurry",
  "today only"
])
const WEAK_URGENCY_WORDS = wordsOf(["urgent", "hiring ", "immediate ", "start ", "asap", "act ", "miss "])

export const urgencyPressure = (text: FlagText): Flag | undefined => {
  const strong = findAffirmed(text, STRONG_URGENCY, STRONG_URGENCY_WORDS)
  if (strong !== undefined) return flag("URGENCY_PRESSURE", "medium", "Pushes for a quick decision", strong.quote)
  if (!mayMatch(text, WEAK_URGENCY_WORDS)) return undefined
  const weak = new Set([...text.all.matchAll(WEAK_URGENCY)].map((m) => m[0].toLowerCase()))
  const quote = text.sentences.find((s) => WEAK_URGENCY_ONE.test(s))
  return weak.size >= 2 && quote !== undefined
    ? flag("URGENCY_PRESSURE", "medium", "Pushes for a quick decision", excerpt(quote, 0, 0))
    : undefined
}

const SENSITIVE =
  /\b(?:social security (?:number|no)|ssn|bank (?:account|details|information|info|login|routing|statements?)|routing (?:number|no)|account number|credit card|debit card|(?:copy|photo|scan|picture|image) of (?:your )?(?:id|passport|driver'?s licen[cs]e|identity card|national id|social security card)|passport (?:copy|scan|number)|driver'?s licen[cs]e (?:number|copy|photo)|mother'?s maiden name|online banking|pin (?:number|code))\b/i
const ASKED_NOW =
  /\b(?:send|provide|submit|include|email|attach|upload|share|forward|text|give us|to apply|with your (?:application|resume|cv)|before (?:the |your |an |any )?interview|to be considered|for (?:direct deposit|payroll) setup)\b/i
// After an offer, or a board's own warning not to give them ("Don't provide your bank or credit card details", which a
// pasted page may run into the word before it: "Be carefulDon't provide").
const LATER =
  /\b(?:after (?:an? |the |your )?(?:offer|hire|hiring|acceptance)|upon (?:hire|hiring|offer|acceptance)|first day|i-9|e-verify|once hired)\b|(?:don['’]?t|do not|never)\s+(?:\w+\s+)?(?:provide|send|give|share|disclose|ask(?: for| you for)?)\b/i

const SENSITIVE_WORDS = wordsOf([
  "social security",
  "ssn",
  "bank ",
  "routing ",
  "account number",
  "credit card",
  "debit card",
  "copy of ",
  "photo of ",
  "scan of ",
  "picture of ",
  "image of ",
  "passport ",
  "driver",
  "maiden name",
  "online banking",
  "pin "
])

export const sensitiveInfoEarly = (text: FlagText): Flag | undefined => {
  const found = findAffirmed(text, SENSITIVE, SENSITIVE_WORDS, ASKED_NOW, LATER)
  return found &&
    flag(
      "SENSITIVE_INFO_EARLY",
      "high",
      "Asks for bank, ID or social security details before any interview",
      found.quote
    )
}

// Any money from the candidate, said softly: "the $89 training materials", "purchase your own equipment from our
// vendor", "the cost of the background check is deducted". Alone it can be honest (uniforms, tools of a trade);
// beside a free-mail or chat-app contact it is the classic scam.
const CANDIDATE_PAYS =
  /\b(?:(?:you(?:'ll| will)? (?:need to |have to |must )?(?:pay|purchase|buy|cover|invest)|(?:pay|purchase|buy|cover|invest in) (?:for )?(?:your|the|a|an)|(?:cost|price|fee) (?:of|for) (?:the |your )?|(?:\$|usd ?|£|€)\s?\d[\d,.]* (?:for|to cover|towards?)|deducted from your (?:first )?(?:pay|check|cheque|salary))[^.;]{0,60}?\b(?:training|materials?|kit|equipment|software|laptop|computer|background check|certificat\w*|registration|supplies|package|license|licence|onboarding|id badge|work station|workstation|program(?:me)?)\b)/i
const CANDIDATE_PAYS_WORDS = wordsOf([
  "pay",
  "purchase",
  "buy",
  "cover",
  "invest",
  "cost",
  "price",
  "fee",
  "$",
  "usd",
  "£",
  "€",
  "deducted"
])

const CHAT_INTERVIEW =
  /\binterviews? (?:(?:will|is|are) (?:be )?)?(?:conducted |held |done |take place )?(?:only )?(?:via|through|over|on|by|using) (?:text|chat|instant messag\w*|im|online chat|yahoo messenger|skype (?:chat|im)|google chat)\b|\b(?:text|chat)[- ]based interview\b/i
const CHAT_INTERVIEW_WORDS = wordsOf(["interview"])

export const chatInterview = (text: FlagText): Flag | undefined => {
  const found = findAffirmed(text, CHAT_INTERVIEW, CHAT_INTERVIEW_WORDS)
  return found &&
    flag("OFF_PLATFORM_CONTACT", "high", "Holds the interview by text chat, as scams do", found.quote)
}

// Roles whose pay has a known ceiling; far above it, the pay is bait.
const MODEST_ROLE =
  /\b(?:data entry|receptionist|admin(?:istrative)? assistant|office assistant|customer service|call center|package handler|mystery shopper|virtual assistant|personal assistant|typist|clerk|cashier|packer|warehouse associate|envelope stuff\w*|product tester|payment processing|payroll processing agent|shipping agent)\b/i
const MODEST_CEILING = { hour: 40, year: 85_000 } as const
// A title that names a skilled role is not a modest one, whatever it works on ("Backend Engineer – Payment
// Processing", "Customer Service Director").
const SKILLED_ROLE =
  /\b(?:engineer|developer|architect|scientist|analyst|manager|director|head of|vp|vice president|consultant|accountant|attorney|lawyer|nurse|physician)s?\b/i

export const payAboveRole = (text: FlagText, pay: Pay | undefined): Flag | undefined => {
  const title = text.posting.title
  if (pay === undefined || !MODEST_ROLE.test(title) || SKILLED_ROLE.test(title)) return undefined
  const hourly = pay.period === "hour" ? pay.annualMax / 2080 : undefined
  const tooHigh = hourly !== undefined ? hourly > MODEST_CEILING.hour : pay.annualMax > MODEST_CEILING.year
  if (!tooHigh) return undefined
  const quote = pay.quote === undefined ? undefined : text.sentences.find((s) => s.includes(pay.quote ?? ""))
  return flag(
    "UNREALISTIC_PAY",
    "high",
    `Offers pay far above what a ${text.posting.title.trim()} role pays`,
    quote === undefined ? undefined : excerpt(quote, Math.max(0, quote.indexOf(pay.quote ?? "")), 0)
  )
}

/**
 * Signs that are weak alone and strong together. A free-mail contact beside any payment by the candidate becomes
 * UPFRONT_PAYMENT (high); a free-mail contact with two more medium signs (no employer named, pressure) becomes
 * a high FREE_MAIL_RECRUITER.
 */
export const combinations = (text: FlagText, found: ReadonlyArray<Flag>): ReadonlyArray<Flag> => {
  const has = (code: string) => found.some((f) => f.code === code)
  const freeMail = found.find((f) => f.code === "FREE_MAIL_RECRUITER")
  const offPlatform = has("OFF_PLATFORM_CONTACT")
  const out: Array<Flag> = []
  if ((freeMail !== undefined || offPlatform) && !has("UPFRONT_PAYMENT")) {
    const pays = findAffirmed(text, CANDIDATE_PAYS, CANDIDATE_PAYS_WORDS)
    if (pays !== undefined) {
      out.push(
        flag(
          "UPFRONT_PAYMENT",
          "high",
          `Asks candidates to pay for something and gives only ${
            freeMail === undefined ? "a chat-app contact" : `a free-mail contact (${freeMail.evidence ?? "webmail"})`
          }`,
          pays.quote
        )
      )
    }
  }
  const medium = found.filter((f) =>
    f.severity === "medium" && f.code !== "FREE_MAIL_RECRUITER" && SIGN_CODES.has(f.code)
  )
  if (freeMail !== undefined && freeMail.severity !== "high" && medium.length >= 2) {
    out.push({
      ...freeMail,
      severity: "high",
      message: `${freeMail.message}, with ${medium.map((f) => f.message.toLowerCase()).join(" and ")}`
    })
  }
  return out
}

const SIGN_CODES: ReadonlySet<string> = new Set(["NO_COMPANY", "URGENCY_PRESSURE"])

// The home-based schemes of real scam postings: data entry, typing or payroll "positions" from home, paid by the day
// or the week, often with no experience asked ("Payroll Data Coordinator Positions - Earn $100-$200 Daily").
const HOME_ROLE =
  /\b(?:data entry|typists?|typing|payroll (?:data|clerks?|typists?|coordinators?)|clerical|envelope stuffing|mystery shopp\w*|package handlers?|reshipp\w*|online assistants?)\b/i
const PAID_BY_THE_DAY =
  /(?:[$£€]|usd ?)\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:-|–|to)\s?[$£€]?\s?\d[\d,]*)?\s*(?:\/\s?|per |a |an |each )?(?:day|daily|week|weekly)\b/i
const POSITIONS = /\bpositions\b/i

/** A home-based clerical role paid by the day or the week, or offered as many "positions" at once from home. */
export const homeBasedScheme = (text: FlagText): Flag | undefined => {
  const title = text.posting.title
  const either = (pattern: RegExp) => pattern.test(title) || pattern.test(text.all)
  if (!either(HOME_ROLE) || !(either(EASY) || either(NO_EXPERIENCE))) return undefined
  const paid = [title, ...text.sentences].find((s) => PAID_BY_THE_DAY.test(s))
  if (paid !== undefined) {
    return flag(
      "HOME_BASED_SCHEME",
      "high",
      "Offers home-based clerical work paid by the day or the week, as scams do",
      excerpt(paid, Math.max(0, paid.search(PAID_BY_THE_DAY)), 0)
    )
  }
  return POSITIONS.test(title) && EASY.test(title)
    ? flag("HOME_BASED_SCHEME", "medium", "Offers home-based clerical positions in bulk, as scams do", title)
    : undefined
}

// "Human Resources Assistant/Executive Assistant/Legal Assistant/Data Entry Clerk/…": one posting for many unrelated
// jobs at once, a net cast for anyone.
const ROLE_NOUN =
  /\b(?:assistant|clerk|coordinator|representative|agent|secretary|receptionist|typist|officer|administrator|processor|specialist)s?\s*$/i

export const manyRoles = (text: FlagText): Flag | undefined => {
  const parts = text.posting.title.split(/\s*\/\s*/)
  return parts.length >= 4 && parts.filter((p) => ROLE_NOUN.test(p)).length >= 4
    ? flag("MANY_ROLES", "medium", "Offers many unrelated roles in one posting", text.posting.title)
    : undefined
}
