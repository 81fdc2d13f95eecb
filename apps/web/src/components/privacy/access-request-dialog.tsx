import { Link } from "@tanstack/react-router";
import { ClipboardList, Download, Eye, FileJson } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";

/**
 * The "Data subject access request" action on /patients (POPIA section 23): the letter and the
 * data file about one claimant, each one click, and the way to record the request so it is
 * answered on time. Producing either file is written to the access log by the server.
 */
export function AccessRequestDialog({
  claimant,
  showAccessHistory,
  onClose,
}: {
  claimant: { id: string; name: string } | null;
  /** Those who read the audit trail also get the claimant's access history there. */
  showAccessHistory: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={claimant !== null}
      onClose={onClose}
      title="Data subject access request"
      description={
        claimant
          ? `Everything MedLegal holds about ${claimant.name}, and everyone who has read it, as a letter to them and as a data file.`
          : ""
      }
      className="max-w-lg"
    >
      {claimant && (
        <div className="grid gap-3">
          <Button asChild>
            <a href={`/api/privacy/patients/${claimant.id}/access-report.pdf`} download>
              <Download aria-hidden /> Download the letter (PDF)
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={`/api/privacy/patients/${claimant.id}/access-report.json`} download>
              <FileJson aria-hidden /> Download the data (JSON)
            </a>
          </Button>
          <p className="text-sm text-muted-foreground">
            Record the request in the register so its due date is tracked and its answer audited.
          </p>
          <Button asChild variant="secondary">
            <Link to="/admin/privacy" search={{ newFor: claimant.id, kind: "access" }} onClick={onClose}>
              <ClipboardList aria-hidden /> Record the request
            </Link>
          </Button>
          {showAccessHistory && (
            <Button asChild variant="ghost">
              <Link to="/audit-trail" search={{ tab: "reads", patientId: claimant.id }} onClick={onClose}>
                <Eye aria-hidden /> Access history in the audit trail
              </Link>
            </Button>
          )}
        </div>
      )}
    </FormDialog>
  );
}
