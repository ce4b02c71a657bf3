#!/usr/bin/env bash
# The registry against real Stripe in test mode, for an operator (docs/operations.md "A run
# against Stripe in test mode"). It cannot run in CI: it needs test keys and the Stripe CLI
# (https://docs.stripe.com/stripe-cli). Each step prints what to check; nothing here touches
# live mode (the key must start with sk_test_).
#
#   STRIPE_SECRET_KEY=sk_test_... scripts/stripe-test-mode-run.sh secret
#   STRIPE_SECRET_KEY=sk_test_... scripts/stripe-test-mode-run.sh listen [http://localhost:3000]
#   STRIPE_SECRET_KEY=sk_test_... scripts/stripe-test-mode-run.sh partial-refund pi_... 1000
#   STRIPE_SECRET_KEY=sk_test_... scripts/stripe-test-mode-run.sh dispute pi_... win|lose
#   STRIPE_SECRET_KEY=sk_test_... scripts/stripe-test-mode-run.sh refunds pi_...
set -euo pipefail

# Kept in step with apps/api/src/modules/payments/stripe-version.ts.
API_VERSION='2026-10-28.endive'
# Every event the webhook handles (docs/api.md "Payments").
EVENTS='payment_intent.succeeded,payment_intent.payment_failed,payment_intent.processing,payment_intent.canceled,payment_intent.requires_action,charge.refunded,charge.refund.updated,refund.created,refund.updated,refund.failed,charge.dispute.created,charge.dispute.updated,charge.dispute.closed,charge.dispute.funds_withdrawn,charge.dispute.funds_reinstated,mandate.updated,payment_method.detached'

key="${STRIPE_SECRET_KEY:-}"
if [[ "$key" != sk_test_* ]]; then
  echo 'Set STRIPE_SECRET_KEY to a test-mode secret key (sk_test_...).' >&2
  exit 2
fi
command -v stripe >/dev/null || { echo 'The Stripe CLI (stripe) is not installed.' >&2; exit 2; }
stripe_cli() { stripe --api-key "$key" "$@"; }

step="${1:-}"
case "$step" in
  secret)
    # The signing secret `stripe listen` uses: start the server with it as STRIPE_WEBHOOK_SECRET.
    stripe_cli listen --print-secret
    ;;
  listen)
    url="${2:-http://localhost:3000}"
    echo "Forwarding the registry's events to $url/api/members/webhook-stripe (Ctrl-C to stop)."
    echo "The server logs 'webhook event of another Stripe API version' if the account's default"
    echo "is not $API_VERSION: then stop, and run again with LATEST=1 (or set the default)."
    stripe_cli listen --events "$EVENTS" --forward-to "$url/api/members/webhook-stripe" \
      ${LATEST:+--latest}
    ;;
  partial-refund)
    pi="${2:?payment intent id (pi_...)}"
    cents="${3:?amount in cents, less than the payment}"
    stripe_cli refunds create --payment-intent "$pi" --amount "$cents"
    echo "Check: the ledger shows the payment Paid with \$$((cents / 100)).$(printf '%02d' $((cents % 100))) refunded; the horse stays paid."
    ;;
  dispute)
    pi="${2:?payment intent id (pi_...) of a payment made with a dispute test card}"
    outcome="${3:?win or lose}"
    evidence='winning_evidence'
    [[ "$outcome" == lose ]] && evidence='losing_evidence'
    dispute=$(stripe_cli disputes list --payment-intent "$pi" --limit 1 |
      sed -n 's/.*"id": "\(d[pu]_[A-Za-z0-9]*\)".*/\1/p' | head -n 1)
    [[ -n "$dispute" ]] || { echo "No dispute on $pi yet: wait a moment and try again." >&2; exit 1; }
    stripe_cli disputes update "$dispute" -d "evidence[uncategorized_text]=$evidence" -d submit=true
    echo "Check: within a few minutes the ledger shows the dispute $([[ $outcome == win ]] && echo 'won (Paid)' || echo 'lost (Refunded)')."
    ;;
  refunds)
    stripe_cli refunds list --payment-intent "${2:?payment intent id (pi_...)}"
    ;;
  *)
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
