/**
 * Refusals inside the tus server's hooks: @tus/server answers a thrown `{ status_code, body }`
 * as it is. The body is the API's usual failure (`{ success: false, error, fields }`), so the
 * form shows the message beside the field the file was chosen for.
 */
export interface TusRefusal {
  status_code: number;
  body: string;
}

export function refusal(status: number, error: string, fieldPath?: string): TusRefusal {
  return {
    status_code: status,
    body: JSON.stringify({
      success: false,
      error,
      ...(fieldPath ? { fields: { [fieldPath]: error } } : {}),
    }),
  };
}

export function isRefusal(value: unknown): value is TusRefusal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TusRefusal).status_code === 'number' &&
    typeof (value as TusRefusal).body === 'string'
  );
}
