# syntax=docker/dockerfile:1
# Pulse: the standalone Next.js server and the compiled simulator, nothing else, as a non-root user.
#   docker build -t pulse .
#   docker run -p 3000:3000 -e UPSTREAM_BASE_URL=... -e UPSTREAM_API_KEY=... pulse
# The same image runs the shared simulator: docker run -p 4100:4100 -e SIM_HOST=0.0.0.0 pulse node sim.cjs

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    SIM_STATE_DIR=memory
# The standalone server carries the node_modules it needs; static files and public were copied in
# by scripts/postbuild.mjs.
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/dist/sim.cjs ./sim.cjs
COPY --from=build --chown=node:node /app/dist/check-env.cjs ./check-env.cjs
USER node
EXPOSE 3000
# Readiness is for orchestrators that ask for it; the container's own check is liveness.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server is PID 1: SIGTERM reaches it directly (graceful shutdown, docs/operations.md).
# The environment is checked before Next starts (a bad variable: its name, exit 1, no "Ready").
CMD ["node", "-r", "./check-env.cjs", "server.js"]
