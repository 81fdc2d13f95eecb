// The yardstick of `pnpm bench:http`: Fastify answering a small JSON hello-world, nothing else.
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
