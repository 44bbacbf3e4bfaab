import { Admin, CvImport, Gateway, Json, type Profile, Tools } from "@jobfit/core"
import { Effect, Option } from "effect"
import * as Csrf from "./Csrf.js"
import * as Form from "./Form.js"
import { type Handler, memberPost, members, problem } from "./Handlers.js"
import { type Html, html } from "./Html.js"
import * as Layout from "./Layout.js"
import * as ProfileForm from "./ProfileForm.js"
import { type Member, path, query, seeOther } from "./Visit.js"

/** The stored profile, or none yet (get_profile's "User profile not found"). */
const stored = (member: Member): Effect.Effect<Option.Option<Profile.Profile>, never, Gateway.Gateway> =>
  Gateway.callTool(member.principal, Tools.get_profile, {}).pipe(
    Effect.map((profile): Option.Option<Profile.Profile> => Option.some(profile)),
    Effect.catchAll((error) =>
      error._tag === "ProfileNotFound" ? Effect.succeed(Option.none<Profile.Profile>()) : Effect.die(error)
    )
  )

interface View {
  readonly values: Record<string, string>
  readonly errors?: ProfileForm.FieldErrors
  readonly uploadError?: string
  readonly importError?: string
  /** Whether CV files can be imported here (the host reads them). */
  readonly importable?: boolean
  readonly notice?: string
  readonly alert?: string
  readonly status?: number
  readonly work: number
  readonly education: number
}

const entryCount = (values: Record<string, string>, prefix: string) => {
  let n = 0
  while (Object.keys(values).some((k) => k.startsWith(`${prefix}.${n}.`))) n++
  return n
}

const page = (member: Member, view: View) => {
  const v = (name: string) => view.values[name] ?? ""
  const e = (name: string) => view.errors?.[name]
  const text = (name: string, label: string, extra: { hint?: string; type?: "email" | "url" | "number" } = {}) =>
    Layout.field({ name, label, value: v(name), error: e(name), ...extra })
  const entry = (prefix: "work" | "education", i: number, parts: (name: (f: string) => string) => Html) =>
    html`<fieldset><legend>${prefix === "work" ? "Job" : "Education"} ${i + 1}${
      i >= (prefix === "work" ? view.work : view.education) ? " (new)" : ""
    }</legend>${parts((f) => `${prefix}.${i}.${f}`)}</fieldset>`
  const workCount = view.work + 1
  const educationCount = view.education + 1
  return Layout.render(member, {
    title: "Profile",
    section: "profile",
    status: view.status ?? 200,
    notice: view.notice,
    alert: view.alert,
    body: html`<p>analyze_job compares postings with this profile, and generate_cv writes CVs from it.</p>
<section class="card" aria-labelledby="upload">
<h2 id="upload">Upload a JSON Resume</h2>
<p class="muted">A <a href="https://jsonresume.org/schema">JSON Resume</a> file, or <code>{"resume": …, "preferences": …}</code>. It replaces the profile.</p>
<form method="post" action="${path("/profile/upload")}" enctype="multipart/form-data">
${Layout.csrfField(member)}
<label for="f-resume_file">JSON file</label>
<input id="f-resume_file" name="resume_file" type="file" accept=".json,application/json"${
      view.uploadError ? html` aria-invalid="true" aria-describedby="f-resume_file-error"` : ""
    }>
${view.uploadError ? html`<p class="error" id="f-resume_file-error">${view.uploadError}</p>` : ""}
<details><summary>Or paste the JSON</summary>
${Layout.textarea({ name: "resume_json", label: "JSON Resume", rows: 8 })}
</details>
<button type="submit">Upload</button>
</form>
</section>
${
      view.importable
        ? html`<section class="card" aria-labelledby="import">
<h2 id="import">Import a CV</h2>
<p class="muted">A PDF or Word (.docx) file, at most 5 MB. It fills the form below for you to check and correct;
nothing is saved until you press Save profile.</p>
<form method="post" action="${path("/profile/import")}" enctype="multipart/form-data">
${Layout.csrfField(member)}
<label for="f-cv_file">CV file</label>
<input id="f-cv_file" name="cv_file" type="file" required
 accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"${
          view.importError ? html` aria-invalid="true" aria-describedby="f-cv_file-error"` : ""
        }>
${view.importError ? html`<p class="error" id="f-cv_file-error">${view.importError}</p>` : ""}
<button type="submit">Read the CV</button>
</form>
</section>`
        : ""
    }
<form method="post" action="${path("/profile")}" novalidate>
${Layout.csrfField(member)}
<input type="hidden" name="work_count" value="${workCount}">
<input type="hidden" name="education_count" value="${educationCount}">
<section class="card" aria-labelledby="basics"><h2 id="basics">About you</h2>
<div class="row">${text("basics.name", "Full name")}${
      text("basics.label", "Headline", { hint: "Such as “Backend engineer”" })
    }</div>
<div class="row">${text("basics.email", "Email", { type: "email" })}${text("basics.phone", "Phone")}</div>
<div class="row">${text("basics.city", "City")}${
      text("basics.countryCode", "Country code", { hint: "Two letters, such as DE" })
    }</div>
${text("basics.url", "Website", { type: "url" })}
${Layout.textarea({ name: "basics.summary", label: "Summary", value: v("basics.summary"), error: e("basics.summary") })}
</section>
<section class="card" aria-labelledby="skills"><h2 id="skills">Skills</h2>
${
      Layout.textarea({
        name: "skills",
        label: "Skills, one a line",
        value: v("skills"),
        rows: 6,
        hint: "A skill, or a group and its keywords: “Backend: Node.js, PostgreSQL”"
      })
    }
</section>
<section class="card" aria-labelledby="work"><h2 id="work">Work</h2>
${
      Array.from({ length: workCount }, (_, i) =>
        entry("work", i, (n) =>
          html`<div class="row">${text(n("name"), "Employer")}${text(n("position"), "Position")}</div>
<div class="row">${text(n("startDate"), "Start", { hint: "YYYY-MM" })}${
            text(n("endDate"), "End", { hint: "Empty if current" })
          }</div>
${Layout.textarea({ name: n("summary"), label: "Summary", value: v(n("summary")), rows: 2 })}
${Layout.textarea({ name: n("highlights"), label: "Highlights, one a line", value: v(n("highlights")), rows: 3 })}`))
    }
</section>
<section class="card" aria-labelledby="education"><h2 id="education">Education</h2>
${
      Array.from({ length: educationCount }, (_, i) =>
        entry("education", i, (n) =>
          html`<div class="row">${text(n("institution"), "School or university")}${text(n("area"), "Subject")}</div>
<div class="row">${text(n("studyType"), "Degree")}${text(n("startDate"), "Start", { hint: "YYYY" })}${
            text(n("endDate"), "End", { hint: "YYYY" })
          }</div>`))
    }
</section>
<section class="card" aria-labelledby="preferences"><h2 id="preferences">Preferences</h2>
${text("preferences.locations", "Locations", { hint: "Comma-separated, such as “Berlin, Remote (EU)”" })}
<div class="row">
${
      Layout.select({
        name: "preferences.remote",
        label: "Remote work",
        value: v("preferences.remote"),
        error: e("preferences.remote"),
        options: [["", "No preference"], ["remote", "Remote"], ["hybrid", "Hybrid"], ["onsite", "On site"], [
          "any",
          "Any"
        ]]
      })
    }
${
      Layout.select({
        name: "preferences.seniority",
        label: "Seniority",
        value: v("preferences.seniority"),
        error: e("preferences.seniority"),
        options: [
          ["", "No preference"],
          ...ProfileForm.seniorities.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const)
        ]
      })
    }
</div>
<div class="row">${text("preferences.min_salary", "Minimum yearly salary", { type: "number" })}${
      text("preferences.salary_currency", "Currency", { hint: "Such as EUR" })
    }</div>
<div class="checks"><label for="f-visa"><input type="checkbox" id="f-visa" name="preferences.needs_visa_sponsorship" value="yes"${
      v("preferences.needs_visa_sponsorship") === "yes" ? html` checked` : ""
    }> I need visa sponsorship</label></div>
</section>
<button type="submit">Save profile</button>
</form>`
  })
}

const importable = Effect.map(Effect.serviceOption(CvImport.CvImport), Option.isSome)

const fromStored = (profile: Option.Option<Profile.Profile>) => {
  const values = ProfileForm.values(profile)
  return { values, work: entryCount(values, "work"), education: entryCount(values, "education") }
}

export const show: Handler<Gateway.Gateway> = members((member) =>
  Effect.gen(function*() {
    const profile = yield* stored(member)
    const saved = query(member).get("saved") !== null
    return page(member, {
      ...fromStored(profile),
      importable: yield* importable,
      ...(saved ? { notice: "The profile was saved." } : {}),
      ...(Option.isNone(profile)
        ? { alert: "You have no profile yet: analyze_job needs one. Upload a JSON Resume or fill in the form." }
        : {})
    })
  })
)

const formNames = (form: Form.Form, count: number, prefix: string, fields: ReadonlyArray<string>) =>
  Array.from({ length: count }, (_, i) => fields.map((f) => `${prefix}.${i}.${f}`)).flat().concat(
    prefix === "work" ? Array.from({ length: count }, (_, i) => `work.${i}.highlights`) : []
  ).filter((name) => form.get(name) !== undefined)

export const save: Handler<Gateway.Gateway> = memberPost((member, form) =>
  Effect.gen(function*() {
    const profile = yield* stored(member)
    const result = ProfileForm.read(form, profile)
    if (result._tag === "Invalid") {
      const before = fromStored(profile)
      const names = [
        ...Object.keys(ProfileForm.values(Option.none())),
        ...formNames(form, before.work + 1, "work", ProfileForm.workFields),
        ...formNames(form, before.education + 1, "education", ProfileForm.educationFields)
      ]
      return page(member, {
        ...before,
        importable: yield* importable,
        values: ProfileForm.echo(form, names),
        errors: result.errors,
        alert: "Some fields need a change; see below.",
        status: 400
      })
    }
    const saved = yield* Effect.either(Gateway.callTool(member.principal, Tools.update_profile, result.profile))
    if (saved._tag === "Left") {
      return page(member, {
        ...fromStored(profile),
        importable: yield* importable,
        alert: saved.left.message,
        status: 400
      })
    }
    return seeOther(path("/profile?saved=1"))
  })
)

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false; message: string } => {
  try {
    const value: unknown = JSON.parse(text)
    return Json.tooDeep(value) ? { ok: false, message: `${Json.tooDeepMessage}.` } : { ok: true, value }
  } catch (error) {
    return { ok: false, message: `This is not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
}

export const upload: Handler<Gateway.Gateway> = memberPost((member, form) =>
  Effect.gen(function*() {
    const file = form.file("resume_file")
    const text = Option.match(file, { onNone: () => (form.get("resume_json") ?? "").trim(), onSome: (f) => f.text })
    const problem = (message: string) =>
      Effect.zipWith(
        stored(member),
        importable,
        (profile, canImport) =>
          page(member, { ...fromStored(profile), importable: canImport, uploadError: message, status: 400 })
      )
    if (text === "") return yield* problem("Choose a JSON Resume file, or paste its JSON")
    const parsed = parseJson(text)
    if (!parsed.ok) return yield* problem(parsed.message)
    const saved = yield* Effect.either(
      Gateway.callTool(member.principal, Tools.update_profile, Admin.toProfile(parsed.value))
    )
    if (saved._tag === "Left") return yield* problem(saved.left.message)
    return seeOther(path("/profile?saved=1"))
  })
)

/** The multipart body of the CV form: at most the file's limit and some room for the form around it. */
const readCvForm = Effect.option(Form.formData(CvImport.MAX_BYTES + 64 * 1024, ["multipart/form-data"]))

/**
 * A CV file read into a draft the form shows (over the stored preferences), with a notice: the person corrects it
 * and saves; nothing is stored here.
 */
export const importCv: Handler<Gateway.Gateway> = members((member) =>
  Effect.gen(function*() {
    const profile = yield* stored(member)
    const again = (message: string, status: number) =>
      page(member, { ...fromStored(profile), importable: true, importError: message, status })
    const form = yield* readCvForm
    if (Option.isNone(form)) {
      return again(`Choose a PDF or Word file of at most ${CvImport.MAX_BYTES / 1024 / 1024} MB.`, 400)
    }
    const sent = form.value.get(Csrf.FIELD)
    if (!Csrf.check(member.request, member.csrf, typeof sent === "string" ? sent : undefined)) {
      return problem(
        member,
        403,
        "Form expired",
        "This form was not sent from this site or has expired. Reload the page and try again."
      )
    }
    const file = form.value.get("cv_file")
    if (!(file instanceof File) || file.size === 0) {
      return again("Choose a PDF or Word (.docx) file.", 400)
    }
    const reader = yield* Effect.serviceOption(CvImport.CvImport)
    if (Option.isNone(reader)) return again("This server does not read CV files.", 400)
    const bytes = new Uint8Array(yield* Effect.promise(() => file.arrayBuffer()))
    const draft = yield* Effect.either(reader.value.draft({ name: file.name, bytes }))
    if (draft._tag === "Left") return again(draft.left.message, 400)
    const preferences = Option.match(profile, { onNone: () => ({}), onSome: (p) => p.preferences })
    const values = ProfileForm.values(Option.some({ resume: draft.right, preferences }))
    yield* Effect.logInfo("dashboard cv read").pipe(Effect.annotateLogs({ bytes: bytes.length }))
    return page(member, {
      values,
      work: entryCount(values, "work"),
      education: entryCount(values, "education"),
      importable: true,
      notice:
        `Read from ${file.name}. Check every field, correct what is wrong, then press Save profile: nothing is saved yet.`
    })
  })
)
