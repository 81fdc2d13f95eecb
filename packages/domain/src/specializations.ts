/** The 17 specialization options of SPEC.md section 3, in its order. */
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
