import { Effect } from "effect"
import { balanceOf } from "../Credits.js"
import type * as Tools from "../Tools.js"
import type { Handler, Steps } from "./Steps.js"

/** get_credits: the caller's balance. */
export const getCredits = ({ ledger }: Steps): Handler<typeof Tools.get_credits> => (principal) =>
  Effect.map(ledger.balance(principal.user.id), (cents) => ({ credits: balanceOf(cents) }))

/** get_profile: the caller's profile, or PROFILE_NOT_FOUND. */
export const getProfile = ({ requireProfile }: Steps): Handler<typeof Tools.get_profile> => requireProfile

/** update_profile: replaces the caller's profile. */
export const updateProfile = ({ accounts }: Steps): Handler<typeof Tools.update_profile> => (principal, profile) =>
  Effect.as(accounts.setProfile(principal.user.id, profile), profile)
