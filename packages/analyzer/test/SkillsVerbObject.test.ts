import { assert, describe, it } from "@effect/vitest"
import { VERB_OBJECT } from "../src/skills/VerbObject.js"
import { skillsIn, skillsOfPosting, taxonomy } from "./AnalyzerSupport.js"

describe("tasks that name a skill as a verb and its object", () => {
  it("reads the skill with up to four words between the verb and its object", () => {
    assert.deepStrictEqual(skillsIn("Run neuro checks and assess stroke patients every hour"), ["Patient assessment"])
    assert.include(skillsIn("Triage and assess sick and injured children"), "Patient assessment")
    assert.deepStrictEqual(skillsIn("Enter and code the bills"), ["Invoicing"])
    assert.deepStrictEqual(skillsIn("Manage the CEO's calendar, inbox and travel"), ["Calendar management"])
    assert.deepStrictEqual(skillsIn("Give medications and vaccines"), ["Medication administration"])
    assert.deepStrictEqual(skillsIn("Administer chemotherapy according to protocol"), ["Medication administration"])
    // The route qualifies the medicines: both skills.
    assert.sameMembers([...skillsIn("Titrate drips and give IV medications")], [
      "Medication administration",
      "IV therapy"
    ])
    assert.deepStrictEqual(skillsIn("Segment our list of 400,000 customers"), ["Market segmentation"])
    assert.include(skillsIn("Administer oral, IV and subcutaneous medications"), "Medication administration")
    // A hyphenated word counts once: "walk-in" is one of the four.
    assert.deepStrictEqual(skillsIn("Triage the walk-in and EMS patients"), ["Patient triage"])
    assert.deepStrictEqual(skillsIn("Triage the walk in and EMS patients"), [])
  })

  it("reads the service trades' tasks: teaching, loading, kitchen prep, the front desk", () => {
    assert.deepStrictEqual(skillsIn("Assess and track pupils' progress"), ["Student assessment"])
    assert.deepStrictEqual(skillsIn("Load and unload trailers by hand"), ["Loading and unloading"])
    assert.deepStrictEqual(skillsIn("Prep fish, sauces and vegetables before service"), ["Food preparation"])
    assert.deepStrictEqual(skillsIn("Greet patients and check them in and out"), ["Front desk operations"])
    assert.deepStrictEqual(skillsIn("Prepare the monthly report for the board"), [])
  })

  it("reads the books' tasks, budgets, data models, and accessible markup beside the markup itself", () => {
    assert.deepStrictEqual(skillsIn("Reconcile billing to the general ledger"), [
      "Account reconciliation",
      "General ledger"
    ])
    assert.deepStrictEqual(skillsIn("Run the monthly revenue close"), ["Month-end close"])
    assert.deepStrictEqual(skillsIn("Model data in our warehouse"), ["Data modeling"])
    assert.deepStrictEqual(skillsIn("Manage monthly budgets and pacing across channels"), ["Budget management"])
    assert.deepStrictEqual(skillsIn("Turned Figma designs into accessible HTML and CSS"), [
      "Figma",
      "Web accessibility",
      "HTML",
      "CSS"
    ])
    assert.deepStrictEqual(skillsIn("Plan internal linking and earn links from relevant publications"), [
      "Link building"
    ])
    assert.deepStrictEqual(skillsIn("Review your teammates' code"), ["Code review"])
    assert.include(skillsIn("Promote posts through our newsletter"), "Email marketing")
    // The operating room, its sterile field, and the close's tasks.
    assert.include(skillsIn("1+ year of operating room experience as an RN"), "Perioperative nursing")
    assert.include(skillsIn("Keep the sterile field"), "Sterile technique")
    assert.include(skillsIn("Own close tasks for two business units"), "Month-end close")
    assert.include(skillsIn("Plan and run audit engagements in the field"), "External audit")
    // Said as tasks: blood drawn, reports and intercompany accounts.
    assert.include(skillsIn("Draw blood and collect specimens"), "Phlebotomy")
    assert.include(skillsIn("Prepare office-level financial reports"), "Financial reporting")
    assert.include(skillsIn("Reconcile bank, credit card and intercompany accounts"), "Intercompany accounting")
    // A budget of the ads one ran: its management, as a resume says it.
    assert.include(skillsIn("Ran Google Ads and Meta Ads campaigns with a $40k monthly budget"), "Budget management")
    assert.deepStrictEqual(skillsIn("Gather requirements from nursing units"), ["Requirements gathering"])
    assert.deepStrictEqual(skillsIn("Write blog posts for our customers"), ["Content marketing"])
    assert.deepStrictEqual(skillsIn("Supervise one staff accountant"), ["People management"])
    assert.deepStrictEqual(skillsIn("Hire, coach and evaluate nurses and techs"), ["People management"])
    assert.deepStrictEqual(skillsIn("Lead two AP clerks day to day"), ["People management"])
    assert.deepStrictEqual(skillsIn("Prepare individual and partnership returns"), ["Tax preparation"])
    assert.include(skillsIn("Manage a freelance designer and a copywriter"), "People management")
    assert.deepStrictEqual(skillsIn("The office is accessible by train"), [])
    assert.deepStrictEqual(skillsIn("Close monthly deals with the sales team"), [])
  })

  it("reads nothing when the object is too far, across a clause break, or another word altogether", () => {
    assert.deepStrictEqual(skillsIn("Assess the needs of our growing base of patients"), [])
    assert.deepStrictEqual(skillsIn("Assess risks; patients come first"), [])
    assert.deepStrictEqual(skillsIn("Keep the calendar year in mind"), [])
    assert.deepStrictEqual(skillsIn("Keep our social calendar full"), [])
    assert.deepStrictEqual(skillsIn("Manage 30 calendar days of stock"), [])
    assert.deepStrictEqual(skillsIn("Process improvements for the team"), [])
  })

  it("keeps the terms a sentence names, in order, with the task between them", () => {
    assert.deepStrictEqual(skillsIn("Process 800 invoices a week in NetSuite"), ["Invoicing", "NetSuite"])
    // A term the words between hold is read as the term: "supplier invoices" is accounts payable.
    assert.deepStrictEqual(skillsIn("Process supplier invoices"), ["Accounts payable"])
  })

  it("makes the task a required skill of a posting as a term would be", () => {
    const { byName } = skillsOfPosting({ description: "Requirements\n- Assess and monitor patients\n- BLS" })
    assert.strictEqual(byName.get("Patient assessment")?.importance, "required")
  })

  it("keeps a task required when a later line asks a year of it and prefers something else", () => {
    // "preferred" speaks of the dental office; the year asked of front desk work is as required as years.
    const { byName } = skillsOfPosting({
      description: "Duties\n- Greet patients and check them in and out\n\nRequirements\n" +
        "- 1+ year of front desk experience, dental office preferred"
    })
    assert.strictEqual(byName.get("Front desk operations")?.importance, "required")
  })

  it("names only skills of the taxonomy", () => {
    for (const { skill } of VERB_OBJECT) assert.isTrue(taxonomy.byName.has(skill.toLowerCase()), skill)
  })
})
