import type { CurrentUser, SearchKind } from "@medlegal/domain";
import { can, SEARCH_GROUP_LABELS, SEARCH_MIN_LENGTH } from "@medlegal/domain";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { keepPreviousData } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { Command } from "cmdk";
import type { LucideIcon } from "lucide-react";
import {
  Banknote,
  Briefcase,
  CalendarClock,
  ClipboardList,
  Clock,
  CornerDownLeft,
  FileText,
  Search,
  Stethoscope,
  User,
  UserCog,
  Video,
  Zap,
  Compass,
} from "lucide-react";
import * as React from "react";
import { requestCreateForm, openCreateForm } from "@/hooks/use-create-action";
import { useDebounced } from "@/hooks/use-debounced";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { Spinner } from "../ui/spinner";
import type { PaletteEntry } from "./palette-entries";
import { commandsFor, hrefForHit, matchEntries, newPageFor, pagesFor } from "./palette-entries";
import type { RecentItem } from "./recent-items";
import { readRecent, rememberRecent } from "./recent-items";
import { GO_TO_WAIT_MS, isTypingTarget, paletteChord, shortcutFor, shortcutList } from "./keyboard-shortcuts";

const KIND_ICONS: Record<SearchKind, LucideIcon> = {
  claimant: User,
  case: Briefcase,
  query: ClipboardList,
  booking: CalendarClock,
  meeting: Video,
  report: FileText,
  invoice: Banknote,
  expert: Stethoscope,
  user: UserCog,
};

const ITEM_CLASS =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground data-[selected=true]:ring-2 data-[selected=true]:ring-ring";
const GROUP_CLASS =
  "px-1 py-1.5 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:uppercase";

/**
 * The command palette and the keyboard shortcuts (issue 30; docs/decisions.md "Global search"):
 * `/` or Ctrl+K (⌘K) opens a dialog whose combobox searches the records the server lets the user
 * see, the pages the role may open and its commands; `?` lists the shortcuts, `g` then a letter goes
 * to a list and `n` opens the current list's "new". The header's search button opens it by pointer.
 */
export function CommandPalette({ user }: { user: CurrentUser }) {
  const [open, setOpen] = React.useState(false);
  const [helpOpen, setHelpOpen] = React.useState(false);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const awaitingGo = React.useRef<number | null>(null);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const target = event.target instanceof Element ? event.target : null;
      const inDialog = Boolean(document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]'));
      const action = shortcutFor(
        { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, inField: isTypingTarget(target), inDialog },
        user.role,
        awaitingGo.current !== null && Date.now() - awaitingGo.current < GO_TO_WAIT_MS,
      );
      awaitingGo.current = null;
      if (!action) return;
      event.preventDefault();
      if (action.kind === "palette") setOpen(true);
      else if (action.kind === "help") setHelpOpen(true);
      else if (action.kind === "await-go") awaitingGo.current = Date.now();
      else if (action.kind === "go") void navigate({ href: action.href });
      else if (!openCreateForm()) {
        const to = newPageFor(user.role, pathname);
        if (to) void navigate({ href: to });
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [user.role, navigate, pathname]);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex h-9 items-center gap-2 rounded-md border bg-background px-2.5 text-sm text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring sm:w-64"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        <span className="hidden sm:inline">Search or jump to…</span>
        <span className="sr-only sm:hidden">Search</span>
        <kbd className="ml-auto hidden rounded border bg-muted px-1.5 font-sans text-xs sm:inline">{paletteChord()}</kbd>
      </button>
      {open && <PaletteDialog user={user} onClose={() => setOpen(false)} />}
      <ShortcutHelp role={user.role} open={helpOpen} onOpenChange={setHelpOpen} />
    </>
  );
}

function PaletteDialog({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const navigate = useNavigate();
  const [term, setTerm] = React.useState("");
  const [recent, setRecent] = React.useState<RecentItem[]>(() => readRecent(user.id));
  const debounced = useDebounced(term.trim(), 150);
  const searching = debounced.length >= SEARCH_MIN_LENGTH;
  const results = trpc.search.global.useQuery(
    { term: debounced },
    { enabled: searching && can(user.role, "search.use"), placeholderData: keepPreviousData, meta: { errorToast: false } },
  );
  const identityOpened = trpc.search.identityOpened.useMutation({ meta: { errorToast: false } });
  const pages = React.useMemo(() => pagesFor(user.role), [user.role]);
  const commands = React.useMemo(() => commandsFor(user.role), [user.role]);
  const typed = term.trim();
  const matchedCommands = matchEntries(commands, typed);
  const matchedPages = matchEntries(pages, typed);
  const groups = searching && results.data && typed.length >= SEARCH_MIN_LENGTH ? results.data.groups : [];

  const go = (href: string) => {
    onClose();
    void navigate({ href });
  };
  const openHit = (hit: RecentItem & { byIdentity?: boolean }) => {
    const href = hrefForHit(user.role, hit);
    if (!href) return;
    setRecent(rememberRecent(user.id, hit));
    // Opening a claimant found by ID or passport number is a read of their identity (POPIA).
    if (hit.byIdentity && hit.kind === "claimant") identityOpened.mutate({ patientId: hit.id });
    go(href);
  };
  const openEntry = (entry: PaletteEntry) => {
    if (entry.create) requestCreateForm(entry.href);
    go(entry.href);
  };

  const nothing =
    typed.length >= SEARCH_MIN_LENGTH &&
    !results.isFetching &&
    !results.isError &&
    groups.length === 0 &&
    matchedCommands.length === 0 &&
    matchedPages.length === 0;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        showClose={false}
        aria-describedby="palette-hint"
        className="top-0 left-0 flex h-svh max-h-svh w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none p-0 sm:top-[12vh] sm:left-1/2 sm:h-auto sm:max-h-[70vh] sm:w-[calc(100%-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:rounded-lg"
      >
        <DialogPrimitive.Title className="sr-only">Search MedLegal</DialogPrimitive.Title>
        <Command label="Search records, pages and commands" shouldFilter={false} loop className="flex min-h-0 flex-1 flex-col">
          <div className="flex items-center gap-2 border-b px-3">
            <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <Command.Input
              value={term}
              onValueChange={setTerm}
              maxLength={100}
              placeholder="Search claimants, references, pages…"
              className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
            />
            {results.isFetching && searching && <Spinner className="size-4" label="Searching" />}
            <button
              type="button"
              onClick={onClose}
              className="rounded-md px-2 py-1 text-xs text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              Esc<span className="sr-only"> to close</span>
            </button>
          </div>
          <p id="palette-hint" className="sr-only">
            Type to search. Arrow keys move through the results, Enter opens one, Escape closes.
          </p>
          <Command.List label="Results" className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1 sm:max-h-[calc(70vh-3rem)]">
            {results.isError && searching && (
              <div role="alert" className="px-3 py-6 text-center text-sm text-destructive">
                {trpcErrorMessage(results.error, "Search is not available right now. Try again in a moment.")}
              </div>
            )}
            {nothing && (
              <div role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
                Nothing found for “{typed}”.
              </div>
            )}
            {typed.length > 0 && typed.length < SEARCH_MIN_LENGTH && (
              <div className="px-3 py-2 text-xs text-muted-foreground">Type at least {SEARCH_MIN_LENGTH} characters to search records.</div>
            )}
            {typed.length === 0 && recent.length > 0 && (
              <Command.Group heading="Recently opened" className={GROUP_CLASS}>
                {recent.map((item) => (
                  <HitItem
                    key={`recent:${item.kind}:${item.id}`}
                    value={`recent:${item.kind}:${item.id}`}
                    hit={item}
                    icon={Clock}
                    onSelect={() => openHit(item)}
                  />
                ))}
              </Command.Group>
            )}
            {groups.map((group) => (
              <Command.Group key={group.kind} heading={SEARCH_GROUP_LABELS[group.kind]} className={GROUP_CLASS}>
                {group.hits.map((hit) => (
                  <HitItem
                    key={`${hit.kind}:${hit.id}`}
                    value={`${hit.kind}:${hit.id}`}
                    hit={hit}
                    icon={KIND_ICONS[hit.kind]}
                    onSelect={() => openHit(hit)}
                  />
                ))}
              </Command.Group>
            ))}
            {matchedCommands.length > 0 && (
              <Command.Group heading="Commands" className={GROUP_CLASS}>
                {matchedCommands.map((entry) => (
                  <EntryItem key={entry.id} entry={entry} icon={Zap} onSelect={() => openEntry(entry)} />
                ))}
              </Command.Group>
            )}
            {matchedPages.length > 0 && (
              <Command.Group heading="Pages" className={GROUP_CLASS}>
                {matchedPages.map((entry) => (
                  <EntryItem key={entry.id} entry={entry} icon={Compass} onSelect={() => openEntry(entry)} />
                ))}
              </Command.Group>
            )}
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

function HitItem({ hit, value, icon: Icon, onSelect }: { hit: RecentItem; value: string; icon: LucideIcon; onSelect: () => void }) {
  return (
    <Command.Item value={value} onSelect={onSelect} className={ITEM_CLASS}>
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{hit.title}</span>
        {hit.detail && <span className="block truncate text-xs text-muted-foreground">{hit.detail}</span>}
      </span>
      <CornerDownLeft className="size-3.5 shrink-0 text-muted-foreground opacity-0 [[data-selected=true]_&]:opacity-100" aria-hidden />
    </Command.Item>
  );
}

function EntryItem({ entry, icon: Icon, onSelect }: { entry: PaletteEntry; icon: LucideIcon; onSelect: () => void }) {
  return (
    <Command.Item value={entry.id} onSelect={onSelect} className={ITEM_CLASS}>
      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 truncate">{entry.label}</span>
    </Command.Item>
  );
}

function ShortcutHelp({ role, open, onOpenChange }: { role: CurrentUser["role"]; open: boolean; onOpenChange: (open: boolean) => void }) {
  const list = shortcutList(role);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>Not while typing in a field.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {list.map((s) => (
            <React.Fragment key={s.what}>
              <dt className="flex items-start gap-1">
                {s.keys.map((k, i) => (
                  <React.Fragment key={k}>
                    {i > 0 && <span className="text-xs leading-5 text-muted-foreground">then</span>}
                    <kbd className="rounded border bg-muted px-1.5 font-sans text-xs leading-5">{k}</kbd>
                  </React.Fragment>
                ))}
              </dt>
              <dd className="text-muted-foreground">{s.what}</dd>
            </React.Fragment>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
