# syntax=docker/dockerfile:1

# The production image: the Remix build served by server.ts (run with tsx), as the
# non-root `node` user. Data (PGlite, uploads, mail outbox) goes to DATA_DIR=/data,
# which needs a volume only when DATABASE_URL and S3_BUCKET are not set.

FROM node:22-slim AS base
WORKDIR /app

# All dependencies, for the build.
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The Remix build: build/ (server) and public/build/ (browser assets).
FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only (tsx, cross-env and the app's runtime libraries).
FROM base AS production-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM base AS production
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json server.ts ./
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# For `npm run db:migrate`, `npm run db:seed` and `npm run admin:create`, which run with
# tsx from source and reach the app's models and services through the ~/ alias.
COPY db ./db
COPY scripts ./scripts
COPY app ./app
# Owned by node so that a new Docker volume mounted here is writable (Fly mounts
# volumes with the owner of the image's USER).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# What `npm start` runs (NODE_ENV is set above), without npm and its `sh -c` in
# between: that shell does not pass SIGTERM/SIGINT on, so server.ts would never
# close its connections and the database before the machine stops. tsx does pass them.
CMD ["node_modules/.bin/tsx", "server.ts"]
