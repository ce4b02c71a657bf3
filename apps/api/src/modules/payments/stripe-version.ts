/**
 * The Stripe API version every request names (the `Stripe-Version` header), pinned here rather
 * than left to the SDK's default: upgrading stripe-node then never changes the shape of the
 * objects we read, or of the webhook events we parse, without a commit that says so. The webhook
 * endpoint in Stripe's dashboard is created with the same version (docs/operations.md). Its own
 * file so the webhook can read it without loading the SDK (docs/decisions/0054-server-bundled-with-esbuild.md).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';
