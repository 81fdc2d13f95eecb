import { z } from "zod";
import { createPatient, getPatient, listPatients, updatePatient } from "../../services/patients";
import { roleProcedure, router } from "../../trpc";

const input = z.unknown();

export const patientsRouter = router({
  list: roleProcedure("patients.read").input(input).query(({ ctx, input }) => listPatients({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("patients.read").input(input).query(({ ctx, input }) => getPatient({ db: ctx.db, actor: ctx.actor }, input)),
  create: roleProcedure("patients.create").input(input).mutation(({ ctx, input }) => createPatient({ db: ctx.db, actor: ctx.actor }, input)),
  update: roleProcedure("patients.update").input(input).mutation(({ ctx, input }) => updatePatient({ db: ctx.db, actor: ctx.actor }, input)),
});
