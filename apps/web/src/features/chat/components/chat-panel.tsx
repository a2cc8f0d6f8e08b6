import '../chat.css';
import {
  type ChatLanguage,
  type ChatMessage,
  chatLanguages,
  defaultCreditCosts,
  type Job,
  type Project,
} from '@facelift/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useSignInDialog } from '../../auth/index.ts';
import { creditRefusalMessage, usePlans, useRequireCredits } from '../../credits/index.ts';
import { isJobFinished, storeJob, useJob } from '../../jobs/index.ts';
import { projectQueryKeys, useCurrentProject } from '../../projects/index.ts';
import { TransformError, TransformProgress, useTransformWorkspace } from '../../transform/index.ts';
import { useSendChatMessage } from '../api/send-chat-message.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatImageDialog } from './chat-image-dialog.tsx';
import { ChatMessageList, type PendingMessage } from './chat-message-list.tsx';

function chatLanguageOf(language: string | undefined): ChatLanguage {
  const base = (language ?? 'en').slice(0, 2) as ChatLanguage;
  return chatLanguages.includes(base) ? base : 'en';
}

/**
 * The chat offer's panel (docs/product.md, Chat): the conversation, the reply in progress with
 * its stage and elapsed time, its error (the job refunds), and the composer. The history is
 * the project's, kept current by the project's live events in every tab.
 */
export function ChatPanel() {
  const { t, i18n } = useTranslation('chat');
  const { t: tAuth } = useTranslation('auth');
  const { t: tCredits } = useTranslation('credits');
  const { t: tProjects } = useTranslation('projects');
  const project = useCurrentProject();
  const { inpaintingMask } = useTransformWorkspace();
  const { requireCredits } = useRequireCredits();
  const { openSignIn } = useSignInDialog();
  const queryClient = useQueryClient();
  const costs = usePlans().data?.costs ?? defaultCreditCosts;

  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<File[]>([]);
  const [composerMessage, setComposerMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingMessage | null>(null);
  const [activeJobId, setActiveJobId] = useState<string | null>(null);
  const [openMessage, setOpenMessage] = useState<ChatMessage | null>(null);
  const job = useJob(activeJobId);
  const { projectId } = project;
  const sendMessage = useSendChatMessage(projectId);

  // After a reload (or in another tab) a reply still being written is followed again.
  useEffect(() => {
    setActiveJobId(null);
    if (!projectId) return;
    let isCurrent = true;
    apiRequest<{ jobs: Job[] }>(`/api/projects/${encodeURIComponent(projectId)}/jobs`)
      .then(({ jobs }) => {
        const running = jobs.find((candidate) => candidate.kind === 'chat' && !isJobFinished(candidate));
        if (!isCurrent || !running) return;
        storeJob(queryClient, running);
        setActiveJobId((current) => current ?? running.id);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [projectId, queryClient]);

  const jobStatus = job.data?.status;
  const replyId = job.data?.status === 'done' ? job.data.resultId : null;
  const isReplyMissing = replyId !== null && !project.chatHistory.some((message) => message.id === replyId);
  useEffect(() => {
    // Charged (done) or refunded (failed): the header balance changes.
    if (jobStatus === 'done' || jobStatus === 'failed')
      void queryClient.invalidateQueries({ queryKey: ['me'] });
  }, [jobStatus, queryClient]);
  useEffect(() => {
    // The job is done but its reply has not reached this tab (a dropped stream): refetch.
    if (isReplyMissing && projectId)
      void queryClient.invalidateQueries({ queryKey: projectQueryKeys.detail(projectId) });
  }, [isReplyMissing, projectId, queryClient]);

  const isRunning = activeJobId !== null && !isJobFinished(job.data) && !job.isError;
  const base = project.baseImage;

  async function send() {
    const trimmed = text.trim();
    if (!trimmed) return;
    setComposerMessage(null);
    // Sending needs an account and credits (docs/product.md, Chat); the server checks again.
    const blocker = requireCredits({ signIn: tAuth('signInIntro') });
    if (blocker) {
      setComposerMessage(blocker === 'signIn' ? tProjects('panel.needLogin') : tCredits('errors.noCredits'));
      return;
    }
    if (!projectId || !base) {
      setComposerMessage(t('needsImage'));
      return;
    }
    const images = attachments;
    const shown: PendingMessage = {
      text: trimmed,
      imageUrls: images.map((file) => URL.createObjectURL(file)),
    };
    setPending(shown);
    setText('');
    setAttachments([]);
    try {
      const accepted = await sendMessage.mutateAsync({
        text: trimmed,
        language: chatLanguageOf(i18n.resolvedLanguage),
        images,
        mask: inpaintingMask,
        sourceResultId: base.resultId,
      });
      storeJob(queryClient, accepted.job);
      queryClient.setQueryData<Project>(projectQueryKeys.detail(projectId), (current) =>
        current && !current.chatHistory.some((message) => message.id === accepted.message.id)
          ? { ...current, chatHistory: [...current.chatHistory, accepted.message] }
          : current,
      );
      setActiveJobId(accepted.job.id);
      // The cost is reserved: the header balance drops at once.
      void queryClient.invalidateQueries({ queryKey: ['me'] });
    } catch (caught) {
      // Nothing was stored: the words and images come back into the composer.
      setText(trimmed);
      setAttachments(images);
      // NO_CREDITS has already opened the purchase dialog (credits feature): say it here too.
      const refusal = creditRefusalMessage(caught, tCredits);
      if (refusal !== null) {
        setComposerMessage(refusal);
      } else if (caught instanceof ApiError && caught.code === 'NOT_AUTHENTICATED') {
        setComposerMessage(tProjects('panel.needLogin'));
        openSignIn();
      } else {
        setComposerMessage(caught instanceof Error ? caught.message : t('sending'));
      }
    } finally {
      for (const url of shown.imageUrls) URL.revokeObjectURL(url);
      setPending(null);
    }
  }

  const footer =
    activeJobId && job.data?.status === 'failed' ? (
      <TransformError
        code={job.data.error?.code}
        message={job.data.error?.message ?? null}
        note={t('refunded')}
      />
    ) : isRunning && job.data ? (
      <TransformProgress job={job.data} title={t('thinking')} />
    ) : null;

  return (
    <div className="chat-panel">
      {/* Once there is a conversation the intro gives its lines to the messages; still read out. */}
      <p
        className={project.chatHistory.length > 0 || pending ? 'visually-hidden' : 'muted chat-panel__intro'}
      >
        {t('intro')}
      </p>
      <ChatMessageList
        messages={project.chatHistory}
        pending={pending}
        onOpenImage={setOpenMessage}
        footer={footer}
      />
      <ChatComposer
        text={text}
        onTextChange={setText}
        attachments={attachments}
        onAttachmentsChange={setAttachments}
        onSend={send}
        message={composerMessage}
        onMessage={setComposerMessage}
        isBusy={pending !== null || isRunning}
      />
      <p className="ui-field__hint">{t('cost', { count: costs.chatImage })}</p>
      <ChatImageDialog message={openMessage} onClose={() => setOpenMessage(null)} />
    </div>
  );
}
