import { commands, type Name, names } from "./CommandLine.js"

const usageOf = (name: Name): string => {
  const spec = commands[name]
  const args = spec.args.map((arg) => ` ${arg}`).join("")
  const options = Object.entries(spec.options)
    .map(([option, { placeholder, required }]) =>
      required ? ` --${option} ${placeholder}` : ` [--${option} ${placeholder}]`
    )
    .join("")
  return `${name}${args}${options}`
}

const environment = `Environment:
  JOBFIT_DATABASE_URL  postgres://... or postgresql://... for PostgreSQL; sqlite:PATH, file:PATH or a
                       plain path for a SQLite file (default ./.jobfit/jobfit.db)
  JOBFIT_HOST          where serve listens (default 127.0.0.1)
  JOBFIT_PORT          the port serve listens on (default 8787)
  JOBFIT_API_KEY       the key the stdio MCP server (mcp) acts with`

const globals = `Options of every command:
  --json       print one JSON document on stdout; a failure prints {"error": {"code", "message"}}
  -h, --help   show help (jobfit <command> --help for one command)
  --version    print the version`

/** The help for all commands. */
export const general = (version: string): string => {
  const rows = names.map((name) => ({ usage: usageOf(name), summary: commands[name].summary }))
  const width = Math.max(...rows.map(({ usage }) => usage.length))
  const table = rows.map(({ summary, usage }) => `  ${usage.padEnd(width)}  ${summary}`).join("\n")
  return `jobfit ${version}: the Job Analysis Service command line

Usage: jobfit <command> [options] [--json]

Commands:
${table}

${globals}

${environment}

Exit codes: 0 success, 1 the operation failed, 2 bad command line or a feature not available yet.
`
}

/** The help for one command. */
export const command = (name: Name): string => {
  const spec = commands[name]
  const options = Object.entries(spec.options).map(([option, { description, placeholder, required }]) =>
    `  --${option} ${placeholder}`.padEnd(22) + `  ${description}${required ? "" : " (optional)"}`
  )
  const lines = [
    `Usage: jobfit ${usageOf(name)} [--json]`,
    "",
    spec.summary,
    "",
    "Options:",
    ...options,
    "  --json".padEnd(22) + "  print one JSON document on stdout",
    ""
  ]
  return lines.join("\n")
}
