import { z } from "zod";
import { idInputSchema, patientInputSchema, patientListInputSchema, patientOutputSchema, patientUpdateSchema } from "@medlegal/domain";
import { createPatient, getPatient, listPatients, updatePatient } from "../../services/patients/patients";
import { roleProcedure, router } from "../../trpc";

export const patientsRouter = router({
  list: roleProcedure("patients.read")
    .input(patientListInputSchema)
    .output(z.array(patientOutputSchema))
    .query(({ ctx, input }) => listPatients(ctx.deps, input)),
  get: roleProcedure("patients.read")
    .input(idInputSchema)
    .output(patientOutputSchema)
    .query(({ ctx, input }) => getPatient(ctx.deps, input)),
  create: roleProcedure("patients.create")
    .input(patientInputSchema)
    .output(patientOutputSchema)
    .mutation(({ ctx, input }) => createPatient(ctx.deps, input)),
  update: roleProcedure("patients.update")
    .input(patientUpdateSchema)
    .output(patientOutputSchema)
    .mutation(({ ctx, input }) => updatePatient(ctx.deps, input)),
});
