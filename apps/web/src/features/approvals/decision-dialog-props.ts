/** What every dialog of the approval queue takes: whether it is shown, and how it closes. */
export interface QueueDialogProps {
  visible: boolean;
  onClose: () => void;
}

/**
 * A dialog that decides a record the office opened: `onDone` gets the decision's outcome, and
 * `onReviewAgain` goes back to the review when the record changed since it was opened.
 */
export interface DecisionDialogProps<Outcome extends unknown[]> extends QueueDialogProps {
  onDone: (...outcome: Outcome) => void;
  onReviewAgain: () => void;
}
