import type { Bundle } from "@medlegal/domain";
import { Download } from "lucide-react";
import { formatFileSize } from "@/lib/format";
import { LINK_CLASS } from "./evidence-row";

type BundleFile = Bundle["files"][number];

const ORDER: BundleFile["kind"][] = ["zip", "whole", "index_pdf", "index_csv", "section"];

function label(file: BundleFile): string {
  switch (file.kind) {
    case "zip":
      return "Download ZIP for CaseLines";
    case "whole":
      return "Whole bundle (PDF)";
    case "index_pdf":
      return "Index (PDF)";
    case "index_csv":
      return "Index (CSV)";
    case "section":
      return `Section ${file.letter ?? ""} (PDF)`;
  }
}

/** A made bundle's files, the ZIP CaseLines takes first, then the whole PDF, the index and each section. */
export function BundleFiles({ number, files }: { number: number; files: Bundle["files"] }) {
  const sorted = [...files].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || (a.letter ?? "").localeCompare(b.letter ?? ""));
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm" aria-label={`Files of bundle ${number}`}>
      {sorted.map((f) => (
        <li key={f.fileId}>
          <a href={`/api/files/${encodeURIComponent(f.fileId)}`} download={f.fileName} className={LINK_CLASS}>
            <Download aria-hidden className="size-4 shrink-0" />
            {label(f)}
          </a>{" "}
          <span className="text-xs text-muted-foreground">{formatFileSize(f.size)}</span>
        </li>
      ))}
    </ul>
  );
}
