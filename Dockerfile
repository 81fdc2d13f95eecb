# The app as one image: `pnpm install` builds the web app and compiles the server (scripts/prepare.mjs).
FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["node", "scripts/start.mjs"]
