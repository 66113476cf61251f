# Feedline on the official Node.js image. Build: docker build -t feedline .
# Run: docker run --init -p 3000:3000 -e DATABASE_URL=... -e JWT_SECRET=... feedline
# (or compose.yaml). Secrets come from the environment at run time; none is baked in.
# The release step (MIGRATE_ON_START=false): docker run --rm -e DATABASE_URL=... feedline node dist/src/app/migrate.js
# Node's Active LTS (CI also tests 20.19, the oldest supported: package.json engines).
ARG NODE_VERSION=26

# --- build: every dependency, TypeScript compiled to dist/ ---
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig*.json mikro-orm.config.ts ./
COPY src ./src
RUN npm run build

# --- run: production dependencies and the compiled code only, as a non-root user ---
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
# Without the embedded PostgreSQL (a development dependency: the image needs DATABASE_URL) and without
# TypeScript, which @trpc/* name as a peer: --omit=peer cannot drop a peer that is also a development
# dependency, so peers are not installed at all (--legacy-peer-deps; none is needed at run time).
# Optional dependencies stay: sharp's native build is one.
RUN npm ci --omit=dev --omit=peer --legacy-peer-deps --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The app folder stays root's and read-only to the process: it writes nothing there.
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself (no shell or npm in between); it drains and
# exits 0. Run with --init (compose: init: true) so a PID 1 that reaps orphans sits above it.
STOPSIGNAL SIGTERM
CMD ["node", "dist/src/app/main.js"]
