import { type ProjectOffer, projectOffers } from '@facelift/shared';
import { useTranslation } from 'react-i18next';
import { Tooltip, TooltipProvider } from '../../../components/ui/tooltip.tsx';

/** The three offers (docs/product.md, Offers) as a radio group, each with a help tooltip. */
export function OfferPicker({
  value,
  onChange,
}: {
  value: ProjectOffer;
  onChange(offer: ProjectOffer): void;
}) {
  const { t } = useTranslation('projects');
  const labels: Record<ProjectOffer, { label: string; help: string }> = {
    standard: { label: t('offers.standard'), help: t('offers.standardHelp') },
    inpainting: { label: t('offers.inpainting'), help: t('offers.inpaintingHelp') },
    chat: { label: t('offers.chat'), help: t('offers.chatHelp') },
  };
  return (
    // Its own tooltip provider: the tooltip code loads with the picker, not with the app shell.
    <TooltipProvider>
      <fieldset className="offer-picker">
        <legend>{t('offers.legend')}</legend>
        <div className="offer-picker__options">
          {projectOffers.map((offer) => (
            <div key={offer} className="offer-picker__option">
              <label
                className={
                  value === offer ? 'offer-picker__label offer-picker__label--checked' : 'offer-picker__label'
                }
              >
                <input
                  type="radio"
                  name="project-offer"
                  value={offer}
                  checked={value === offer}
                  onChange={() => onChange(offer)}
                />
                <span>{labels[offer].label}</span>
              </label>
              <Tooltip content={labels[offer].help}>
                <button
                  type="button"
                  className="offer-picker__help"
                  aria-label={t('offers.helpLabel', { offer: labels[offer].label })}
                >
                  ?
                </button>
              </Tooltip>
            </div>
          ))}
        </div>
      </fieldset>
    </TooltipProvider>
  );
}
