# syntax=docker/dockerfile:1

# The production image: build/server.js (server.ts, compiled with the Remix build by
# `npm run build`), as the non-root `node` user. Data (PGlite, uploads, mail outbox) goes
# to DATA_DIR=/data, which needs a volume only when DATABASE_URL and S3_BUCKET are not set.
# `npm run image:check` rebuilds these stages without Docker and runs the result; CI runs it
# (docs/operations.md, "The image"). Keep to the instructions it knows: FROM, WORKDIR, COPY,
# RUN, ENV, USER, EXPOSE, CMD.

# Node and npm at exact versions: package-lock.json is written by npm 11, which npm 10 (the
# one Node 22 ships) refuses. The npm version is package.json's "packageManager"
# (docs/decisions/010-npm-pinned.md).
FROM node:22.23.3-bookworm-slim AS base
RUN npm install --global --no-audit --no-fund --cache /tmp/npm-cache npm@11.19.1 && rm -rf /tmp/npm-cache
WORKDIR /app

# All dependencies, for the build.
FROM base AS deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# The build: build/ (the server, its libraries and the command-line tools, bundled) and
# public/build/ (browser assets).
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only: the native and WebAssembly packages the bundles load
# (PGlite, sharp, argon2).
FROM base AS production-deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

FROM base AS production
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
COPY --from=production-deps /app/node_modules ./node_modules
# package.json for `npm run db:migrate | db:seed | admin:create` (scripts/run.mjs), which
# run the bundled tools in build/.
COPY package.json ./
COPY scripts/run.mjs ./scripts/
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# Owned by node so that a new Docker volume mounted here is writable (Fly mounts
# volumes with the owner of the image's USER).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# What `npm start` runs (NODE_ENV is set above), without npm and its `sh -c` in between:
# that shell does not pass SIGTERM/SIGINT on, so the server would never close its
# connections and the database before the machine stops.
CMD ["node", "build/server.js"]
