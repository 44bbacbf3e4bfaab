/**
 * Skills that having another skill shows, as a careful reader of a resume assumes them: an accountant who closes
 * the books makes journal entries, someone who writes TypeScript writes JavaScript. Only sure implications: a
 * skill is implied when no one could practise the other without it. Names are the taxonomy's canonical names;
 * a test checks that each exists.
 */
export const IMPLIED: Readonly<Record<string, ReadonlyArray<string>>> = {
  // Accounting and finance
  "Month-end close": ["Journal entries", "Accruals", "Account reconciliation", "General ledger"],
  "GAAP": ["Accounting"],
  "Certified Public Accountant": ["Accounting", "GAAP", "General ledger", "Journal entries"],
  "Bookkeeping": ["Accounting", "Journal entries", "General ledger"],
  "NetSuite": ["Enterprise resource planning"],
  "SAP": ["Enterprise resource planning"],
  "Oracle E-Business Suite": ["Enterprise resource planning"],
  "Microsoft Excel": ["Spreadsheets"],
  "Financial modeling": ["Microsoft Excel", "Forecasting"],
  // Software
  "TypeScript": ["JavaScript"],
  "React": ["JavaScript"],
  "Vue.js": ["JavaScript"],
  "Angular": ["JavaScript", "TypeScript"],
  "Next.js": ["React", "JavaScript"],
  "PostgreSQL": ["SQL", "Relational databases"],
  "MySQL": ["SQL", "Relational databases"],
  "Microsoft SQL Server": ["SQL", "Relational databases"],
  "Git": ["Version control"],
  "Kubernetes": ["Docker"],
  "Terraform": ["Infrastructure as code"],
  "Apache Kafka": ["Message queues"],
  "RabbitMQ": ["Message queues"],
  "Django": ["Python"],
  "Flask": ["Python"],
  "FastAPI": ["Python"],
  "Spring Boot": ["Java"],
  // Marketing
  // Running paid campaigns on an ad platform is performance marketing.
  "Google Ads": ["Pay-per-click advertising", "Performance marketing"],
  "Meta Ads": ["Performance marketing"],
  "Search engine optimization": ["Keyword research"],
  "HubSpot": ["Marketing automation", "Customer relationship management"],
  "Marketo": ["Marketing automation"],
  "Klaviyo": ["Marketing automation", "Email marketing"],
  "Mailchimp": ["Email marketing"],
  "Salesforce": ["Customer relationship management"],
  // Health care
  "Registered Nurse": [
    "Patient care",
    "Vital signs",
    "Medication administration",
    "Patient assessment",
    "Patient education",
    // Every nurse charts the care given.
    "Clinical documentation"
  ],
  "Licensed Practical Nurse": ["Patient care", "Vital signs", "Medication administration"],
  "Advanced Cardiovascular Life Support": ["Basic Life Support", "CPR"],
  "Basic Life Support": ["CPR"],
  // Trades and logistics
  "Master electrician license": ["Journeyman electrician license", "National Electrical Code"],
  "Journeyman electrician license": ["National Electrical Code"],
  "Commercial driver's license": ["Driver's license"]
}

/**
 * Broad practices that two of their concrete skills show, as a careful reader assumes: an engineer who runs
 * Kubernetes with Terraform and CI/CD does DevOps. One is not enough (Docker alone is no DevOps).
 */
export const SHOWN_BY_TWO: Readonly<Record<string, ReadonlyArray<string>>> = {
  "DevOps": [
    "CI/CD",
    "Terraform",
    "Kubernetes",
    "Infrastructure as code",
    "Ansible",
    "Jenkins",
    "GitLab CI",
    "GitHub Actions",
    "Helm",
    "Argo CD"
  ],
  "Distributed systems": ["Microservices", "Apache Kafka", "gRPC", "Event-driven architecture", "Message queues"],
  // Growth marketing works across channels: paid, search, email, testing.
  "Growth marketing": [
    "Performance marketing",
    "Search engine optimization",
    "Email marketing",
    "A/B testing",
    "Conversion rate optimization",
    "Marketing automation"
  ]
}

/**
 * Broad areas of knowledge that any one concrete skill of theirs shows, as a recruiter reads a resume: whoever runs
 * PostgreSQL knows databases, whoever writes React does front-end development. By category (every skill of the
 * taxonomy's category shows the area) and by name.
 */
export const SHOWN_BY_ONE: ReadonlyArray<{
  readonly area: string
  readonly categories?: ReadonlyArray<string>
  readonly skills?: ReadonlyArray<string>
}> = [
  { area: "Software development", categories: ["Programming languages"] },
  { area: "Modern programming languages", categories: ["Programming languages"] },
  { area: "Databases", categories: ["Databases"] },
  { area: "Software testing", categories: ["Testing & QA"] },
  {
    area: "Cloud computing",
    skills: ["Amazon Web Services", "Microsoft Azure", "Google Cloud Platform", "Kubernetes", "Serverless"]
  },
  {
    area: "APIs",
    skills: ["REST APIs", "gRPC", "GraphQL", "Web APIs", "Web services", "API design", "OpenAPI", "Microservices"]
  },
  {
    area: "Web services",
    skills: ["REST APIs", "Web APIs", "Microservices", "ASP.NET", "Spring Boot", "Spring Framework", "Django"]
  },
  {
    area: "Web applications",
    skills: ["React", "Angular", "Vue.js", "Django", "Ruby on Rails", "ASP.NET", "Spring Boot", "Laravel", "Next.js"]
  },
  { area: "Web development", skills: ["React", "Angular", "Vue.js", "HTML", "CSS", "JavaScript", "ASP.NET", "Django"] },
  { area: "Front-end development", skills: ["React", "Angular", "Vue.js", "Svelte", "HTML", "CSS", "Next.js"] },
  {
    area: "Back-end development",
    skills: ["Node.js", "Django", "Spring Boot", "Spring Framework", "ASP.NET", "REST APIs", "Microservices", "gRPC"]
  },
  { area: "Object-relational mapping", skills: ["Hibernate", "Entity Framework", "SQLAlchemy", "TypeORM", "Prisma"] },
  { area: "Monitoring", skills: ["Prometheus", "Grafana", "Datadog", "New Relic", "Observability", "Splunk"] },
  { area: "Scripting", skills: ["Bash", "Shell scripting", "PowerShell", "Python", "Perl"] },
  { area: "Agile", skills: ["Scrum", "Kanban"] },
  { area: "Configuration management", skills: ["Ansible", "Chef Infra", "Puppet", "Terraform"] },
  { area: "Build automation", skills: ["Maven", "Gradle", "Webpack", "Vite", "Bazel", "npm"] },
  { area: "Mocking", skills: ["Mockito", "Moq"] },
  { area: "Code quality", skills: ["Code review", "Unit testing", "Refactoring"] }
]

const AREAS: ReadonlySet<string> = new Set(SHOWN_BY_ONE.map((a) => a.area))
const indexBy = (key: "categories" | "skills"): ReadonlyMap<string, ReadonlyArray<string>> => {
  const index = new Map<string, Array<string>>()
  for (const entry of SHOWN_BY_ONE) {
    for (const name of entry[key] ?? []) index.set(name, [...(index.get(name) ?? []), entry.area])
  }
  return index
}
const BY_CATEGORY = indexBy("categories")
const BY_SKILL = indexBy("skills")
const NONE: ReadonlyArray<string> = []

/** The broad areas a concrete skill shows (PostgreSQL: Databases), by its name and its category. */
export const areasShownBy = (skill: { readonly name: string; readonly category: string }): ReadonlyArray<string> => {
  const byName = BY_SKILL.get(skill.name) ?? NONE
  const byCategory = BY_CATEGORY.get(skill.category) ?? NONE
  const all = byName.length === 0 ? byCategory : byCategory.length === 0 ? byName : [...byName, ...byCategory]
  return all.includes(skill.name) ? all.filter((area) => area !== skill.name) : all
}

/** Whether `skill` is one of the concrete skills that show the broad `area` (PostgreSQL shows Databases). */
export const showsArea = (area: string, skill: { readonly name: string; readonly category: string }): boolean =>
  skill.name !== area &&
  ((BY_SKILL.get(skill.name)?.includes(area) ?? false) || (BY_CATEGORY.get(skill.category)?.includes(area) ?? false))

/** Whether `name` is one of the broad areas of SHOWN_BY_ONE. */
export const isArea = (name: string): boolean => AREAS.has(name)
