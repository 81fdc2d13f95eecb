import type { CurrentUser } from "@medlegal/domain";
import { fullName, initials, ROLE_BADGE } from "@medlegal/domain";
import { ChevronDown, LogOut, Settings } from "lucide-react";
import { Avatar, AvatarFallback } from "../ui/avatar";
import { Badge } from "../ui/badge";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";

export function UserMenu({
  user,
  onAccountSettings,
  onSignOut,
}: {
  user: CurrentUser;
  onAccountSettings: () => void;
  onSignOut: () => void;
}) {
  const name = fullName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:rounded-md">
        {/* The name comes from the content, so it holds the visible name (WCAG 2.5.3); the initials
            only picture it, and on a phone the name is there for screen readers alone. */}
        <Avatar aria-hidden>
          <AvatarFallback>{initials(user)}</AvatarFallback>
        </Avatar>
        <span className="sr-only">Account menu for </span>
        <span className="sr-only sm:hidden">{name}</span>
        <span className="hidden max-w-40 truncate text-sm font-medium sm:block">{name}</span>
        <ChevronDown className="hidden size-4 text-muted-foreground sm:block" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel className="flex items-start gap-3 py-2">
          <Avatar className="size-9">
            <AvatarFallback>{initials(user)}</AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="font-semibold break-words">{name}</p>
            <p className="truncate text-xs font-normal text-muted-foreground" title={user.email}>
              {user.email}
            </p>
            {user.specialization && <p className="text-xs font-normal text-muted-foreground">{user.specialization}</p>}
            <div className="mt-1.5">
              <Badge variant="accent">{ROLE_BADGE[user.role]}</Badge>
            </div>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onAccountSettings}>
          <Settings />
          Account Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
