import type { FastifyInstance } from "fastify";
import { bundleSharesService, parseInput } from "@medlegal/api";
import { idInputSchema } from "@medlegal/domain";
import { guestCookie, requestMeta } from "../request-context";
import { sendDownload } from "./download";

/**
 * A shared bundle's files for the opposing attorney (issue 41 item 5), through the share's guest
 * session alone: 401 without one, 404 for a file not of that bundle; each download access-logged.
 */
export async function bundleShareRoutes(app: FastifyInstance) {
  const db = app.db;
  app.get("/api/bundle/files/:id", async (request, reply) => {
    const { id } = parseInput(idInputSchema, request.params);
    return sendDownload(
      reply,
      await bundleSharesService.guestDownloadBundleFile(db, requestMeta(request), guestCookie(request).read(), id),
    );
  });
}
