/**
 * The red-flag rules' examples: a sentence of a posting and the serious flag (medium or high) it should raise, or
 * none. One generic test (test/FlagExamples.test.ts) runs each through the whole analysis, so a rule's reach is
 * written down beside it and a change that makes an honest sentence look like a scam fails there. The honest ones
 * are the kinds real boards' legitimate postings say; the others are the patterns of real scams.
 */
export interface FlagExample {
  readonly quote: string
  /** The posting's title, where the rule reads it. */
  readonly title?: string
  /** A serious flag this sentence raises (others may come with it); undefined when an honest posting says it. */
  readonly raises?: string
}

export const FLAG_EXAMPLES: ReadonlyArray<FlagExample> = [
  // Urgency: a closing call to apply or a skill said quickly is no pressure; a deadline or scarcity is.
  { quote: "Sounds like you? Apply today and become part of our growing team!" },
  { quote: "You plan your projects end to end and can think and act quickly and effectively." },
  { quote: "Don't miss this opportunity to shape our platform from day one." },
  { quote: "Registered nurses needed ASAP for our ER. Apply now!" },
  { quote: "Only 3 positions left, so act now before it's too late.", raises: "URGENCY_PRESSURE" },
  { quote: "Reply within 24 hours to secure your place; spots are filling fast.", raises: "URGENCY_PRESSURE" },
  // Pay: a raise the employer promises is a benefit, not easy money.
  { quote: "You receive a guaranteed salary increase after passing your probation." },
  { quote: "Guaranteed income of $5,000 a week, no experience needed!", raises: "UNREALISTIC_PAY" },
  // Years: how long the company's clients have stayed is no years ask.
  { quote: "Our clients have been with us for over 10 years. 2+ years of office experience." },
  { quote: "For over 18 years the company has been investing in technology. 2+ years of Java experience." },
  // Money: a benefit's discounted fee and words that begin with "fee" are not a fee the candidate pays.
  { quote: "Join a large network of gyms for a discounted membership fee." },
  { quote: "Work with our product teams to build strong program feedback loops." },
  { quote: "New starters pay a one-time registration fee of $75 for their kit.", raises: "UPFRONT_PAYMENT" },
  // Personal details: a CV's date of birth and nationality, as European postings ask, is no bank or ID number.
  { quote: "Send your CV including basic personal information such as date of birth and nationality." },
  {
    quote: "To apply, send a copy of your passport and your bank account details to our HR team.",
    raises: "SENSITIVE_INFO_EARLY"
  },
  { quote: "Be careful: don't provide your bank or credit card details when applying for jobs." },
  // Chat apps: a team's tools named in passing are no contact moved off the platform.
  { quote: "If you work remotely we can still have breakfast together over Slack, Skype or Google Hangouts." },
  { quote: "Contact our recruiter only via Telegram for the interview.", raises: "OFF_PLATFORM_CONTACT" },
  // Home-based schemes: clerical work from home paid by the day or week, many roles in one posting.
  {
    title: "Payroll Data Coordinator Positions - Earn $100-$200 Daily",
    quote: "Work from home on your own schedule entering payroll data. No experience is needed.",
    raises: "HOME_BASED_SCHEME"
  },
  {
    title: "Data Entry Admin/Clerical Positions - Work From Home",
    quote: "Flexible hours, training provided, start this week.",
    raises: "HOME_BASED_SCHEME"
  },
  {
    title: "Human Resources Assistant/Executive Assistant/Legal Assistant/Data Entry Clerk/Receptionist",
    quote: "We have openings in several departments for motivated people with at least two years of office work.",
    raises: "MANY_ROLES"
  },
  { title: "Data Entry Clerk", quote: "Join our Leeds warehouse office on a salary of £24,000 a year." },
  { title: "Payroll Specialist", quote: "Hybrid: work from home two days a week. 3+ years of payroll experience." },
  { title: "Senior Software Engineer / Tech Lead", quote: "Build and run our payments services in Go." },
  // A thin posting with no requirements is thin, not dishonest.
  { quote: "We are hiring a junior software developer to join our team in the city centre." }
]
