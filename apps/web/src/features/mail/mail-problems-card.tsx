import { useState } from 'react';
import type { ProblemMail } from '@registry/domain';
import {
  CBadge,
  CButton,
  CCard,
  CCardBody,
  CCardHeader,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { LoadError } from '../../components/load-states';
import type { ApiError } from '../../lib/api-client';
import { queryState, serverApi, type Answer } from '../../stores/server-api';
import { useToast } from '../../stores/use-toast';
import { useStaffMay } from '../../stores/use-staff-role';

const mailApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    mailProblems: build.query<ProblemMail[], void>({
      query: () => 'admin/mail/problems',
      providesTags: ['Mail'],
    }),
    retryMail: build.mutation<Answer<{ id: string }>, string>({
      query: (id) => ({ url: `admin/mail/${id}/retry`, method: 'post' }),
      invalidatesTags: ['Mail'],
    }),
  }),
});

export function useMailProblems() {
  return queryState(mailApi.useMailProblemsQuery());
}

const STATE_LABELS = {
  failed: { text: 'Refused', color: 'danger' },
  stuck: { text: 'Not sent yet', color: 'warning' },
} as const;

/**
 * Mail the server could not deliver, on the admin dashboard: refused for good (the address or
 * the sender is wrong) or still waiting after several tries. Shown only when there is some.
 */
export function MailProblemsCard() {
  const toast = useToast();
  const { data, error, loading, reload } = useMailProblems();
  const [retryMail] = mailApi.useRetryMailMutation();
  const [retrying, setRetrying] = useState<string | null>(null);
  // Sending again is the administrators' (the server refuses other roles); others see the list.
  const mayRetry = useStaffMay('mail');

  const retry = async (mail: ProblemMail) => {
    setRetrying(mail.id);
    try {
      const result = await retryMail(mail.id).unwrap();
      toast.success(result.message ?? 'The message will be sent again shortly.');
    } catch (caught) {
      toast.danger((caught as ApiError).error);
    } finally {
      setRetrying(null);
    }
  };

  if (error) {
    return (
      <LoadError
        lead="Mail problems could not be loaded"
        error={error}
        loading={loading}
        onRetry={reload}
      />
    );
  }
  if (!data || data.length === 0) return null;
  return (
    <section className="mb-4" aria-labelledby="mail-problems-title">
      <CCard>
        <CCardHeader id="mail-problems-title" as="h2" className="h6 mb-0">
          Undelivered mail ({data.length})
        </CCardHeader>
        <CCardBody>
          <CTable responsive small className="mb-0 align-middle">
            <CTableHead>
              <CTableRow>
                <CTableHeaderCell scope="col">To</CTableHeaderCell>
                <CTableHeaderCell scope="col">Subject</CTableHeaderCell>
                <CTableHeaderCell scope="col">State</CTableHeaderCell>
                <CTableHeaderCell scope="col">Attempts</CTableHeaderCell>
                <CTableHeaderCell scope="col">Last error</CTableHeaderCell>
                <CTableHeaderCell scope="col">
                  <span className="visually-hidden">Actions</span>
                </CTableHeaderCell>
              </CTableRow>
            </CTableHead>
            <CTableBody>
              {data.map((mail) => (
                <CTableRow key={mail.id}>
                  <CTableDataCell>{mail.to}</CTableDataCell>
                  <CTableDataCell>{mail.subject}</CTableDataCell>
                  <CTableDataCell>
                    <CBadge color={STATE_LABELS[mail.state].color}>
                      {STATE_LABELS[mail.state].text}
                    </CBadge>
                  </CTableDataCell>
                  <CTableDataCell>{mail.attempts}</CTableDataCell>
                  <CTableDataCell className="small text-break">
                    {mail.lastError ?? ''}
                  </CTableDataCell>
                  <CTableDataCell className="text-end">
                    {mayRetry && (
                      <CButton
                        size="sm"
                        color="primary"
                        variant="outline"
                        disabled={retrying === mail.id}
                        onClick={() => void retry(mail)}
                        aria-label={`Send again to ${mail.to}`}
                      >
                        Send again
                      </CButton>
                    )}
                  </CTableDataCell>
                </CTableRow>
              ))}
            </CTableBody>
          </CTable>
        </CCardBody>
      </CCard>
    </section>
  );
}
