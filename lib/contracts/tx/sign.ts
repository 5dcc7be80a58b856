/**
 * The webhook secret travels verbatim in the `Sign` header (tx-service.md, "Webhook callback"), and a
 * header carries printable ASCII only: a secret outside it could never be sent. Shared by the
 * contract check (gateway and simulator) and the settings form.
 */
export function isSignableSecret(secret: string): boolean {
  return /^[\x20-\x7e]*$/.test(secret);
}
