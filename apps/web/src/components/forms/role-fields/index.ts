/**
 * The fields of an attorney's or a consultant's own details, shared by sign-up, the administrator's
 * user form and the profile: one file per part.
 */
export type { AttorneyDetails, ConsultantDetails } from "@medlegal/domain";
export { AttorneyFields } from "./attorney-fields";
export { ConsultantFields } from "./consultant-fields";
export { ReadOnlyField } from "./read-only-field";
export { RoleDetailsSection } from "./role-details-section";
export { MAX_ROWS, Row, RowList } from "./row-list";
export { SpecializationSelect } from "./specialization-select";
export type { DetailsProps, SpecializationOption } from "./types";
