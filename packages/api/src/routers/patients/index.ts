import { patientInputSchema } from "@medlegal/domain";
import type { PatientInput } from "@medlegal/domain";
import { createPatient, getPatient, listPatients, updatePatient } from "../../services/patients";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";


export const patientsRouter = router({
  list: roleProcedure("patients.read").input(inputAs<{ search?: string } | undefined>()).query(({ ctx, input }) => listPatients({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("patients.read").input(inputAs<{ id: string }>()).query(({ ctx, input }) => getPatient({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("patients.create").input(inputOf(patientInputSchema)).mutation(({ ctx, input }) => createPatient({ db: ctx.db, actor: ctx.actor }, input)),
  update: roleProcedure("patients.update").input(inputAs<PatientInput & { id: string }>()).mutation(({ ctx, input }) => updatePatient({ db: ctx.db, actor: ctx.actor }, input)),
});
