import { type Directives, elementsTouchedByOptions } from '@facelift/shared';
import { useTranslation } from 'react-i18next';
import { useImageEngine } from '../../auth/index.ts';
import { useCurrentProject } from '../../projects/index.ts';
import { useTransformWorkspace } from '../transform-workspace-context.tsx';

/**
 * What the next AI edit will touch, said where the Transform button is
 * (docs/decisions/085-say-what-an-ai-edit-changes.md). The OpenAI engine keeps every pixel
 * outside a painted area, or outside the marked areas of the elements being changed; with
 * neither it redraws the whole photo, and the user should know that before paying for it.
 * The offline engine only ever recolours marked areas, so it needs no notice.
 */
export function EditScopeNotice({ directives }: { directives: Directives | null }) {
  const { t } = useTranslation('transform');
  const { isAiEngine } = useImageEngine();
  const project = useCurrentProject();
  const { inpaintingMask } = useTransformWorkspace();
  if (!isAiEngine || !directives) return null;

  if (directives.mode === 'inpainting') {
    if (!inpaintingMask) return null;
    return <p className="edit-scope edit-scope--limited">{t('editScope.paintedOnly')}</p>;
  }
  const touched = elementsTouchedByOptions(directives);
  if (touched.length === 0) return null;
  const marked = new Set(project.regions.map((region) => region.element));
  const isEveryTouchedMarked = touched.every((element) => marked.has(element));
  if (isEveryTouchedMarked) {
    const names = touched.map((element) => t(`regionNames.${element}`)).join(', ');
    return <p className="edit-scope edit-scope--limited">{t('editScope.markedOnly', { elements: names })}</p>;
  }
  return (
    <p className="edit-scope edit-scope--whole" role="note">
      {t('editScope.wholePhoto')}
    </p>
  );
}
