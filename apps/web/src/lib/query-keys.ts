export const queryKeys = {
  user: ["/api/user"] as const,
  unreadMessages: ["/api/messages/unread"] as const,
  notifications: (userId: string) => ["/api/notifications", userId] as const,
};
