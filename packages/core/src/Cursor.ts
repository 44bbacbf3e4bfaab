import { Either, Encoding, Option } from "effect"

/** How the jobs list is ordered: newest first, best score first, or by company A to Z (each then by id, newest first). */
export type Sort = "date" | "score" | "company"

/** A keyset position in the jobs list: the last job's sort key and id. A position without `sort` is by date. */
export type Cursor =
  | { readonly sort?: "date"; readonly analyzedAtMillis: number; readonly id: number }
  | { readonly sort: "score"; readonly score: number; readonly id: number }
  | { readonly sort: "company"; readonly company: string; readonly id: number }

export const sortOf = (cursor: Cursor): Sort => cursor.sort ?? "date"

const b36 = (n: number) => n.toString(36)

export const encode = (cursor: Cursor): string => {
  switch (cursor.sort) {
    case "score":
      return `s.${b36(cursor.score)}.${b36(cursor.id)}`
    case "company":
      return `c.${Encoding.encodeBase64Url(cursor.company)}.${b36(cursor.id)}`
    default:
      return `${b36(cursor.analyzedAtMillis)}.${b36(cursor.id)}`
  }
}

const int = (text: string) => {
  const n = parseInt(text, 36)
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined
}

export const decode = (text: string): Option.Option<Cursor> => {
  const date = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})$/.exec(text)
  if (date) {
    const analyzedAtMillis = int(date[1]!)
    const id = int(date[2]!)
    return analyzedAtMillis !== undefined && id !== undefined && id > 0
      ? Option.some({ analyzedAtMillis, id })
      : Option.none()
  }
  const score = /^s\.([0-9a-z]{1,3})\.([0-9a-z]{1,12})$/.exec(text)
  if (score) {
    const value = int(score[1]!)
    const id = int(score[2]!)
    return value !== undefined && value <= 100 && id !== undefined && id > 0
      ? Option.some({ sort: "score", score: value, id })
      : Option.none()
  }
  const company = /^c\.([\w-]{0,700})\.([0-9a-z]{1,12})$/.exec(text)
  if (company) {
    const id = int(company[2]!)
    const name = Encoding.decodeBase64UrlString(company[1]!)
    return id !== undefined && id > 0 && Either.isRight(name)
      ? Option.some({ sort: "company", company: name.right, id })
      : Option.none()
  }
  return Option.none()
}
