# syntax=docker/dockerfile:1
# Raseed: build stage (full install, compiled server + web app), production dependencies, then a
# slim runtime with only those, running as a non-root user. See compose.yaml for the scaled setup.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be downloaded.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM build AS production-deps
# The same lockfile without dev dependencies: no vitest, vite, esbuild, tsx, lighthouse, biome.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# poppler-utils (pdfinfo, pdftoppm) draws the first page of a PDF receipt, run as a separate program
# (GPL, never linked into the server); without it PDF receipts are refused and photos still work.
RUN apt-get update \
 && apt-get install -y --no-install-recommends poppler-utils \
 && rm -rf /var/lib/apt/lists/*
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=production-deps /app/package.json ./
COPY --from=production-deps /app/contract/package.json ./contract/
COPY --from=production-deps /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/web/dist ./web/dist
# The image's own node user; DATA_DIR holds the SQLite file, uploads and the generated app key.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness: the process answers (/healthz). compose.yaml asks /readyz instead (database, migrations,
# workers), so the proxy and the second instance wait for a store that can serve.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The CLIs: docker compose exec store1 node server/dist/operator.js create --email … --password …
#           docker compose exec store1 node server/dist/ledger-verify.js
#           docker compose exec store1 node server/dist/backup.js --to /backups/today
#           docker compose exec store1 node server/dist/keys.js rotate
CMD ["node", "server/dist/server.js"]
