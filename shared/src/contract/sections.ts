import { z } from 'zod';
import { okSchema } from './envelope';

/** A catalogue section (GET /sections): its id and its name in the caller's language. */
export const sectionSummarySchema = z.object({ _id: z.string(), name: z.string() });
export type SectionSummary = z.infer<typeof sectionSummarySchema>;

/** GET /sections: every section of the catalogue, by name. */
export const sectionsResponseSchema = okSchema(z.array(sectionSummarySchema));
