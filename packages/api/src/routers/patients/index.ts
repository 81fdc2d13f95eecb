import { z } from "zod";
import { idInputSchema, patientInputSchema, patientListInputSchema, patientOutputSchema, patientUpdateSchema } from "@medlegal/domain";
import { createPatient, getPatient, listPatients, updatePatient } from "../../services/patients/patients";
import { roleProcedure, router } from "../../trpc";

export const patientsRouter = router({
  list: roleProcedure("patients.read")
    .input(patientListInputSchema)
    .output(z.array(patientOutputSchema))
    .query(({ ctx, input }) => listPatients({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("patients.read")
    .input(idInputSchema)
    .output(patientOutputSchema)
    .query(({ ctx, input }) => getPatient({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("patients.create")
    .input(patientInputSchema)
    .output(patientOutputSchema)
    .mutation(({ ctx, input }) => createPatient({ db: ctx.db, actor: ctx.actor }, input)),
  update: roleProcedure("patients.update")
    .input(patientUpdateSchema)
    .output(patientOutputSchema)
    .mutation(({ ctx, input }) => updatePatient({ db: ctx.db, actor: ctx.actor }, input)),
});
