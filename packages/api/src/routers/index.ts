import { createCallerFactory, router } from "../trpc";
import { accountRouter } from "./account";
import { authRouter } from "./auth";
import { messagesRouter } from "./messages";
import { notificationsRouter } from "./notifications";
import { settingsRouter } from "./settings";
import { specializationsRouter } from "./specializations";
import { usersRouter } from "./users";

export const appRouter = router({
  auth: authRouter,
  notifications: notificationsRouter,
  messages: messagesRouter,
  account: accountRouter,
  users: usersRouter,
  specializations: specializationsRouter,
  settings: settingsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
