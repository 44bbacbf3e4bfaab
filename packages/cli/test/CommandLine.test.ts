import { assert, describe, it } from "@effect/vitest"
import { CommandLine, Help } from "@jobfit/cli"
import { Either } from "effect"

const parse = (line: string) => CommandLine.parse(line.split(" ").filter((word) => word.length > 0))

const usage = (line: string): string => {
  const parsed = parse(line)
  if (Either.isRight(parsed.request)) throw new Error(`"${line}" parsed`)
  return parsed.request.left.message
}

describe("CommandLine.parse", () => {
  it("reads a command, its options in either spelling, and --json anywhere", () => {
    const parsed = parse("--json keys create --scopes=jobs_read,admin --email a@b.c --name laptop")
    assert.isTrue(parsed.json)
    assert.deepStrictEqual(
      parsed.request,
      Either.right({
        _tag: "Run",
        invocation: { name: "keys create", values: { scopes: "jobs_read,admin", email: "a@b.c", name: "laptop" } }
      })
    )
    assert.isFalse(parse("keys list --email a@b.c").json)
  })

  it("takes a value that starts with one dash, and an empty value after =", () => {
    assert.deepStrictEqual(
      parse("credits add --email a@b.c --cents -5").request,
      Either.right({ _tag: "Run", invocation: { name: "credits add", values: { email: "a@b.c", cents: "-5" } } })
    )
    assert.deepStrictEqual(
      parse("users create --email=").request,
      Either.right({ _tag: "Run", invocation: { name: "users create", values: { email: "" } } })
    )
  })

  it("reads positional arguments, also after --", () => {
    assert.deepStrictEqual(
      parse("analyze https://example.com/job --profile cv.json").request,
      Either.right({
        _tag: "Run",
        invocation: { name: "analyze", values: { profile: "cv.json", URL: "https://example.com/job" } }
      })
    )
    assert.deepStrictEqual(
      parse("analyze --profile cv.json -- -odd").request,
      Either.right({ _tag: "Run", invocation: { name: "analyze", values: { profile: "cv.json", URL: "-odd" } } })
    )
  })

  it("answers --help and --version", () => {
    assert.deepStrictEqual(parse("--help").request, Either.right({ _tag: "Help", command: undefined }))
    assert.deepStrictEqual(parse("keys create -h").request, Either.right({ _tag: "Help", command: "keys create" }))
    assert.deepStrictEqual(parse("--version").request, Either.right({ _tag: "Version" }))
  })

  it("refuses bad command lines with one clear line each", () => {
    assert.strictEqual(usage(""), "no command given; run jobfit --help for the list")
    assert.strictEqual(usage("frobnicate"), "unknown command \"frobnicate\"; run jobfit --help for the list")
    assert.strictEqual(usage("keys"), "\"keys\" needs a subcommand: one of create, list, update, revoke")
    assert.strictEqual(
      usage("keys delete --id 1"),
      "unknown command \"keys delete\": one of create, list, update, revoke"
    )
    assert.strictEqual(usage("keys create --email a@b.c"), "\"keys create\" needs --scopes a,b")
    assert.strictEqual(usage("keys list --email"), "--email needs a value (E)")
    assert.strictEqual(usage("keys list --email --json"), "--email needs a value (E)")
    assert.strictEqual(usage("keys list --email a --email b"), "--email is given more than once")
    assert.strictEqual(
      usage("keys list --email a@b.c --cents 5"),
      "unknown option --cents for \"keys list\"; see jobfit keys list --help"
    )
    assert.strictEqual(usage("users create extra --email a@b.c"), "unexpected argument \"extra\" for \"users create\"")
    assert.strictEqual(usage("analyze --profile cv.json"), "\"analyze\" needs URL")
    assert.strictEqual(usage("analyze -x --profile cv.json"), "unknown option -x for \"analyze\"")
    assert.isTrue(parse("keys list --json --email").json)
  })
})

describe("Help", () => {
  it("lists every command, and each command's options", () => {
    const text = Help.general("0.1.0")
    for (const name of CommandLine.names) assert.include(text, `  ${name}`)
    assert.include(text, "keys create --email E --scopes a,b [--name N]")
    assert.isTrue(text.split("\n").every((line) => line.length <= 110))
    assert.include(Help.command("credits add"), "Usage: jobfit credits add --email E --cents N [--json]")
    assert.include(Help.command("jobs seed"), "--count N")
  })
})
