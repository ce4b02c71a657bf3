import { useEffect, useState } from 'react';
import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CCardHeader,
  CFormLabel,
  CFormTextarea,
  CSpinner,
} from '@coreui/react';
import { DASHBOARD_CONTENT_MAX_BYTES, dashboardContentProblem, utf8Bytes } from '@registry/domain';
import { LoadError, LoadingBlock } from '../../components/load-states';
import { PageHeader } from '../../components/page-header';
import type { ApiError } from '../../lib/api-client';
import { formatDaySlashed } from '../../lib/format';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useToast } from '../../stores/use-toast';
import { previewDashboardContent, useDashboardContent, useSaveDashboardContent } from './api';

/** Markdown editor with the server's own sanitized preview (issue 6 item 5). */
export default function DashboardContentPage() {
  const toast = useToast();
  const { data, error, loading, reload } = useDashboardContent();
  const saveDashboardContent = useSaveDashboardContent();
  const [markdown, setMarkdown] = useState<string | null>(null);
  const [html, setHtml] = useState('');
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const text = markdown ?? data?.markdown ?? '';
  const debounced = useDebouncedValue(text, 400);
  const size = utf8Bytes(text);
  const tooLarge = size > DASHBOARD_CONTENT_MAX_BYTES;
  // The API's own rules (size, nesting), shown as the admin types rather than after Save.
  const problem = dashboardContentProblem(text);
  const dirty = markdown !== null && markdown !== (data?.markdown ?? '');

  useEffect(() => {
    if (data && markdown === null) setHtml(data.html);
  }, [data, markdown]);

  // Previews only once the text is edited, and again whenever the debounced text changes.
  const edited = markdown !== null;
  useEffect(() => {
    // A text the server would refuse is not sent: the message under the editor says why.
    if (!edited || dashboardContentProblem(debounced)) return;
    const controller = new AbortController();
    previewDashboardContent(debounced, controller.signal).then(
      (rendered) => {
        setHtml(rendered);
        setPreviewError(null);
      },
      (caught: ApiError) => {
        if (!caught.canceled) setPreviewError(caught.error);
      },
    );
    return () => controller.abort();
  }, [debounced, edited]);

  const save = async () => {
    setSaving(true);
    setFieldError(null);
    try {
      const result = await saveDashboardContent(text).unwrap();
      toast.success(result.message ?? 'Dashboard content saved');
      setMarkdown(null);
      setHtml(result.data.html);
    } catch (caught) {
      const failure = caught as ApiError;
      setFieldError(failure.fields?.markdown ?? failure.error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={ROUTES.dashboardContent.title}
        lead="What members see on their dashboard. Write in Markdown; the preview shows exactly what they will see."
        actions={
          <CButton
            color="primary"
            disabled={saving || Boolean(problem) || !dirty}
            onClick={() => void save()}
          >
            {saving && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
            Save
          </CButton>
        }
      />
      <LoadError
        lead="The content could not be loaded"
        error={error}
        loading={loading}
        onRetry={reload}
      />
      {loading && !data ? (
        <LoadingBlock label="Loading the content…" />
      ) : (
        <div className="row g-3">
          <div className="col-12 col-lg-6">
            <CFormLabel htmlFor="content-markdown">Markdown</CFormLabel>
            <CFormTextarea
              id="content-markdown"
              rows={18}
              className="font-monospace"
              value={text}
              disabled={saving}
              invalid={Boolean(fieldError || problem)}
              aria-describedby="content-markdown-help"
              onChange={(event) => {
                setMarkdown(event.target.value);
                setFieldError(null);
              }}
            />
            <div id="content-markdown-help" className="small mt-1">
              <span className={tooLarge ? 'text-danger' : 'text-body-secondary'}>
                {(size / 1024).toFixed(1)} of {DASHBOARD_CONTENT_MAX_BYTES / 1024} kB.
              </span>{' '}
              {(fieldError ?? problem) && (
                <span className="text-danger">{fieldError ?? problem}</span>
              )}
              {data?.updatedAt && (
                <span className="text-body-secondary">
                  Last saved {formatDaySlashed(data.updatedAt)}
                  {data.updatedBy && ` by ${data.updatedBy.name}`}.
                </span>
              )}
              {dirty && <strong className="ms-1">Unsaved changes.</strong>}
            </div>
          </div>
          <div className="col-12 col-lg-6">
            <CCard className="h-100">
              <CCardHeader as="h2" className="h6 mb-0">
                Preview
              </CCardHeader>
              <CCardBody>
                {previewError && (
                  <CAlert color="warning" className="small">
                    The preview could not be updated: {previewError}
                  </CAlert>
                )}
                {html.trim() ? (
                  // Rendered and sanitized by the server exactly as for members.
                  <div
                    className="dashboard-content"
                    data-testid="content-preview"
                    dangerouslySetInnerHTML={{ __html: html }}
                  />
                ) : (
                  <p className="text-body-secondary mb-0">Nothing to show yet.</p>
                )}
              </CCardBody>
            </CCard>
          </div>
        </div>
      )}
    </>
  );
}
