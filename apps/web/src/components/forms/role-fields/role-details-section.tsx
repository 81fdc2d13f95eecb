import type { ReactNode } from "react";
import type { AttorneyDetails, ConsultantDetails } from "@medlegal/domain";
import { AttorneyFields } from "./attorney-fields";
import { ConsultantFields } from "./consultant-fields";
import { InterpreterFields } from "./interpreter-fields";
import type { DetailsProps, SpecializationOption } from "./types";

/** The roles that carry fields of their own, and the section's name for each. */
const SECTION_LABEL = { attorney: "Attorney details", consultant: "Consultant details", interpreter: "Interpreter details" } as const;

/**
 * The attorney's, consultant's or interpreter's own fields under a heading (or, without one, a
 * label), for the role being edited; nothing for administrators and employees.
 */
export function RoleDetailsSection<T extends AttorneyDetails & ConsultantDetails>({
  role,
  heading,
  specializations,
  children,
  ...props
}: DetailsProps<T> & {
  role: string;
  /** A visible heading per role; without one the sections are named "Attorney details" / "Consultant details". */
  heading?: Partial<Record<keyof typeof SECTION_LABEL, string>>;
  specializations: readonly SpecializationOption[] | undefined;
  /** Fields a form adds under the role's own (the administrator's form: an interpreter's languages). */
  children?: ReactNode;
}) {
  if (!Object.hasOwn(SECTION_LABEL, role)) return null;
  const details = role as keyof typeof SECTION_LABEL;
  const headingId = `${props.idPrefix}-${details}-heading`;
  const title = heading?.[details];
  const onChange = props.onChange as (patch: Partial<AttorneyDetails & ConsultantDetails>) => void;
  return (
    <section
      className="grid gap-4 border-t pt-5"
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : SECTION_LABEL[details]}
    >
      {title && (
        <h3 id={headingId} className="text-sm font-semibold">
          {title}
        </h3>
      )}
      {details === "attorney" ? (
        <AttorneyFields {...props} onChange={onChange} />
      ) : details === "interpreter" ? (
        <InterpreterFields {...props} onChange={onChange} />
      ) : (
        <ConsultantFields {...props} onChange={onChange} specializations={specializations} />
      )}
      {children}
    </section>
  );
}
