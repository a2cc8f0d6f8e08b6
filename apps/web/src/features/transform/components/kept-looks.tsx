import { elementTypes, type OptionsDirectives, resolveItemColour } from '@facelift/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useTransformWorkspace } from '../transform-workspace-context.tsx';
import './kept-looks.css';

/** How many looks stay at hand; more would crowd the strip under the stage. */
export const maxKeptLooks = 4;

function sameLook(first: OptionsDirectives, second: OptionsDirectives | null): boolean {
  return second !== null && JSON.stringify(first) === JSON.stringify(second);
}

/**
 * "Keep this look" (docs/decisions/096-keep-this-look.md): up to four preview combinations as
 * small cards under the stage, to compare before paying; a card brings its choices back into
 * the directives panel, so Transform applies the look shown. A fifth is refused with a message
 * rather than silently dropping one the user may still want.
 */
export function KeptLooks() {
  const { t } = useTranslation('transform');
  const { t: tDirectives } = useTranslation('directives');
  const { currentDirectives, keptLooks, setKeptLooks, restoreLook } = useTransformWorkspace();
  const [isFull, setIsFull] = useState(false);
  const canKeep = (currentDirectives?.selectedItems.length ?? 0) > 0;

  const keep = () => {
    if (!currentDirectives) return;
    if (keptLooks.some((look) => sameLook(look.directives, currentDirectives))) return;
    if (keptLooks.length >= maxKeptLooks) {
      setIsFull(true);
      return;
    }
    setIsFull(false);
    const id = Math.max(0, ...keptLooks.map((look) => look.id)) + 1;
    setKeptLooks((looks) => [...looks, { id, directives: currentDirectives }]);
  };

  return (
    <div className="kept-looks">
      <Button variant="secondary" onClick={keep} disabled={!canKeep}>
        {t('keptLooks.keep')}
      </Button>
      {keptLooks.length > 0 ? (
        <ul className="kept-looks__cards">
          {keptLooks.map((look, index) => {
            const label = t('keptLooks.look', { number: index + 1 });
            const description = elementTypes
              .flatMap((element) => {
                const item = look.directives.selectedItems.find((candidate) => candidate.type === element);
                const colour = item ? resolveItemColour(item.value) : undefined;
                if (!colour) return [];
                const name = colour.custom ?? tDirectives(colour.swatch.titleKey);
                return [`${tDirectives(`elements.${element}`)}: ${name}`];
              })
              .join(', ');
            return (
              <li key={look.id} className="kept-looks__card">
                <button
                  type="button"
                  className="kept-looks__restore"
                  aria-pressed={sameLook(look.directives, currentDirectives)}
                  title={description}
                  onClick={() => {
                    setIsFull(false);
                    restoreLook(look.directives);
                  }}
                >
                  <span className="kept-looks__chips" aria-hidden="true">
                    {look.directives.selectedItems.map((item) => (
                      <span
                        key={item.type}
                        className="kept-looks__chip"
                        style={{ background: resolveItemColour(item.value)?.color }}
                      />
                    ))}
                  </span>
                  {label}
                </button>
                <button
                  type="button"
                  className="kept-looks__remove"
                  aria-label={t('keptLooks.remove', { number: index + 1 })}
                  title={t('keptLooks.remove', { number: index + 1 })}
                  onClick={() => {
                    setIsFull(false);
                    setKeptLooks((looks) => looks.filter((candidate) => candidate.id !== look.id));
                  }}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {isFull ? (
        <p className="ui-field__error" role="alert">
          {t('keptLooks.full', { count: maxKeptLooks })}
        </p>
      ) : null}
    </div>
  );
}
