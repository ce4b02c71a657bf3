# syntax=docker/dockerfile:1
# The Gaited Horse Registry: one image serving the API and the built web app.
# Build:  docker build -t gaited-horse-registry .
# Run:    docker compose up   (see compose.yaml and docs/operations.md)

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Every dependency, for building.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# 2. Compile the domain package, the API and the web app.
FROM deps AS build
COPY tsconfig.base.json ./
COPY scripts/tsc7.mjs scripts/
COPY packages/domain packages/domain
COPY apps/api apps/api
COPY apps/web apps/web
RUN npm run build
# The V8 flags `npm start` gives the server, read from the root package.json's start script,
# the one place they are written (docs/decisions/0103-build-guards.md).
RUN node -p "require('./package.json').scripts.start.split(/\s+/).filter((w) => w.startsWith('--')).join(' ')" > node-flags

# 3. Production dependencies of the server only: the web app is served prebuilt, so none of its
#    packages (React, CoreUI, Stripe.js...) nor any compiler, test tool or browser.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/api --workspace packages/domain

# 4. The runtime: compiled output, migrations and production modules, run as a non-root user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/packages/domain/data packages/domain/data
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/node-flags ./
# The node image ships a "node" user (uid 1000); /data is where it may write.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# With the V8 flags of `npm start` (node-flags, above; docs/operations.md "Memory"). `exec`
# makes node the container's first process, so it receives `docker stop`'s SIGTERM itself.
CMD ["sh", "-c", "exec node $(cat node-flags) apps/api/dist/server.js"]
