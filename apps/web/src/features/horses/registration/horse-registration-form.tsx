import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  CButton,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
} from '@coreui/react';
import { FormProvider, get, useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import type { HorseFormMode } from '@registry/domain';
import { UploadProgress } from '../../../components/upload-progress';
import { OrderSummaryDialog } from '../../payments/order-summary-dialog';
import type { ApiError } from '../../../lib/api-client';
import type { Horse } from '../../../lib/horse-types';
import { useToast } from '../../../stores/use-toast';
import { registerHorse, updateHorse } from '../api/horses-api';
import { focusFirstError } from './focus-first-error';
import { editOutcomeMessage, RecordNotice } from './record-notice';
import { RecordStatus } from './record-status';
import { errorPaths } from './form-errors';
import { horseFormResolver } from './form-resolver';
import {
  initialValues,
  withStoredPhotos,
  type HorseFormOutput,
  type HorseFormValues,
} from './form-values';
import { useOwnerPrefill } from './use-owner-prefill';
import { RegistrationContext, type RegistrationContextValue } from './registration-context';
import { SectionCard } from './section-card';
import { sectionsFor } from './sections';
import { RevealQueue, RevealQueueContext, Staged } from './staged-reveal';
import { applyServerErrors } from './server-errors';
import { editFormData, registrationFormData } from './to-form-data';
import { UploadContext } from '../uploads/upload-context';
import { UploadTracker } from '../uploads/upload-tracker';
import { useRegisterPayment } from './use-register-payment';
import { CloseFormDialog, DraftOffer, DraftStatusText } from '../drafts/draft-parts';
import { useRegisterDraft } from '../drafts/use-register-draft';
import { withDraftId } from '../drafts/with-draft-id';
import { withBreeding } from './with-breeding';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { RegisterLookups, withLookups } from './register-lookups';
import type { HorseFieldName } from './fields/use-field-error';

export const MODAL_TITLES: Record<HorseFormMode, string> = {
  register: 'Register Horse',
  view: 'View Horse',
  edit: 'Edit Horse',
};

export interface HorseRegistrationFormProps {
  mode: HorseFormMode;
  horse: Horse | null;
  titleId: string;
  onClose: () => void;
  onSaved: (horse: Horse) => void;
  /** Replaces the member's edit call (PUT members/horses/:id), e.g. the admin route. */
  saveEdit?: EditCall | undefined;
  /**
   * Registers without the payment section through this call instead (an administrator on a
   * member's behalf: POST admin/horses?ownerId=).
   */
  saveRegister?: RegisterCall | undefined;
  /** The member the office registers for: owner 1 and billing start from their profile. */
  onBehalfOf?: string | undefined;
  /** Register mode: continue this draft (My Horses, Continue) instead of starting fresh. */
  draftId?: string | undefined;
}

export type RegisterCall = (
  body: FormData,
  onProgress: (percent: number) => void,
) => Promise<{ data: Horse }>;

export type EditCall = (
  id: string,
  body: FormData,
  onProgress: (percent: number | null) => void,
) => Promise<{ data: Horse }>;

/**
 * Sections mounted with the form; the others follow one by one once it has painted
 * (staged-reveal.tsx). Four fill a phone's screen.
 */
const FIRST_SECTIONS = 4;

/** The secure card fields have no name, so focusFirstError cannot find them. */
function focusFirstCardError(container: HTMLElement | null) {
  const field = container?.querySelector<HTMLElement>('[data-secure-field][aria-invalid="true"]');
  field?.scrollIntoView?.({ block: 'center' });
  field?.focus({ preventScroll: true });
}

/** Enter in a text box must not submit a section's form. */
function preventImplicitSubmit(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'submit') {
    event.preventDefault();
  }
}

/**
 * The registration form inside the modal. The form state lives here and the modal unmounts
 * it on close, so every opening starts from fresh values. Sections subscribe to their own
 * fields; this component re-renders only for saving and upload progress, and the sections
 * element is memoized so those re-renders stop here.
 */
export function HorseRegistrationForm({
  mode,
  horse,
  titleId,
  onClose,
  onSaved,
  saveEdit = updateHorse,
  saveRegister,
  onBehalfOf,
  draftId,
}: HorseRegistrationFormProps) {
  const toast = useToast();
  const formRef = useRef<HTMLDivElement>(null);
  const submittedRef = useRef(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const readOnly = mode === 'view';
  const modalOf = useCallback(() => formRef.current?.closest('.modal') ?? document.body, []);

  // Uploads belong to the member who made them (docs/api.md, Uploads), so the office, at a desk,
  // sends its files with Save as before instead of uploading ahead.
  const isAdmin = useAppSelector((state) => state.session.isAdmin);
  // Single marking photos change in an edit, except a member's approved horse, whose documents
  // the office changes (docs/decisions/0031-approved-records-change-through-the-office.md).
  const [photosInForm] = useState(
    () => mode === 'edit' && horse !== null && (isAdmin || horse.approvalStatus !== 'approved'),
  );
  const [defaultValues] = useState(() =>
    photosInForm && horse
      ? withStoredPhotos(initialValues(mode, horse), horse)
      : initialValues(mode, horse),
  );
  // Files upload as soon as they are chosen; Save names the finished ones (features/horses/uploads).
  const [uploads] = useState(() => new UploadTracker());
  const [revealQueue] = useState(() => new RevealQueue());
  const uploadsAhead = isAdmin ? null : uploads;
  const withoutPayment = mode === 'register' && saveRegister !== undefined;
  const dispatch = useAppDispatch();
  // What the server said about names and owners' numbers, as field messages (register-lookups.ts).
  const [lookups] = useState(() => new RegisterLookups());
  const resolver = useMemo(
    () => withLookups(horseFormResolver(mode, horse, withoutPayment, photosInForm), lookups),
    [mode, horse, withoutPayment, photosInForm, lookups],
  );
  const loadRules = useCallback(() => void resolver.load().catch(() => undefined), [resolver]);
  const methods = useForm<HorseFormValues, unknown, HorseFormOutput>({
    mode: 'onChange',
    defaultValues,
    resolver,
    shouldFocusError: false,
  });
  const { handleSubmit, setError, getValues, trigger } = methods;
  // A member starts from their profile; the office from the member it registers for.
  useOwnerPrefill(mode === 'register', methods, onBehalfOf);
  // A member's registration is kept as a draft while typed (the office's is not).
  const draft = useRegisterDraft(methods, {
    enabled: mode === 'register' && saveRegister === undefined,
    draftId,
    uploads: uploadsAhead,
  });
  const [confirmClose, setConfirmClose] = useState(false);
  function requestClose() {
    if (readOnly || !draft.touched()) return onClose();
    void draft.flush();
    setConfirmClose(true);
  }

  const sections = useMemo(
    () => sectionsFor(mode).filter((s) => !withoutPayment || s.id !== 'fees-billing'),
    [mode, withoutPayment],
  );
  const payment = useRegisterPayment({ saveHorse, onSaved });
  const { cardEntry } = payment;
  const breedingChoice = useRef<string | null>(null);
  const context = useMemo<RegistrationContextValue>(
    () => ({ mode, readOnly, horse, submittedRef, cardEntry, lookups, breedingChoice }),
    [mode, readOnly, horse, cardEntry, lookups],
  );

  const body = useMemo(
    () => (
      <FormProvider {...methods}>
        <UploadContext.Provider value={uploadsAhead}>
          <RegistrationContext.Provider value={context}>
            <RevealQueueContext.Provider value={revealQueue}>
              <div className="row g-3">
                {sections.map(({ id, title, fields, width, fieldset, Component }, index) => {
                  const section = (
                    <div key={id} className={width ? `col-12 ${width}` : 'col-12'}>
                      <SectionCard id={id} title={title} fields={fields} fieldset={fieldset}>
                        <Component />
                      </SectionCard>
                    </div>
                  );
                  return index < FIRST_SECTIONS ? section : <Staged key={id}>{section}</Staged>;
                })}
              </div>
            </RevealQueueContext.Provider>
          </RegistrationContext.Provider>
        </UploadContext.Provider>
      </FormProvider>
    ),
    // useForm answers the same `methods` object for the form's life, so typing does not
    // rebuild the sections; nothing here reads its formState.
    [methods, context, sections, uploadsAhead, revealQueue],
  );

  /** The register or edit call; answers the stored horse, or null after showing the error. */
  async function saveHorse(values: HorseFormOutput): Promise<Horse | null> {
    setSaving(true);
    setProgress(0);
    // No draft save may land after the registration that removes the draft.
    await draft.pause();
    try {
      // Files still on their way are waited for; Save then sends only the form and their ids.
      await uploads.settle(uploads.inFlight());
      const response =
        mode === 'register'
          ? await (saveRegister ?? registerHorse)(
              withBreeding(
                withDraftId(registrationFormData(values, uploads), draft),
                breedingChoice.current,
              ),
              setProgress,
            )
          : await saveEdit(
              horse?._id ?? '',
              withBreeding(
                editFormData(values, uploads, { keepMarkings: photosInForm }),
                breedingChoice.current,
              ),
              setProgress,
            );
      return response.data;
    } catch (caught) {
      const error = caught as ApiError;
      draft.resume();
      toast.danger(error.error);
      const shownRoots = sections.flatMap((section) => section.fields as readonly string[]);
      const paths = applyServerErrors(error.fields, setError, shownRoots);
      focusFirstError(formRef.current, paths);
      return null;
    } finally {
      setSaving(false);
      setProgress(null);
    }
  }

  /**
   * The lookups not yet answered (a name typed just before Save) are asked now, so a taken name
   * or a wrong owner is shown at its field before the payment step, not after Proceed.
   */
  async function lookupsHold(values: HorseFormOutput): Promise<boolean> {
    const paths = await lookups.settle(dispatch, values as Partial<HorseFormValues>);
    if (paths.length === 0) return true;
    await trigger(paths as HorseFieldName[]);
    focusFirstError(formRef.current, paths);
    return false;
  }

  async function save(values: HorseFormOutput) {
    if (!(await lookupsHold(values))) return;
    if (withoutPayment) {
      const registered = await saveHorse(values);
      if (!registered) return;
      toast.success('Horse registered');
      onSaved(registered);
      return;
    }
    if (mode === 'register') {
      // Paying happens from the order summary (spec §2.6 item 20).
      if (!payment.review(values)) focusFirstCardError(formRef.current);
      return;
    }
    const saved = await saveHorse(values);
    if (!saved) return;
    toast.success(editOutcomeMessage(horse, saved));
    onSaved(saved);
  }

  function onInvalid(errors: FieldErrors<HorseFormValues>) {
    // The card fields are not form values: say what they miss along with the rest.
    if (mode === 'register' && !withoutPayment) payment.checkCard(getValues('billingInfo'));
    const paths = errorPaths(errors);
    if (focusFirstError(formRef.current, paths)) return;
    // A rule broken by a field this mode does not show (say, a stored horse without a
    // performance verification answer, edited): say so instead of doing nothing.
    const first = paths[0] ? (get(errors, paths[0]) as FieldError | undefined) : undefined;
    toast.danger(first?.message ?? 'Please check the form');
  }

  function onSave() {
    if (readOnly || saving) return;
    // Every field on the page before the checks, so the first one in error can be focused.
    revealQueue.revealAll();
    submittedRef.current = true;
    void handleSubmit(save, onInvalid)();
  }

  return (
    <>
      <CModalHeader closeButton={false}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {MODAL_TITLES[mode]}
        </CModalTitle>
      </CModalHeader>
      {/*
        Not one <form>: each section is its own (see SectionCard), because Chrome's autofill
        re-reads the whole form a field belongs to on every keystroke.
      */}
      <div
        ref={formRef}
        className="horse-form"
        onKeyDown={preventImplicitSubmit}
        // The rules (and zod) are fetched once the member starts working in the form.
        onFocusCapture={loadRules}
        onPointerDownCapture={loadRules}
      >
        <CModalBody className="horse-form-body">
          {mode === 'view' && horse && saveEdit === updateHorse && <RecordStatus horse={horse} />}
          <RecordNotice horse={horse} mode={mode} office={saveEdit !== updateHorse} />
          <DraftOffer draft={draft} />
          {body}
        </CModalBody>
        <CModalFooter className="horse-form-footer">
          <DraftStatusText draft={draft} />
          {progress !== null && (
            <UploadProgress value={progress} label="Uploading the registration" />
          )}
          <CButton
            color="secondary"
            variant="outline"
            disabled={saving || payment.busy}
            onClick={requestClose}
          >
            Close
          </CButton>
          {!readOnly && (
            <CButton color="primary" disabled={saving || payment.busy} onClick={onSave}>
              {saving && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
              {saving ? 'Saving…' : 'Save'}
            </CButton>
          )}
        </CModalFooter>
      </div>
      <CloseFormDialog
        visible={confirmClose}
        draft={draft}
        container={modalOf}
        onKeepEditing={() => setConfirmClose(false)}
        onClose={() => {
          setConfirmClose(false);
          onClose();
        }}
      />
      {mode === 'register' && (
        <OrderSummaryDialog
          visible={payment.pending !== null}
          choices={{
            performanceVerification: payment.pending?.performanceVerification,
            prepayDNAFee: payment.pending?.fees?.prepayDNAFee,
          }}
          busy={payment.busy || payment.waiting}
          status={
            payment.waiting
              ? 'Waiting for the payment to be confirmed…'
              : payment.busy
                ? 'Saving and paying…'
                : null
          }
          cancelLabel={payment.waiting ? 'Close' : 'Cancel'}
          cancelEnabledWhileBusy={payment.waiting}
          onProceed={() => void payment.proceed()}
          onCancel={payment.cancel}
          container={modalOf}
        />
      )}
    </>
  );
}
