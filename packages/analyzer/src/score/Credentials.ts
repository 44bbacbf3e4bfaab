import { statesNamed } from "../extract/Place.js"
import type { PostingSkill } from "../skills/PostingSkills.js"
import type { Gate, GateKind } from "./Gates.js"
import { GENERIC, SOFT, wordIn } from "./GateText.js"
import type { ProfileFacts } from "./ProfileFacts.js"

/**
 * Credential gates: licences, certifications and registrations a posting requires, named by the taxonomy or on a
 * line of their own, and whether the profile holds them (in the state the posting names, among its certificates).
 */

// Taxonomy skills that are credentials. A licence or certification named as required is a gate; skills that are
// also plain experience (forklifts, hazmat) are gates only where the sentence speaks of a licence or certificate.
const LICENCES = new Set([
  "Registered Nurse",
  "Licensed Practical Nurse",
  "Nurse Practitioner",
  "Commercial driver's license",
  "Journeyman electrician license",
  "Master electrician license",
  "Bar admission",
  "Real estate license",
  "Security guard license",
  "Teaching license"
])
const CERTIFICATIONS = new Set([
  "Certified Public Accountant",
  "Certified Management Accountant",
  "Certified Nursing Assistant",
  "Basic Life Support",
  "Advanced Cardiovascular Life Support",
  "Pediatric Advanced Life Support",
  "Neonatal Resuscitation Program",
  "Progressive Care Certified Nurse",
  "CPR",
  "NCLEX",
  "Pharmacy Technician Certification",
  "EPA 608",
  "Series 7",
  "SHRM certification",
  "TESOL",
  "CCNA",
  "CompTIA A+",
  "ASE certification",
  "Paralegal certificate",
  "Certified ScrumMaster",
  "Certified Ethical Hacker"
])
const DEGREES = new Set(["BSN degree", "Juris Doctor"])
const CREDENTIAL_WORDS = /\b(?:licen[cs]e[ds]?|licensure|certifi(?:ed|cate|cation)s?|endorsements?|card)\b/i
const SOMETIMES_CREDENTIALS = new Set([
  "Forklift operation",
  "Hazardous materials",
  "Medical assisting",
  "First aid",
  "ServSafe",
  "Food safety"
])

export const kindOfCredential = (skill: PostingSkill): GateKind | undefined => {
  const name = skill.skill.name
  if (LICENCES.has(name)) return "licence"
  if (DEGREES.has(name)) return "degree"
  if (CERTIFICATIONS.has(name)) return "certification"
  if (SOMETIMES_CREDENTIALS.has(name) && CREDENTIAL_WORDS.test(skill.quote)) {
    return /\bendorse/i.test(skill.quote) || /\blicen[cs]/i.test(skill.quote) ? "licence" : "certification"
  }
  return undefined
}

// A licence valid in more than one state: the jurisdiction check does not apply.
const ANY_STATE = /\b(?:compact|multi-?state|any (?:us )?state|nlc)\b/i

/**
 * A licence for a state the resume does not show ("Active California RN license" for a nurse whose resume names
 * Texas only): a US licence is valid in its own state. A resume that names no state says nothing; only a missing
 * licence is reported, the licence itself being read as its credential.
 */
// The states a resume names, found once per profile: scanning the whole resume per licence line cost 5% of a run.
const resumeStates = new WeakMap<ProfileFacts, ReadonlySet<string>>()
const statesOfResume = (facts: ProfileFacts): ReadonlySet<string> => {
  const known = resumeStates.get(facts)
  if (known !== undefined) return known
  const found = statesNamed(facts.text)
  resumeStates.set(facts, found)
  return found
}

// "(a Texas or compact license is not valid in California)": licences the posting turns away, said beside the one it
// asks; the clause that says so is left out before the asked licence is read.
const REFUSED_CLAUSE =
  /\([^()]*\b(?:not (?:valid|accepted|recogni[sz]ed|sufficient|enough)|(?:does|do|will) not (?:count|qualify|transfer)|cannot be used)\b[^()]*\)|[;,][^;,()]*\b(?:not (?:valid|accepted|recogni[sz]ed)|(?:does|do|will) not (?:count|qualify|transfer))\b[^;,()]*/gi

export const stateLicenceGate = (whole: string, facts: ProfileFacts): Gate | undefined => {
  const sentence = /\bnot\b/i.test(whole) ? whole.replace(REFUSED_CLAUSE, "") : whole
  if (!/licen/i.test(sentence) || ANY_STATE.test(sentence) || SOFT.test(sentence) || /driv/i.test(sentence)) {
    return undefined
  }
  const asked = statesNamed(sentence)
  if (asked.size === 0) return undefined
  const shown = statesOfResume(facts)
  if (shown.size === 0 || [...asked].some((state) => shown.has(state))) return undefined
  return {
    kind: "licence",
    what: `a licence for ${[...asked].join(" or ").toUpperCase()}`,
    quote: whole,
    met: false
  }
}

// A national regulator's registration ("Current AHPRA registration as a Registered Nurse", "an active NMC PIN"): a
// licence to practise in that country, which a licence from elsewhere is not. Shown by the regulator's name in the
// resume, or by a home in that country.
const REGULATORS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/\bahpra\b|\bnursing and midwifery board of australia\b/i, "AU", "AHPRA registration"],
  [/\bnmc\b|\bnursing and midwifery council\b/i, "GB", "NMC registration"],
  [/\bhcpc\b|\bhealth and care professions council\b/i, "GB", "HCPC registration"],
  [/\bgmc\b|\bgeneral medical council\b/i, "GB", "GMC registration"],
  [/\bnursing council of new zealand\b|\bncnz\b/i, "NZ", "Nursing Council of New Zealand registration"],
  [/\bcollege of nurses of ontario\b/i, "CA", "College of Nurses of Ontario registration"]
]

const ELIGIBLE_INSTEAD = /\bor (?:be )?eligib(?:le|ility) (?:to|for)\b/i

/** Words a registration line holds: a cheap check before the regulators' names are looked for. */
export const REGISTRATION_WORDS = /regist|licen|\bpin\b/i

export const regulatorGate = (sentence: string, facts: ProfileFacts): Gate | undefined => {
  // "NMC registration, or eligibility to register with the NMC": the employer helps one register after hire.
  if (SOFT.test(sentence) || !REGISTRATION_WORDS.test(sentence) || ELIGIBLE_INSTEAD.test(sentence)) return undefined
  const found = REGULATORS.find(([pattern]) => pattern.test(sentence))
  if (found === undefined) return undefined
  const [pattern, country, what] = found
  return { kind: "licence", what, quote: sentence, met: pattern.test(facts.text) || facts.country === country }
}

export const credentialGates = (
  skills: ReadonlyArray<PostingSkill>,
  has: (name: string) => boolean
): ReadonlyArray<Gate> => {
  const gates: Array<Gate> = []
  const seen = new Set<string>()
  for (const skill of skills) {
    if (skill.importance !== "required" || seen.has(skill.skill.name)) continue
    const kind = kindOfCredential(skill)
    if (kind === undefined || SOFT.test(skill.quote)) continue
    // "an RN license, a paramedic certification, or a BSN": one gate any member meets.
    const group = [skill.skill.name, ...skill.alternatives]
    for (const name of group) seen.add(name)
    gates.push({
      kind,
      what: group.join(" or "),
      quote: skill.quote,
      met: group.some(has)
    })
  }
  return gates
}

// "Certified Case Manager (CCM) credential is required", "a CIA designation is mandatory": a credential the
// taxonomy does not know, named as required. The profile shows it by its abbreviation or its full name.
const NAMED_CREDENTIAL =
  /\b((?:[A-Z][\w&'-]*\s+){0,5}[A-Z][\w&'-]*)?\s*\(?\b([A-Z][A-Za-z&-]{1,7})\)?\s+(?:credential|certification|certificate|designation|license|licence|registration)s?\s+(?:is\s+|are\s+)?(?:required|mandatory|needed|a must)\b/
const ABBREVIATION_ONLY =
  /\b([A-Z][A-Za-z&-]{1,7})\s+(?:credential|certification|designation)s?\s+(?:is\s+)?(?:required|mandatory)\b/

// A requirement line that is a licence and nothing more: "California adjuster license", "Oregon dental hygiene
// license". Its telling words (without the place and the word "license") must be in the profile.
const LICENCE_LINE =
  /^(?:an?\s+|active\s+|valid\s+|current\s+|unrestricted\s+)*((?:[\p{L}'-]+\s+){1,5})(licen[cs]e|licensure|certification|certificate|registration|endorsement)(?:\s*\([^()]{1,40}\))?(?:\s+(?:is\s+)?(?:required|needed|a must))?\.?$/iu
const PLACE_WORDS = new Set([
  ...Object.keys({
    alabama: 1,
    alaska: 1,
    arizona: 1,
    arkansas: 1,
    california: 1,
    colorado: 1,
    connecticut: 1,
    delaware: 1,
    florida: 1,
    georgia: 1,
    hawaii: 1,
    idaho: 1,
    illinois: 1,
    indiana: 1,
    iowa: 1,
    kansas: 1,
    kentucky: 1,
    louisiana: 1,
    maine: 1,
    maryland: 1,
    massachusetts: 1,
    michigan: 1,
    minnesota: 1,
    mississippi: 1,
    missouri: 1,
    montana: 1,
    nebraska: 1,
    nevada: 1,
    ohio: 1,
    oklahoma: 1,
    oregon: 1,
    pennsylvania: 1,
    tennessee: 1,
    texas: 1,
    utah: 1,
    vermont: 1,
    virginia: 1,
    washington: 1,
    wisconsin: 1,
    wyoming: 1,
    state: 1,
    new: 1,
    york: 1,
    jersey: 1,
    north: 1,
    south: 1,
    carolina: 1,
    dakota: 1,
    uk: 1,
    us: 1,
    // Where a licence is valid, not what it is: "Texas or compact RN license" asks an RN licence.
    compact: 1,
    multistate: 1,
    "multi-state": 1,
    nlc: 1
  })
])

// "Marketo Certified Expert (required)", "AWS Certified Solutions Architect": a vendor's certification named as a
// requirement line of its own. The profile shows it by every telling word among its certificates.
const CERTIFIED_LINE =
  /^(?:an?\s+|active\s+|current\s+|valid\s+)*((?:[A-Z][\w&+'-]*\s+){1,3}Certified(?:\s+[A-Z][\w&+'-]*){1,4})\s*(?:\(?\s*(?:is\s+)?(?:required|mandatory|a must)\s*\)?)?\.?$/

const certifiedLineGate = (sentence: string, facts: ProfileFacts): Gate | undefined => {
  const match = CERTIFIED_LINE.exec(sentence.trim())
  if (match === null || SOFT.test(sentence)) return undefined
  const name = match[1]!
  const words = name.toLowerCase().split(/\s+/).filter((w) => w !== "certified" && !GENERIC.has(w))
  return {
    kind: "certification",
    what: name,
    quote: sentence,
    met: words.length > 0 && words.every((w) => wordIn(facts.certificates, w))
  }
}

/**
 * The gate of a requirement line that is a licence or certification and nothing more ("California adjuster
 * license"), or else a vendor's certification line ("Marketo Certified Expert (required)").
 */
export const licenceLineGate = (sentence: string, facts: ProfileFacts): Gate | undefined => {
  const match = LICENCE_LINE.exec(sentence.trim())
  if (match === null) return certifiedLineGate(sentence, facts)
  if (/driv/i.test(sentence) || SOFT.test(sentence)) return undefined
  // "RN license or compact license": either will do.
  const alternatives = `${match[1]!}${match[2]!}`.toLowerCase().split(/\s+or\s+/).map((alternative) =>
    alternative.split(/\s+/).filter((w) =>
      w !== "" && !PLACE_WORDS.has(w) && !GENERIC.has(w) && !/^(?:licen|certif|registration|endorse)/.test(w)
    )
  ).filter((words) => words.length > 0)
  if (alternatives.length === 0) return undefined
  const kind: GateKind = /licen|endorse/i.test(match[2]!) ? "licence" : "certification"
  return {
    kind,
    what: `${alternatives.map((words) => words.join(" ")).join(" or ")} ${match[2]!.toLowerCase()}`,
    quote: sentence,
    // A certification is shown among the certificates: "Google Ads certification" is more than knowing Google Ads.
    met: alternatives.some((words) =>
      words.every((w) => wordIn(kind === "certification" ? facts.certificates : facts.text, w))
    )
  }
}

export const namedCredentialGate = (sentence: string, facts: ProfileFacts): Gate | undefined => {
  const match = NAMED_CREDENTIAL.exec(sentence) ?? ABBREVIATION_ONLY.exec(sentence)
  if (match === null || SOFT.test(sentence)) return undefined
  const abbreviation = (match[2] ?? match[1] ?? "").trim()
  const name = match[2] === undefined ? undefined : match[1]?.trim()
  // An abbreviation has two capitals at least (CPA, CompTIA, ServSafe): "Google Ads certification" names no acronym.
  if (abbreviation.length < 2 || !/^[A-Z].*[A-Z]/.test(abbreviation)) return undefined
  const shown = wordIn(facts.text, abbreviation.toLowerCase()) ||
    (name !== undefined && name.split(/\s+/).length >= 2 && facts.text.includes(name.toLowerCase()))
  return {
    kind: "certification",
    what: name === undefined ? abbreviation : `${name} (${abbreviation})`,
    quote: sentence,
    met: shown
  }
}
