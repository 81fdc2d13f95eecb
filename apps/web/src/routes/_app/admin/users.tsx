import type { AdminUserCreateInput, AdminUserUpdateInput, Role, UserListInput, UserSummary } from "@medlegal/domain";
import { fullName, mayBePrivacyOfficer, ROLE_LABEL, ROLES } from "@medlegal/domain";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { UserPlus, Users } from "lucide-react";
import * as React from "react";
import { UserForm } from "@/components/admin/user-form";
import { UserPrivacyOfficer } from "@/components/admin/user-privacy-officer";
import { UserTwoFactor } from "@/components/admin/user-two-factor";
import { UsersList } from "@/components/admin/users-list";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FilterBar, FilterField, SearchField, SelectFilter } from "@/components/ui/filter-bar";
import { FormDialog } from "@/components/ui/form-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { LoadMore } from "@/components/ui/load-more";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDebounced } from "@/hooks/use-debounced";
import { toast } from "@/hooks/use-toast";
import { queryKeys } from "@/lib/query-keys";
import { nextPageOf } from "@/lib/keyset-pages";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { trpcErrorMessage, trpcFieldErrors } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/admin/users")({
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.users.list.prefetchInfinite(listInput("", "", "all", "")),
      ({ trpc }) => trpc.specializations.list.prefetch(),
      ({ trpc }) => trpc.specializations.listActive.prefetch(),
    ),
  component: UsersPage,
});

const PAGE_SIZE = 25;

type StatusFilter = "all" | "active" | "inactive";

function listInput(search: string, role: Role | "", status: StatusFilter, specializationId: string) {
  return {
    search: search || undefined,
    role: role || undefined,
    active: status === "all" ? undefined : status === "active",
    specializationId: specializationId || undefined,
    limit: PAGE_SIZE,
  } satisfies UserListInput;
}

function UsersPage() {
  const me = useCurrentUser().data;
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();

  const [search, setSearch] = React.useState("");
  const [role, setRole] = React.useState<Role | "">("");
  const [status, setStatus] = React.useState<StatusFilter>("all");
  const [specializationId, setSpecializationId] = React.useState("");
  const debouncedSearch = useDebounced(search.trim(), 300);

  const input = listInput(debouncedSearch, role, status, specializationId);
  // Keyset pagination: each "Load more" asks for the page after the last cursor.
  const list = trpc.users.list.useInfiniteQuery(input, { getNextPageParam: nextPageOf, placeholderData: keepPreviousData });
  const allSpecializations = trpc.specializations.list.useQuery();
  const activeSpecializations = trpc.specializations.listActive.useQuery();

  const [creating, setCreating] = React.useState(false);
  const [editingId, setEditingId] = React.useState<string | null>(null);
  const [confirming, setConfirming] = React.useState<{ user: UserSummary; active: boolean } | null>(null);
  const [sendingResetFor, setSendingResetFor] = React.useState<string | null>(null);

  const afterChange = async (userId?: string) => {
    await utils.users.list.invalidate();
    if (userId) await utils.users.get.invalidate({ id: userId });
    // The header shows the signed-in user's name: refresh it when they edit themselves.
    if (userId && userId === me?.id) await queryClient.invalidateQueries({ queryKey: queryKeys.user });
  };

  const create = trpc.users.create.useMutation({
    onSuccess: async (user) => {
      setCreating(false);
      toast({ title: "User created", description: `${fullName(user)} can now sign in as ${user.username}.` });
      await afterChange();
    },
    meta: { errorTitle: "Could not create the user" },
  });
  const update = trpc.users.update.useMutation({
    onSuccess: async (user) => {
      setEditingId(null);
      toast({ title: "Changes saved", description: `${fullName(user)}'s account was updated.` });
      await afterChange(user.id);
    },
    meta: { errorTitle: "Could not save the changes" },
  });
  const setActive = trpc.users.setActive.useMutation({
    onSuccess: async (user) => {
      setConfirming(null);
      toast({
        title: user.isActive ? "User reactivated" : "User deactivated",
        description: user.isActive ? `${fullName(user)} can sign in again.` : `${fullName(user)} can no longer sign in.`,
      });
      await afterChange(user.id);
    },
    onSettled: () => setConfirming(null),
    meta: { errorTitle: "Could not change the account" },
  });
  const sendReset = trpc.users.sendPasswordReset.useMutation({
    onSettled: () => setSendingResetFor(null),
    onSuccess: (result) => toast({ title: "Reset link sent", description: result.message }),
    meta: { errorTitle: "Could not send the reset link" },
  });

  const createErrors = React.useMemo(() => trpcFieldErrors(create.error), [create.error]);
  const updateErrors = React.useMemo(() => trpcFieldErrors(update.error), [update.error]);

  const users = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(input.search || input.role || input.active !== undefined || input.specializationId);
  const clearFilters = () => {
    setSearch("");
    setRole("");
    setStatus("all");
    setSpecializationId("");
  };

  return (
    <>
      <PageHeader
        title="User Management"
        description="Every account: attorneys, consultants, employees and administrators."
        actions={
          <Button
            onClick={() => {
              create.reset();
              setCreating(true);
            }}
          >
            <UserPlus />
            New user
          </Button>
        }
      />

      <FilterBar className="grid-cols-2 lg:grid-cols-[minmax(0,1.6fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end">
        <SearchField
          id="users-search"
          className="col-span-2 lg:col-span-1"
          placeholder="Name, username, email or firm"
          value={search}
          onChange={setSearch}
        />
        <SelectFilter
          label="Role"
          id="users-role"
          value={role}
          onChange={setRole}
          allLabel="All roles"
          options={ROLES}
          labels={ROLE_LABEL}
        />
        <FilterField label="Status" htmlFor="users-status">
          <NativeSelect id="users-status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </NativeSelect>
        </FilterField>
        <SelectFilter
          label="Specialization"
          id="users-specialization"
          className="col-span-2 lg:col-span-1"
          value={specializationId}
          onChange={setSpecializationId}
          disabled={!allSpecializations.data}
          allLabel={allSpecializations.isLoading ? "Loading…" : "All"}
          options={(allSpecializations.data ?? []).map((s) => ({ value: s.id, label: s.active ? s.name : `${s.name} (inactive)` }))}
        />
        {(filtered || search !== "") && (
          <Button variant="ghost" onClick={clearFilters} className="col-span-2 lg:col-span-1">
            Clear filters
          </Button>
        )}
      </FilterBar>

      <LoadState
        query={list}
        loadingLabel="Loading users"
        errorTitle="Could not load the users"
        isEmpty={users.length === 0}
        emptyIcon={Users}
        emptyTitle={filtered ? "No users match" : "No users yet"}
        emptyText={
          filtered ? (
            <>
              <p>Try another search or clear the filters.</p>
              <Button variant="outline" className="mt-4" onClick={clearFilters}>
                Clear filters
              </Button>
            </>
          ) : (
            <p>Create the first account with New user.</p>
          )
        }
      >
        <div className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined} aria-busy={list.isFetching}>
          <UsersList
            users={users}
            currentUserId={me?.id ?? ""}
            onEdit={(user) => {
              update.reset();
              setEditingId(user.id);
            }}
            onSetActive={(user, active) => setConfirming({ user, active })}
            onSendReset={(user) => {
              setSendingResetFor(user.id);
              sendReset.mutate({ id: user.id });
            }}
            sendingResetFor={sendingResetFor}
          />
          <div className="mt-4 flex flex-col items-center gap-2">
            <p className="text-xs text-muted-foreground" aria-live="polite">
              Showing {users.length} {users.length === 1 ? "user" : "users"}
              {list.hasNextPage ? "" : filtered ? " matching the filters" : ""}
            </p>
            <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
          </div>
        </div>
      </LoadState>

      <FormDialog
        open={creating}
        onClose={() => setCreating(false)}
        busy={create.isPending}
        title="New user"
        description="Create an account of any role. Attorneys and consultants need the same details as at sign-up."
        className="max-w-2xl"
      >
        {creating && (
          <UserForm
            mode="create"
            specializations={activeSpecializations.data ?? (activeSpecializations.isError ? [] : undefined)}
            pending={create.isPending}
            serverErrors={createErrors}
            onSubmit={(payload: AdminUserCreateInput) => create.mutate(payload)}
            onCancel={() => setCreating(false)}
          />
        )}
      </FormDialog>

      <FormDialog
        open={editingId !== null}
        onClose={() => setEditingId(null)}
        busy={update.isPending}
        title="Edit user"
        description="Change the account's details or role. The username stays the same; passwords change by reset link."
        className="max-w-2xl"
      >
        {editingId && (
          <EditUser
            id={editingId}
            isSelf={editingId === me?.id}
            specializations={activeSpecializations.data ?? (activeSpecializations.isError ? [] : undefined)}
            pending={update.isPending}
            serverErrors={updateErrors}
            onSubmit={(payload) => update.mutate(payload)}
            onCancel={() => setEditingId(null)}
          />
        )}
      </FormDialog>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming?.active
            ? `Reactivate ${confirming ? fullName(confirming.user) : ""}?`
            : `Deactivate ${confirming ? fullName(confirming.user) : ""}?`
        }
        description={
          confirming?.active
            ? "They will be able to sign in again with their existing password."
            : "They will be signed out everywhere and cannot sign in until the account is reactivated. Their records stay."
        }
        confirmLabel={confirming?.active ? "Reactivate" : "Deactivate"}
        destructive={!confirming?.active}
        pending={setActive.isPending}
        onConfirm={() => confirming && setActive.mutate({ id: confirming.user.id, active: confirming.active })}
      />
    </>
  );
}

function EditUser({
  id,
  isSelf,
  specializations,
  pending,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  id: string;
  isSelf: boolean;
  specializations: readonly { id: string; name: string }[] | undefined;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: AdminUserUpdateInput) => void;
  onCancel: () => void;
}) {
  const user = trpc.users.get.useQuery({ id }, { staleTime: 0 });
  if (user.isLoading) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading the account" />
      </div>
    );
  }
  if (!user.data) {
    return (
      <div className="grid gap-3 py-6 text-center">
        <p className="text-sm text-muted-foreground">{trpcErrorMessage(user.error, "This account could not be loaded.")}</p>
        <div>
          <Button variant="outline" onClick={() => void user.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <>
      <UserTwoFactor user={user.data} isSelf={isSelf} />
      {mayBePrivacyOfficer(user.data.role) && <UserPrivacyOfficer user={user.data} />}
      <UserForm
        key={user.data.id}
        mode="edit"
        user={user.data}
        isSelf={isSelf}
        specializations={specializations}
        pending={pending}
        serverErrors={serverErrors}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </>
  );
}
