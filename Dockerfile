# syntax=docker/dockerfile:1
# Replayed without a container engine by `npm run container:check` (scripts/container-check.mjs),
# which reads this file: keep the final stage's COPY lines in the forms it understands.
# Every stage is FROM the exact Node the project brings (package.json's `node`, the lockfile's):
# tests/unit/runtime.test.ts fails when the two part (decision 0033).
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Applied by npm's postinstall (patch-package): docs/decisions/0044-one-patch-to-react-router.md.
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# Production dependencies only, installed on their own: the image never holds the build tools.
FROM node:24.21.0-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund

FROM deps AS build
COPY . .
# The app and, beside it in build/node/, the server and db-prepare compiled (scripts/build-server.ts).
RUN npx react-router build

FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production PORT=3000 IMG_DIR=/data/img
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data/img && chown node:node /data/img
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json server.mjs tsconfig.json ./
# app/, scripts/ and tsconfig.json for the command-line tools (npm run admin, backup, restore…),
# which tsx still runs; the start (scripts/docker-start.mjs) runs only compiled JavaScript.
COPY --chown=node:node app ./app
COPY --chown=node:node drizzle ./drizzle
COPY --chown=node:node scripts ./scripts
USER node
# Photos live here with STORAGE=local (the default); with STORAGE=s3 the volume stays empty.
VOLUME ["/data/img"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s CMD curl -fsS http://127.0.0.1:3000/healthz || exit 1
# Exec form: node is PID 1's only child, so SIGTERM reaches it and it shuts down cleanly.
CMD ["node", "scripts/docker-start.mjs"]
