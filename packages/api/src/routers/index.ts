import { createCallerFactory, router } from "../trpc";
import { authRouter } from "./auth";
import { messagesRouter } from "./messages";
import { notificationsRouter } from "./notifications";

export const appRouter = router({
  auth: authRouter,
  notifications: notificationsRouter,
  messages: messagesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
