import type { AttendanceFigures } from "@medlegal/domain";
import { ATTENDANCE_CHANNEL_LABELS } from "@medlegal/domain";
import { LoadState } from "@/components/load-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMonth } from "@/lib/booking-time";
import { trpc } from "@/lib/trpc";

interface Row {
  key: string;
  name: string;
  detail?: string | null;
  attended: number;
  noShows: number;
  noShowRate: number | null;
}

function AttendanceTable({ caption, first, rows }: { caption: string; first: string; rows: Row[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="mb-1 text-left text-xs font-medium text-muted-foreground">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">
              {first}
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              Attended
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              No-shows
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              Rate
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal">
                {r.name}
                {r.detail && <span className="block text-xs text-muted-foreground">{r.detail}</span>}
              </th>
              <td className="py-1.5 pl-2 text-right tabular-nums">{r.attended}</td>
              <td className="py-1.5 pl-2 text-right tabular-nums">{r.noShows}</td>
              <td className="py-1.5 pl-2 text-right whitespace-nowrap tabular-nums">{r.noShowRate === null ? "—" : `${r.noShowRate} %`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figures({ data }: { data: AttendanceFigures }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <AttendanceTable
        caption="No-shows per month"
        first="Month"
        rows={[...data.months].reverse().map((m) => ({ key: m.month, name: formatMonth(`${m.month}-01`), ...m }))}
      />
      <AttendanceTable
        caption="No-shows per reminder channel"
        first="Channel"
        rows={data.channels.map((c) => ({ key: c.channel, name: ATTENDANCE_CHANNEL_LABELS[c.channel], ...c }))}
      />
      {data.experts.length > 0 ? (
        <AttendanceTable
          caption="No-shows per expert"
          first="Expert"
          rows={data.experts.map((e) => ({ ...e, key: e.consultantId, detail: e.specialization }))}
        />
      ) : (
        <p className="text-sm text-muted-foreground">No in-person assessment was attended or missed in this period.</p>
      )}
    </div>
  );
}

/**
 * Claimants' attendance at in-person assessments (issue 28): the no-show rate per month, per reminder
 * channel and per expert, so the agency sees whether the text reminders work.
 */
export function AttendanceCard({ months }: { months: number }) {
  const attendance = trpc.sla.attendance.useQuery({ months }, { placeholderData: (prev) => prev });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Attendance</CardTitle>
        <CardDescription>
          In-person assessments attended and missed in the period, by the channel the claimant&apos;s reminders went on. Video assessments
          get no text reminder and are left out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LoadState query={attendance} loadingLabel="Loading the attendance figures" errorTitle="Could not load the attendance figures">
          {attendance.data && <Figures data={attendance.data} />}
        </LoadState>
      </CardContent>
    </Card>
  );
}
