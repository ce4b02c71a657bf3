import { DRAFT_ID_PART } from '@registry/domain';
import type { RegisterDraft } from './use-register-draft';

/**
 * Names the form's draft in the register request (part or key `draftId`), so the server removes
 * it in the transaction that stores the horse. Without a draft the body goes as it is.
 */
export function withDraftId<B extends FormData | Record<string, unknown>>(
  body: B,
  draft: RegisterDraft,
): B {
  if (!draft.enabled) return body;
  if (body instanceof FormData) {
    body.set(DRAFT_ID_PART, draft.id);
    return body;
  }
  return { ...body, [DRAFT_ID_PART]: draft.id };
}
