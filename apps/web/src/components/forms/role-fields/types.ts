/** What the role field groups take from the form that holds them (useZodForm's patch, err and touch). */
export interface DetailsProps<T> {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  value: T;
  onChange: (patch: Partial<T>) => void;
  /** The error to show for a field (the caller decides when: after a blur, an edit or a submit). */
  error: (name: string) => string | undefined;
  /** A field was left, or a list was edited. */
  onTouch: (name: string) => void;
  disabled?: boolean;
}

export interface SpecializationOption {
  id: string;
  name: string;
}
