/**
 * The otp module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). No other module uses it
 * yet: its routes are registered by app.ts. Export here what another module comes to need.
 */
export {};
