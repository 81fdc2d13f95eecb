import type { Bundle } from "@medlegal/domain";
import { formatDay } from "@/lib/format";

/** A bundle's index as it prints it: each document's section letter, what it is, whose, by whom, of when, and its pages. Scrolls on a phone. */
export function BundleIndexTable({ number, entries }: { number: number; entries: Bundle["entries"] }) {
  return (
    <div className="overflow-x-auto rounded-md border" role="region" aria-label={`Index of bundle ${number}`} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-muted/40 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Section
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Description
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Party
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Author
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              Pages
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {entries.map((e, i) => (
            <tr key={`${e.letter}-${i}`}>
              <td className="px-3 py-2 font-medium">{e.letter}</td>
              <td className="px-3 py-2">{e.description}</td>
              <td className="px-3 py-2">{e.party}</td>
              <td className="px-3 py-2">{e.author}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDay(e.date)}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{e.pages ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
