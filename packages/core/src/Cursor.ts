import { Option } from "effect"

/** A keyset position in the jobs list: the last job's analyzed_at (epoch ms) and id. */
export interface Cursor {
  readonly analyzedAtMillis: number
  readonly id: number
}

export const encode = (cursor: Cursor): string => `${cursor.analyzedAtMillis.toString(36)}.${cursor.id.toString(36)}`

export const decode = (text: string): Option.Option<Cursor> => {
  const match = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})$/.exec(text)
  if (!match) return Option.none()
  const analyzedAtMillis = parseInt(match[1]!, 36)
  const id = parseInt(match[2]!, 36)
  return Number.isSafeInteger(analyzedAtMillis) && Number.isSafeInteger(id) && id > 0
    ? Option.some({ analyzedAtMillis, id })
    : Option.none()
}
