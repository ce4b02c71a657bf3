import { z } from 'zod';

/**
 * Resumable uploads (tus, docs/api.md "Uploads"): a form file is sent as soon as it is chosen,
 * then the register and edit requests name it by id instead of carrying its bytes.
 */

/**
 * A finished upload as a form (and a draft) keeps it: the id the server gave, the field it was
 * chosen for, and the name and size to show. Only `id` is trusted by the server; the rest is
 * shown to the member.
 */
export const uploadReferenceSchema = z.object({
  id: z.uuid(),
  field: z.string().min(1).max(100),
  fileName: z.string().max(300),
  size: z.number().int().min(0),
});
export type UploadReference = z.infer<typeof uploadReferenceSchema>;

/**
 * The `uploads` part of a register or edit request: the finished uploads to attach, by id (a
 * bare id or a reference), in the order marking documents should keep.
 */
export const uploadIdsSchema = z
  .array(z.union([z.uuid(), uploadReferenceSchema.pick({ id: true }).loose()]))
  .max(60)
  .transform((items) => items.map((item) => (typeof item === 'string' ? item : item.id)));
