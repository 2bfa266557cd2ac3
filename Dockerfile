# Compra Grupal: one image for every node (API, socket.io and the built web app in one process).
# docker build -t compra-grupal . ; the reference deployment is compose.yaml (README,
# "Producción y varios nodos").

# --- Build: every workspace with its dev dependencies, then `npm run build`, which writes
# everything production runs into apps/api/dist (docs/decisions/047).
# Node pinned to a release (not `22-slim`): a rebuild gets the same Node until this line changes.
FROM node:22.23.3-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- Runtime: the API workspace's production dependencies and the build's one folder, nothing
# else. scripts/imagen/imagen.test.ts assembles this stage as listed here and runs it (npm test).
FROM node:22.23.3-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# Every workspace's package.json: npm ci checks them against the lockfile; only apps/api's
# dependencies are installed (the web app is served as built files, the contracts are bundled).
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --workspace apps/api --no-audit --no-fund \
 && npm cache clean --force
# Everything the build made for production, whole: server.js, db/ (migrations and SQL functions),
# web/ (the web app) and web-server/ (the renderer of the public pages, its imports bundled in).
COPY --from=build /app/apps/api/dist apps/api/dist
# The code stays root's and read-only; the process writes only DATA_DIR (local uploads, or the
# embedded database when DATABASE_URL is empty).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness, not liveness: a draining or not yet migrated node reports unhealthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/api/dist/server.js"]
