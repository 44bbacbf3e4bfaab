import { Schema } from "effect"
import { type ApiKeyId, UserId } from "./Ids.js"
import { type Scope } from "./Scope.js"

/** A user of the service. */
export class User extends Schema.Class<User>("User")({
  id: UserId,
  email: Schema.String,
  name: Schema.String
}) {}

/** Who is calling: the user, and the key with its scopes. */
export interface Principal {
  readonly user: User
  readonly key: { readonly id: ApiKeyId; readonly name: string; readonly scopes: ReadonlyArray<Scope> }
}

export const Email = Schema.Trim.pipe(
  Schema.pattern(/^[^\s@]+@[^\s@]+$/, { message: () => "must be an email address" }),
  Schema.maxLength(254)
)
