/** The 17 specializations seeded at install, in the order of docs/product-rules.md#sign-up-and-validation. */
export const SPECIALIZATIONS = [
  "Neurosurgeon",
  "Orthopaedic Surgeon",
  "Clinical Psychologist",
  "Occupational Therapist",
  "Educational Psychologist",
  "Industrial Psychologist",
  "Psychiatrist",
  "Ophthalmologist",
  "Audiologist",
  "Urologist",
  "Plastic and Reconstructive Surgeon",
  "General Surgeon",
  "Orthotics and Prosthetics",
  "Maxillo facial Surgeon",
  "Gynaecologist",
  "Dentist",
  "Actuary",
] as const;
export type SpecializationName = (typeof SPECIALIZATIONS)[number];
