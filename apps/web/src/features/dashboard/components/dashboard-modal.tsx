import type { MeResponse, ProjectSummary } from '@facelift/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../dashboard.css';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useCurrentProject, useDeleteProject, useProjects } from '../../projects/index.ts';
import { AccountDataSection } from './account-data-section.tsx';

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The signed-in account as the app hands it to the dashboard (the dashboard does not import auth). */
export interface DashboardAccount {
  /** The profile; null when signed out, undefined while it loads. */
  profile: MeResponse | null | undefined;
  isLoading: boolean;
  signOut(): Promise<unknown>;
  isSigningOut: boolean;
  openSignIn(): void;
}

export interface DashboardModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  account: DashboardAccount;
}

/**
 * The dashboard (docs/product.md, Accounts): back and sign out, the profile summary, project search by name
 * and project cards (load, delete with confirmation, original, created date, result
 * thumbnails); "please sign in" when signed out and "loading" while the profile loads.
 */
export function DashboardModal({ open, onOpenChange, account }: DashboardModalProps) {
  const { t } = useTranslation('projects');
  const { profile, openSignIn } = account;
  const showToast = useToast();

  async function handleSignOut() {
    await account.signOut();
    onOpenChange(false);
    showToast({ description: t('dashboard.signedOut') });
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('dashboard.title')}
      closeLabel={t('dashboard.back')}
      wide
    >
      <div className="dashboard">
        <div className="dashboard__toolbar">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <span aria-hidden="true">←</span> {t('dashboard.back')}
          </Button>
          {profile ? (
            <Button variant="secondary" onClick={handleSignOut} disabled={account.isSigningOut}>
              {t('dashboard.signOut')}
            </Button>
          ) : null}
        </div>
        {account.isLoading ? (
          <p role="status">{t('dashboard.loading')}</p>
        ) : !profile ? (
          <div className="dashboard__signed-out">
            <p>{t('dashboard.pleaseSignIn')}</p>
            <Button
              variant="primary"
              onClick={() => {
                onOpenChange(false);
                openSignIn();
              }}
            >
              {t('dashboard.signIn')}
            </Button>
          </div>
        ) : (
          <>
            <ProfileSummary profile={profile} />
            <ProjectList onLoaded={() => onOpenChange(false)} />
            <AccountDataSection onDeleted={() => onOpenChange(false)} />
          </>
        )}
      </div>
    </Modal>
  );
}

function ProfileSummary({ profile }: { profile: MeResponse }) {
  const { t, i18n } = useTranslation('projects');
  const language = i18n.resolvedLanguage ?? 'en';
  const credits = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(profile.balance);
  const rows: [string, string][] = [
    [t('dashboard.company'), profile.companyName || t('dashboard.notGiven')],
    [t('dashboard.firstName'), profile.fname || t('dashboard.notGiven')],
    [t('dashboard.lastName'), profile.lname || t('dashboard.notGiven')],
    [t('dashboard.email'), profile.email],
    [
      t('dashboard.package'),
      profile.packageTier === 'paid' ? t('dashboard.packagePaid') : t('dashboard.packageFree'),
    ],
    // The installation's first account is its admin (docs/decisions/084-first-account-is-admin.md).
    [t('dashboard.role'), profile.isAdmin ? t('dashboard.roleAdmin') : t('dashboard.roleMember')],
    [t('dashboard.credits'), credits],
    [
      t('dashboard.lastPurchase'),
      profile.lastPurchaseAt
        ? new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(profile.lastPurchaseAt))
        : t('dashboard.never'),
    ],
  ];
  return (
    <section aria-labelledby="dashboard-profile-title" className="dashboard__section">
      <h3 id="dashboard-profile-title">{t('dashboard.profile')}</h3>
      <dl className="profile-summary">
        {rows.map(([label, value]) => (
          <div key={label} className="profile-summary__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProjectList({ onLoaded }: { onLoaded(): void }) {
  const { t } = useTranslation('projects');
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search, 250);
  const projects = useProjects(debouncedSearch);
  const [confirming, setConfirming] = useState<ProjectSummary | null>(null);
  const deleteProject = useDeleteProject();
  const current = useCurrentProject();
  const showToast = useToast();

  async function confirmDelete() {
    if (!confirming) return;
    const target = confirming;
    try {
      await deleteProject.mutateAsync(target.id);
      if (current.projectId === target.id) current.resetProject();
      showToast({ description: t('dashboard.deleted'), tone: 'success' });
    } catch {
      // docs/product.md, Messages: a failed file delete is only logged; a refused delete is shown.
      showToast({ description: t('dashboard.deleteFailed'), tone: 'error' });
    } finally {
      setConfirming(null);
    }
  }

  const list = projects.data ?? [];
  return (
    <section aria-labelledby="dashboard-projects-title" className="dashboard__section">
      <h3 id="dashboard-projects-title">{t('dashboard.projects')}</h3>
      <TextField
        type="search"
        label={t('dashboard.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {projects.isPending ? (
        <p role="status">{t('dashboard.loadingProjects')}</p>
      ) : list.length === 0 ? (
        <p className="muted">
          {debouncedSearch.trim()
            ? t('dashboard.noMatches', { search: debouncedSearch.trim() })
            : t('dashboard.noProjects')}
        </p>
      ) : (
        <ul className="project-cards">
          {list.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              onLoad={() => {
                current.openProject(project.id);
                onLoaded();
              }}
              onDelete={() => setConfirming(project)}
            />
          ))}
        </ul>
      )}
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('dashboard.confirmTitle')}
        description={t('dashboard.confirmDelete')}
        closeLabel={t('dashboard.cancel')}
      >
        <div className="dashboard__confirm-actions">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            {t('dashboard.cancel')}
          </Button>
          <Button variant="danger" onClick={confirmDelete} disabled={deleteProject.isPending}>
            {t('dashboard.confirm')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}

function ProjectCard({
  project,
  onLoad,
  onDelete,
}: {
  project: ProjectSummary;
  onLoad(): void;
  onDelete(): void;
}) {
  const { t, i18n } = useTranslation('projects');
  const name = project.name.trim() || t('dashboard.untitled');
  const created = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' }).format(
    new Date(project.createdAt),
  );
  return (
    <li className="project-card">
      <img className="project-card__original" src={project.original.thumbnailUrl} alt="" loading="lazy" />
      <div className="project-card__body">
        <h4 className="project-card__name">{name}</h4>
        <p className="muted">{t('dashboard.created', { date: created })}</p>
        <p className="muted">{t('dashboard.resultCount', { count: project.historyCount })}</p>
        {project.recentResults.length > 0 ? (
          <ul className="project-card__results">
            {project.recentResults.map((result) => (
              <li key={result.id}>
                <img
                  src={result.thumbnailUrl}
                  alt={t('dashboard.resultThumbnailAlt', { name })}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <div className="project-card__actions">
          <Button
            variant="primary"
            size="small"
            onClick={onLoad}
            aria-label={t('dashboard.loadLabel', { name })}
          >
            {t('dashboard.load')}
          </Button>
          <Button
            variant="danger"
            size="small"
            onClick={onDelete}
            aria-label={t('dashboard.deleteLabel', { name })}
          >
            {t('dashboard.delete')}
          </Button>
        </div>
      </div>
    </li>
  );
}
