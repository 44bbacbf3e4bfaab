import { Context, Effect, Layer, Metric } from "effect"
import type { User } from "./Account.js"
import type { InvalidRequest, VoucherInvalid } from "./Errors.js"
import * as Metrics from "./Metrics.js"
import { Vouchers } from "./Vouchers.js"

/** What adding credits led to: credits added now, or a payment page to send the user to. */
export type PaymentOutcome =
  | { readonly _tag: "Credited"; readonly cents: number; readonly balance_cents: number }
  | { readonly _tag: "Redirect"; readonly url: string }

/** A field of the credits page's form, as the provider asks for it. */
export interface PaymentField {
  readonly name: string
  readonly label: string
  readonly type: "text" | "number"
  readonly hint?: string
}

/**
 * How the dashboard adds credits. The default redeems voucher codes; a card provider returns Redirect to its
 * checkout page and grants the credits from its own webhook through Ledger.grant.
 */
export class PaymentProvider extends Context.Tag("@jobfit/core/PaymentProvider")<PaymentProvider, {
  readonly id: string
  readonly label: string
  readonly fields: ReadonlyArray<PaymentField>
  readonly start: (
    user: User,
    form: Readonly<Record<string, string>>
  ) => Effect.Effect<PaymentOutcome, InvalidRequest | VoucherInvalid>
}>() {}

/** Voucher codes made by the operator (`jobfit vouchers create`), redeemed on the credits page. */
export const layerVouchers: Layer.Layer<PaymentProvider, never, Vouchers> = Layer.effect(
  PaymentProvider,
  Effect.map(Vouchers, (vouchers) =>
    PaymentProvider.of({
      id: "voucher",
      label: "Redeem a voucher",
      fields: [{ name: "code", label: "Voucher code", type: "text", hint: "Such as JF-7K3Q-…" }],
      start: (user, form) =>
        vouchers.redeem(user.id, form["code"] ?? "").pipe(
          Effect.tap((redeemed) => Metric.incrementBy(Metrics.grantedCents.of("voucher"), redeemed.cents)),
          Effect.map((redeemed): PaymentOutcome => ({
            _tag: "Credited",
            cents: redeemed.cents,
            balance_cents: redeemed.balance_cents
          }))
        )
    }))
)
