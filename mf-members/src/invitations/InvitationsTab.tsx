import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { InvitationSendAnswer } from '@agora/contracts/api';
import { isLocale } from '@agora/platform';
import { BatchProgress } from './BatchProgress';
import { InvitationList } from './InvitationList';
import { Report } from './Report';
import { UploadForm } from './UploadForm';
import { isInvitationsKey, type InvitationValidateAnswer, type UploadState } from './types';

/** The invitations tab: the form, the dry run's report and its send buttons, the batch's progress, the list. */
export function InvitationsTab() {
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const [upload, setUpload] = useState<UploadState>(() => ({
    message: '',
    locale: isLocale(intl.locale) ? intl.locale : 'el',
  }));
  const [report, setReport] = useState<InvitationValidateAnswer | null>(null);
  const [batch, setBatch] = useState<string | null>(null);
  const reload = useCallback(() => void mutate(isInvitationsKey), [mutate]);

  const onSent = (answer: InvitationSendAnswer) => {
    setReport(null);
    setBatch(answer.invited > 0 ? answer.batch : null);
    reload();
  };

  return (
    <div className="mb-inv">
      <UploadForm value={upload} onChange={setUpload} onReport={setReport} />
      {report && <Report report={report} upload={upload} onSent={onSent} />}
      {batch && <BatchProgress key={batch} batch={batch} onDone={reload} />}
      <InvitationList />
    </div>
  );
}
