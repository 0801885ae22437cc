# Production image: Remix (Vite) + Express + Prisma 7, Node 22 LTS.
#
#   docker build -t toolsite .
#   docker run -p 3000:3000 -v toolsite-data:/data \
#     -e SITE_URL=https://example.com -e SESSION_SECRET=... \
#     --stop-timeout 30 toolsite
#
# The database is embedded PGlite in /data (a volume) unless DATABASE_URL
# points at a real PostgreSQL server. Migrations (prisma/migrations) are
# applied by the server itself on every start, before it listens, so there is
# no separate migrate step: a new image with new migrations upgrades the
# database when it starts.
#
# Install scripts: every `npm ci` below uses --ignore-scripts, as our npm 11
# setup does. The image's npm (10.x) would otherwise run dependency install
# scripts, and @prisma/engines' postinstall downloads native engine binaries,
# which this app never uses (driver adapter + WebAssembly schema engine) and
# which must not be downloaded. Our own postinstall (Prisma client generation)
# is run explicitly instead.
#
# npm: the image's own npm 10 is used on purpose. npm 11 rejects the current
# package-lock.json in `npm ci` (it lacks entries for other platforms'
# optional @rollup/* and @tailwindcss/oxide-* binaries); npm 10 accepts it.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    CHECKPOINT_DISABLE=1 \
    PRISMA_HIDE_UPDATE_MESSAGE=1

# ---------------------------------------------------------------------------
# All dependencies (dev included) + the generated Prisma client. Only the
# files `npm ci` and the postinstall need are copied, so this layer is reused
# until the lockfile, the generate script or prisma/ change.
FROM base AS deps
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.js ./scripts/
COPY prisma.config.ts ./
COPY prisma/ ./prisma/
RUN npm ci --ignore-scripts \
 && npm run postinstall

# ---------------------------------------------------------------------------
# The production build: build/client, build/server/index.js, build/http-server.js.
# (.dockerignore keeps node_modules, app/generated and build out of the
# context, so deps' node_modules and generated client are not overwritten.)
FROM deps AS build
COPY . .
RUN npm run build

# ---------------------------------------------------------------------------
# Runtime dependencies only. The Prisma client generated into app/generated
# is bundled into build/server/index.js by the Remix build (it is our code,
# not a package; it only imports @prisma/client/runtime/*), so no generation
# is needed here. `prisma` is a dependency but its CLI is not used at run time.
# (Skipping esbuild's install script in deps is fine: the build uses the
# @esbuild/<platform> package directly.)
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts \
 && npm cache clean --force

# ---------------------------------------------------------------------------
FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    SHUTDOWN_GRACE_MS=8000 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072

# The embedded database lives in /data, owned by the unprivileged `node` user
# of the base image. Created (and chowned) before VOLUME declares it, so a new
# named volume starts with that ownership. The application files stay owned
# by root: the server only reads them.
RUN mkdir -p /data && chown node:node /data

COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# Read at start: schema.prisma and migrations/ (relative to the working directory).
COPY --from=build /app/prisma ./prisma

USER node
VOLUME ["/data"]
EXPOSE 3000

# No curl in the slim image: ask /healthz with node's fetch (200 when the
# database answers, 503 otherwise). start-period covers database start-up and
# migrations.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]

# Graceful stop: exec-form CMD makes node PID 1, so `docker stop`'s SIGTERM
# reaches it directly (no shell in between). The server handles SIGTERM
# itself: it stops accepting, lets in-flight requests finish for up to
# SHUTDOWN_GRACE_MS, closes the database (PGlite checkpoints), and exits 0.
# Docker's default stop timeout is 10 s before SIGKILL, hence 8 s of grace
# here; give more with `docker run --stop-timeout` / compose
# `stop_grace_period` (and raise SHUTDOWN_GRACE_MS with it). Conversions run
# in child processes (job processes, issue 30) that exit with their parent;
# `--init` (tini) reaps any a kill leaves behind.
#
# Two roles from one image:
#   web (default):  docker run --init … toolsite          (WORKERS job slots here; 0: only enqueue)
#   worker only:    docker run --init -e DATABASE_URL=… -e SESSION_SECRET=… toolsite node build/worker.js
STOPSIGNAL SIGTERM
CMD ["node", "build/http-server.js"]
