/** Sentence templates for the assessment; `{x}` is filled from the analysis, never from anything else. */
export const OPENING = {
  APPLY: [
    "This looks like a strong fit, scoring {score}/100.",
    "A strong match: {score} out of 100.",
    "You fit this role well, with a score of {score}/100.",
    "With a score of {score}/100, this role suits your profile."
  ],
  MAYBE: [
    "A partial fit, scoring {score}/100.",
    "This role is a possible match at {score}/100.",
    "A mixed fit: {score} out of 100.",
    "You meet part of what this role asks, for a score of {score}/100."
  ],
  SKIP: [
    "This role is a weak fit, scoring {score}/100.",
    "A poor match at {score} out of 100.",
    "Your profile and this role are far apart: {score}/100.",
    "The fit is low, at {score}/100."
  ],
  UNKNOWN: [
    "The posting says too little to judge the fit; {score}/100 is a neutral score.",
    "With no skills to compare, the score of {score}/100 is only a neutral guess."
  ],
  FLAGGED: [
    "The match scores {score}/100, but the posting shows warning signs.",
    "On paper this scores {score}/100; the posting itself raises concerns.",
    "Whatever the {score}/100 score, this posting looks risky."
  ]
} as const

export const STRENGTHS = [
  "You bring {list}, which the posting asks for.",
  "Your profile covers {list} from the requirements.",
  "On the requirements, you already have {list}."
] as const

export const PREFERRED_STRENGTHS = [
  "You also have {list}, listed as nice to have.",
  "Bonus points for {list}, which the posting would like to see."
] as const

export const NO_MATCH = [
  "None of the required skills we found appear in your profile.",
  "Your profile shows none of the skills the posting requires."
] as const

export const NO_SKILLS = [
  "The posting names no skills we recognise, so the fit rests on the other factors.",
  "We found no recognisable skill requirements in the posting."
] as const

export const GAPS = [
  "The main {gap} {are} {list}.",
  "It asks for {list}, which your profile does not show.",
  "You would need to show {list}."
] as const

export const PREFERRED_GAPS = [
  "Nice-to-haves you lack: {list}.",
  "It would also help to have {list}."
] as const

export const GATE = [
  "The posting makes {what} a hard requirement (\"{quote}\"), and your profile does not show it.",
  "A hard requirement is missing from your profile: {what} (\"{quote}\").",
  "Your profile does not show {what}, which the posting requires: \"{quote}\"."
] as const

export const FACTOR = [
  "On {factor}: {detail}.",
  "As for {factor}, {detail}.",
  "{Factor}: {detail}."
] as const

export const RISKS = [
  "Be careful: {list}.",
  "Warning signs: {list}.",
  "Red flags: {list}."
] as const

export const MINOR = ["Also note: {list}.", "Minor points: {list}."] as const

export const ADVICE = {
  APPLY: [
    "Apply, and lead with {top}.",
    "Worth applying; put {top} up front.",
    "Go ahead and apply, highlighting {top}."
  ],
  APPLY_PLAIN: ["Worth applying.", "Go ahead and apply."],
  MAYBE: [
    "Apply if you can show {gap} some other way.",
    "Consider applying once you can speak to {gap}.",
    "Worth a closer look before you apply, especially around {gap}."
  ],
  MAYBE_PLAIN: ["Worth a closer look before you apply.", "Consider applying if the role appeals to you."],
  SKIP: ["Better to skip this one.", "Your time is likely better spent on other postings."],
  FLAGGED: [
    "Do not share personal or payment details; skip this posting.",
    "Treat it as a likely scam and skip it.",
    "Skip it, and never pay or share bank details to get a job."
  ]
} as const
