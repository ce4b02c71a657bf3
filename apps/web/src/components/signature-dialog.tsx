import './signature.css';
import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import {
  CButton,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
} from '@coreui/react';

/** Spec §9: a 400x200 pad with a black pen. */
export const SIGNATURE_PAD_WIDTH = 400;
export const SIGNATURE_PAD_HEIGHT = 200;

export interface SignatureDialogProps {
  visible: boolean;
  title: string;
  /** Receives a PNG data URL; the dialog closes right after. */
  onSave: (dataUrl: string) => void;
  onClose: () => void;
  /** Where the dialog is attached; by default the document body. */
  container?: () => Element | null;
}

function SignaturePadBody({ onSave, onClose }: Pick<SignatureDialogProps, 'onSave' | 'onClose'>) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [emptyError, setEmptyError] = useState(false);
  const hintId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // 400x200 where it fits; on a narrow phone the same 2:1 pad as wide as the dialog allows.
    // The backing store follows the pixel ratio so strokes stay sharp (signature_pad's advice).
    const available = canvas.parentElement?.clientWidth || SIGNATURE_PAD_WIDTH;
    const width = Math.min(SIGNATURE_PAD_WIDTH, available);
    const height = Math.round((width * SIGNATURE_PAD_HEIGHT) / SIGNATURE_PAD_WIDTH);
    const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: 'black' });
    const onStroke = () => setEmptyError(false);
    pad.addEventListener('beginStroke', onStroke);
    padRef.current = pad;
    return () => {
      pad.removeEventListener('beginStroke', onStroke);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const save = () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) {
      setEmptyError(true);
      return;
    }
    onSave(pad.toDataURL('image/png'));
    onClose();
  };

  return (
    <>
      <CModalBody>
        <p id={hintId} className="small text-body-secondary mb-2">
          Sign with a mouse, a finger or a pen inside the box.
        </p>
        <div className="signature-pad-frame">
          <canvas
            ref={canvasRef}
            className="signature-pad-canvas"
            width={SIGNATURE_PAD_WIDTH}
            height={SIGNATURE_PAD_HEIGHT}
            role="img"
            aria-label="Signature pad"
            aria-describedby={hintId}
          />
        </div>
        {emptyError && (
          <div className="invalid-feedback d-block" role="alert">
            Please draw a signature before saving.
          </div>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton
          color="secondary"
          variant="outline"
          onClick={() => {
            padRef.current?.clear();
          }}
        >
          Clear
        </CButton>
        <CButton color="primary" onClick={save}>
          Save
        </CButton>
      </CModalFooter>
    </>
  );
}

/** The signature dialog of spec §2.6 item 16: a 400x200 pad, Clear and Save. */
export function SignatureDialog({
  visible,
  title,
  onSave,
  onClose,
  container,
}: SignatureDialogProps) {
  const titleId = useId();
  return (
    <CModal
      visible={visible}
      onClose={onClose}
      backdrop="static"
      alignment="center"
      container={container}
      className="signature-dialog"
      // Static, so a stray click beside the pad keeps the drawing; Escape still closes it.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      aria-labelledby={titleId}
    >
      <CModalHeader>
        <CModalTitle as="h2" className="h5" id={titleId}>
          {title}
        </CModalTitle>
      </CModalHeader>
      {/* CModal mounts this on opening and unmounts it after closing: a fresh pad each time. */}
      <SignaturePadBody onSave={onSave} onClose={onClose} />
    </CModal>
  );
}
