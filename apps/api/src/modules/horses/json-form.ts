import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.js';
import type { FileStorage } from '../files/index.js';
import { FORM_MESSAGES, valuePart, type FormMode } from './form-fields.js';
import { emptyForm, receiveForm, type ReceivedForm } from './multipart.js';

export const JSON_FORM_MESSAGES = {
  notAForm: 'Send the form as multipart/form-data or as a JSON object',
  notText: 'Must be text',
} as const;

/**
 * A register or edit request sent as JSON (docs/api.md): the same names as the multipart parts,
 * the nested sections as JSON values instead of JSON text, and files only as `uploads` (ids of
 * finished resumable uploads). It becomes the same ReceivedForm the multipart path makes, so
 * both are judged by one set of rules.
 */
export function formFromJson(body: unknown, mode: FormMode): ReceivedForm {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, JSON_FORM_MESSAGES.notAForm);
  }
  const form = emptyForm();
  for (const [rawName, value] of Object.entries(body as Record<string, unknown>)) {
    const part = valuePart(rawName, mode);
    if (!part) {
      form.problems[rawName] = FORM_MESSAGES.unknownField;
      continue;
    }
    if (part.kind === 'ignored') continue;
    if (part.kind === 'text' && typeof value !== 'string') {
      // checkedOwnerInfo may come as a JSON boolean; multipart says 'true'.
      if (typeof value === 'boolean') form.values.set(part.name, String(value));
      else form.problems[part.name] = JSON_FORM_MESSAGES.notText;
      continue;
    }
    form.values.set(part.name, value);
  }
  return form;
}

/** The form of a register or edit request, multipart (files inline) or JSON (upload ids). */
export async function receiveAnyForm(
  request: FastifyRequest,
  storage: FileStorage,
  mode: FormMode,
): Promise<ReceivedForm> {
  if (request.isMultipart()) return receiveForm(request, storage, mode);
  if (request.headers['content-type']?.startsWith('application/json')) {
    return formFromJson(request.body, mode);
  }
  throw new HttpError(415, JSON_FORM_MESSAGES.notAForm);
}
