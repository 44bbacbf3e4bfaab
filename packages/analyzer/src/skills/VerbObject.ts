import type { Mention } from "./Matcher.js"
import type { Sentence } from "./Sentence.js"
import type { Taxonomy } from "./Taxonomy.js"
import { WordFilter } from "./Tokenizer.js"

/**
 * Skills a posting or a resume names as a task, a verb and its object with words between them: "assess stroke
 * patients", "enter and code vendor invoices", "manage the CEO's calendar". A term is read where its words stand
 * together; these are not. Only pairs whose meaning is the skill whatever stands between. Names are the taxonomy's
 * canonical names; a test checks that each exists.
 */
export const VERB_OBJECT: ReadonlyArray<{
  readonly skill: string
  readonly verbs: ReadonlyArray<string>
  readonly objects: ReadonlyArray<string>
  /** Words after the object that make it another thing ("calendar year"). */
  readonly notBefore?: ReadonlyArray<string>
  /** Words right before the object that make it another thing ("social calendar"). */
  readonly notAfter?: ReadonlyArray<string>
  /**
   * The first word alone names the skill, and the object is read as its own term too: "accessible HTML" is web
   * accessibility and HTML.
   */
  readonly qualifier?: boolean
}> = [
  {
    skill: "Patient assessment",
    verbs: ["assess", "assesses", "assessed", "assessing"],
    objects: ["patient", "patients", "residents", "children", "infants", "adults"]
  },
  {
    skill: "Medication administration",
    verbs: ["administer", "administers", "administered", "administering", "give", "gives", "giving", "pass", "passing"],
    objects: ["medication", "medications", "meds", "medicines", "chemotherapy", "injections", "vaccines", "infusions"]
  },
  {
    skill: "Invoicing",
    verbs: [
      "process",
      "processes",
      "processed",
      "processing",
      "enter",
      "enters",
      "entered",
      "entering",
      "code",
      "coding",
      "match",
      "matching",
      "prepare",
      "preparing",
      "issue",
      "issuing",
      "send",
      "sending"
    ],
    objects: ["invoice", "invoices", "bills"]
  },
  {
    skill: "Calendar management",
    verbs: ["manage", "manages", "managed", "managing", "keep", "keeps", "kept", "keeping", "maintain", "maintaining"],
    objects: ["calendar", "calendars", "diary", "diaries"],
    notBefore: ["year", "years", "month", "months", "quarter", "quarters", "week", "weeks", "day", "days"],
    notAfter: ["social", "content", "editorial", "marketing", "publishing", "posting", "events", "release"]
  },
  {
    skill: "Patient triage",
    verbs: ["triage", "triages", "triaged", "triaging"],
    objects: ["patient", "patients", "callers"]
  },
  {
    skill: "Student assessment",
    verbs: ["assess", "assesses", "assessing", "evaluate", "evaluating"],
    objects: ["pupils", "students", "learners"]
  },
  {
    skill: "Loading and unloading",
    verbs: ["load", "loads", "loading", "unload", "unloads", "unloading"],
    objects: ["trailers", "trucks", "containers", "vans", "freight"]
  },
  {
    skill: "Food preparation",
    verbs: ["prep", "preps", "prepping", "prepare", "prepares", "preparing"],
    objects: ["fish", "sauces", "vegetables", "ingredients", "proteins", "meats", "salads", "dough"]
  },
  {
    skill: "Front desk operations",
    verbs: ["greet", "greets", "greeting", "welcome", "welcoming"],
    objects: ["patients", "guests", "visitors", "clients"]
  },
  {
    skill: "Account reconciliation",
    verbs: ["reconcile", "reconciles", "reconciled", "reconciling"],
    objects: [
      "account",
      "accounts",
      "statements",
      "balances",
      "ledger",
      "ledgers",
      "subledger",
      "subledgers",
      "billing",
      "transactions",
      "payments",
      "deposits",
      "receipts",
      "cash",
      "intercompany"
    ]
  },
  {
    // "Run the monthly revenue close": a period's close of the books.
    skill: "Month-end close",
    verbs: ["monthly", "quarterly"],
    objects: ["close", "closes", "closing"]
  },
  {
    skill: "Data modeling",
    verbs: ["model", "models", "modeling", "modelling"],
    objects: ["data"]
  },
  {
    skill: "Budget management",
    verbs: ["manage", "manages", "managed", "managing", "own", "owns", "owning", "oversee", "overseeing"],
    objects: ["budget", "budgets"]
  },
  {
    skill: "Web accessibility",
    verbs: ["accessible"],
    objects: ["html", "markup", "interfaces", "ui", "uis", "components", "websites", "web", "frontends", "forms"],
    qualifier: true
  },
  {
    // "Give IV medications", "hang IV antibiotics": the route names the skill, the medicines are given too.
    skill: "IV therapy",
    verbs: ["iv"],
    objects: ["medications", "medication", "meds", "antibiotics", "fluids"],
    qualifier: true
  },
  {
    skill: "Link building",
    verbs: ["build", "builds", "building", "earn", "earns", "earning", "acquire", "acquiring", "win", "winning"],
    objects: ["links", "backlinks"]
  },
  {
    // "Prepare partnership (1065) and individual (1040) returns".
    skill: "Tax preparation",
    verbs: ["prepare", "prepares", "preparing", "prepared", "file", "files", "filing"],
    objects: ["returns"]
  },
  {
    skill: "Code review",
    verbs: ["review", "reviews", "reviewing", "reviewed"],
    objects: ["code", "pull", "prs"]
  },
  {
    skill: "Requirements gathering",
    verbs: ["gather", "gathers", "gathering", "collect", "collecting", "elicit", "eliciting", "capture", "capturing"],
    objects: ["requirements"]
  },
  {
    skill: "Content marketing",
    verbs: ["write", "writes", "writing", "draft", "drafting", "publish", "publishing"],
    objects: ["blog", "blogs"]
  },
  {
    skill: "Copywriting",
    verbs: ["write", "writes", "writing", "draft", "drafting"],
    objects: ["newsletter", "newsletters", "headlines", "taglines", "copy"]
  },
  {
    // "Send the weekly newsletter", "promote posts through our newsletter": running a list's e-mail.
    skill: "Email marketing",
    verbs: [
      "send",
      "sends",
      "sending",
      "promote",
      "promotes",
      "promoting",
      "grow",
      "grows",
      "growing",
      "run",
      "runs",
      "running"
    ],
    objects: ["newsletter", "newsletters"]
  },
  {
    skill: "People management",
    verbs: [
      "supervise",
      "supervises",
      "supervising",
      "supervised",
      "manage",
      "managing",
      "lead",
      "leading",
      // "Hire, coach and evaluate nurses and techs".
      "coach",
      "coaching",
      "evaluate"
    ],
    objects: [
      "others",
      "people",
      "staff",
      "employees",
      "reports",
      "teams",
      "accountants",
      "nurses",
      "engineers",
      "designers",
      "designer",
      "freelancers",
      "contractors",
      "clerks",
      "specialists",
      "analysts",
      "technicians",
      "techs"
    ]
  },
  {
    skill: "Market segmentation",
    verbs: ["segment", "segments", "segmented", "segmenting"],
    objects: ["list", "lists", "audience", "audiences", "customers", "subscribers", "database"]
  }
]

/**
 * Words that may stand between a verb and its object: "enter and code vendor invoices" has three, "administer oral,
 * IV and subcutaneous medications" four. A hyphenated word is one ("triage the walk-in and EMS patients").
 */
const MAX_BETWEEN = 4

interface Pair {
  readonly skill: string
  readonly objects: ReadonlySet<string>
  readonly notBefore: ReadonlySet<string>
  readonly notAfter: ReadonlySet<string>
  readonly qualifier: boolean
}

const pairsOfVerb = new Map<string, Array<Pair>>()
for (const { notAfter = [], notBefore = [], objects, qualifier = false, skill, verbs } of VERB_OBJECT) {
  const pair: Pair = {
    skill,
    objects: new Set(objects),
    notBefore: new Set(notBefore),
    notAfter: new Set(notAfter),
    qualifier
  }
  for (const verb of verbs) {
    const pairs = pairsOfVerb.get(verb)
    if (pairs === undefined) pairsOfVerb.set(verb, [pair])
    else pairs.push(pair)
  }
}
// Looked up for every token of every sentence: most are ruled out by their hash alone.
const byVerb = new WordFilter(pairsOfVerb)

// Between a verb and its object: words, spaces, commas, hyphens and apostrophes; a clause break (; : . ! ? or a
// parenthesis) ends the search.
const CLAUSE_BREAKS = new Set([59, 58, 46, 33, 63, 40, 41])
const HYPHEN = 45

const breaksClause = (text: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) if (CLAUSE_BREAKS.has(text.charCodeAt(i))) return true
  return false
}

// Plain loops, not `find` and `some` with closures: these run for every verb of every sentence.
/** The pair whose objects hold `word`, if any. */
const pairOf = (pairs: ReadonlyArray<Pair>, word: string): Pair | undefined => {
  for (const pair of pairs) if (pair.objects.has(word)) return pair
  return undefined
}

/** Whether any of `mentions` overlaps tokens [first, last]. */
const overlapsAny = (mentions: ReadonlyArray<Mention>, first: number, last: number): boolean => {
  for (const m of mentions) if (m.first <= last && m.last >= first) return true
  return false
}

/**
 * The verb–object mentions of a sentence that overlap none of `found` (the terms read there), each from its verb
 * to its object.
 */
export const verbObjectMentions = (
  sentence: Sentence,
  taxonomy: Taxonomy,
  found: ReadonlyArray<Mention>
): ReadonlyArray<Mention> => {
  const tokens = sentence.tokens
  const mentions: Array<Mention> = []
  for (let at = 0; at < tokens.length; at++) {
    const entries = byVerb.get(tokens[at]!)
    if (entries === undefined) continue
    let between = 0
    for (let object = at + 1; between <= MAX_BETWEEN && object < tokens.length; object++) {
      const from = tokens[object - 1]!.end
      const to = tokens[object]!.start
      if (breaksClause(sentence.text, from, to)) break
      if (to - from !== 1 || sentence.text.charCodeAt(from) !== HYPHEN || object === at + 1) between++
      const entry = pairOf(entries, tokens[object]!.norm)
      if (entry === undefined) continue
      if (entry.notBefore.has(tokens[object + 1]?.norm ?? "")) break
      if (object > at + 1 && entry.notAfter.has(tokens[object - 1]!.norm)) break
      const skill = taxonomy.byName.get(entry.skill.toLowerCase())
      const last = entry.qualifier ? at : object
      // A qualifier is a word of its own: "give IV medications" is medication administration and IV therapy.
      const overlaps = overlapsAny(found, at, last) || (!entry.qualifier && overlapsAny(mentions, at, last))
      if (skill !== undefined && !overlaps) mentions.push({ skill, first: at, last })
      break
    }
  }
  return mentions
}
