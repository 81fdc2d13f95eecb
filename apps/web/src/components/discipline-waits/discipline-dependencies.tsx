import type { DisciplineDependencies } from "@medlegal/domain";
import { namesInWords } from "@medlegal/domain";
import * as React from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { LoadState } from "@/components/load-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/hooks/use-toast";
import { trpc } from "@/lib/trpc";

/**
 * Disciplines that wait for others (issue 27, section 3): the rules in words, and a form to set, per
 * discipline, whose reports its expert needs first. Their report timers wait until those reports on
 * the same query are released (docs/decisions.md "Disciplines that wait").
 */
export function DisciplineDependenciesCard() {
  const rules = trpc.disciplineWaits.dependencies.useQuery();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-base">Disciplines that wait for others</CardTitle>
        <CardDescription>
          An expert whose discipline needs others&apos; reports first has their report timer paused, with the reason, until those reports on
          the same query are released.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LoadState query={rules} loadingLabel="Loading the disciplines that wait" errorTitle="Could not load the disciplines that wait">
          {rules.data && <DependenciesForm key={JSON.stringify(rules.data)} saved={rules.data} />}
        </LoadState>
      </CardContent>
    </Card>
  );
}

function DependenciesForm({ saved }: { saved: DisciplineDependencies }) {
  const utils = trpc.useUtils();
  const all = saved.specializations;
  const nameOf = (id: string) => all.find((s) => s.id === id)?.name ?? "";
  const [chosen, setChosen] = React.useState(all.find((s) => s.upstreamIds.length)?.id ?? all[0]?.id ?? "");
  const current = all.find((s) => s.id === chosen);
  const [upstream, setUpstream] = React.useState<string[]>(current?.upstreamIds ?? []);
  const save = trpc.disciplineWaits.setDependencies.useMutation({
    onSuccess: (value) => {
      utils.disciplineWaits.dependencies.setData(undefined, value);
      toast({
        title: "Saved",
        description: current
          ? `${current.name} now waits for ${upstream.length ? namesInWords(upstream.map(nameOf)) : "nobody"}.`
          : undefined,
      });
    },
    meta: { errorTitle: "Could not save the disciplines that wait" },
  });
  const choose = (id: string) => {
    setChosen(id);
    setUpstream(all.find((s) => s.id === id)?.upstreamIds ?? []);
    save.reset();
  };
  const waiting = all.filter((s) => s.upstreamIds.length);

  return (
    <div className="grid gap-5">
      {waiting.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Disciplines that wait">
          {waiting.map((s) => (
            <li key={s.id}>
              <span className="font-medium">{s.name}</span> waits for the {namesInWords(s.upstreamIds.map(nameOf))}{" "}
              {s.upstreamIds.length === 1 ? "report" : "reports"}.
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No discipline waits for another yet.</p>
      )}
      <form
        aria-label="Set what a discipline waits for"
        className="grid gap-4 border-t pt-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (save.isPending || !current) return;
          const dependencies = all
            .map((s) => ({ downstreamId: s.id, upstreamIds: s.id === current.id ? upstream : s.upstreamIds }))
            .filter((d) => d.upstreamIds.length);
          save.mutate({ dependencies });
        }}
      >
        <Field label="Discipline" htmlFor="dependency-discipline">
          <NativeSelect id="dependency-discipline" value={chosen} onChange={(e) => choose(e.target.value)} disabled={save.isPending}>
            {all.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">Waits for the reports of</legend>
          {all
            .filter((s) => s.id !== chosen)
            .map((s) => (
              <label key={s.id} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-primary"
                  checked={upstream.includes(s.id)}
                  disabled={save.isPending}
                  onChange={(e) => setUpstream((u) => (e.target.checked ? [...u, s.id] : u.filter((x) => x !== s.id)))}
                />
                {s.name}
              </label>
            ))}
        </fieldset>
        <FormFooter pending={save.isPending} submitLabel="Save" />
      </form>
    </div>
  );
}
