// Stands in for the `server-only` guard in scripts compiled for Node (scripts/postbuild.mjs): the
// guard throws outside a React Server build, and these scripts run only on the server.
export {};
