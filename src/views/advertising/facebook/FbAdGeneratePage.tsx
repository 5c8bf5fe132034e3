import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { generateFbAdCopyMutation } from '../../../gateway/client/mutations/fb-ads';
import { aiUsageQuery } from '../../../gateway/client/queries/ai-text';
import { AI_LANGUAGES, AI_TONES, type AiLanguage, type AiTone } from '../../../gateway/contract/actions/ai-text';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { fbAdPath } from './useFbAccounts';

/**
 * /advertising/facebook/ad-generate/{adsAccountId}/{platformId}: primary text, headline and description
 * from a brief (GenerateFbAdCopy, one use of AIGCRequestLimit), handed to a new campaign's ad step.
 */
export default function FbAdGeneratePage() {
  const { t, i18n } = useTranslation('fbAds');
  const text = useText();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const { accountId = '' } = useParams<{ accountId: string }>();
  const [brief, setBrief] = useState('');
  const [language, setLanguage] = useState<AiLanguage>(i18n.language === 'zh' ? 'zh' : 'en');
  const [tone, setTone] = useState<AiTone>('persuasive');
  const usage = useQuery(aiUsageQuery());
  const generate = useMutation(generateFbAdCopyMutation());
  const result = generate.data;

  const run = () =>
    generate.mutate(
      { AccountId: accountId, Brief: brief, Language: language, Tone: tone },
      { onSettled: () => client.invalidateQueries({ queryKey: aiUsageQuery().queryKey }) },
    );
  const use = () => {
    if (!result) return;
    const query = new URLSearchParams({
      PrimaryText: result.PrimaryText,
      Headline: result.Headline,
      Description: result.Description,
    });
    navigate(`${fbAdPath.create(accountId)}?${query.toString()}`);
  };
  const used = result?.Usage ?? usage.data;

  return (
    <PageFrame title={t('titles.generate')} description={accountId} testId="fb-ad-generate">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <div className="grid gap-4">
            <Textarea
              label={t('generate.brief')}
              hint={t('generate.briefHint')}
              value={brief}
              rows={5}
              onValueChange={setBrief}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Select
                label={t('generate.language')}
                value={language}
                options={AI_LANGUAGES.map((value) => ({ value, label: t(`generate.languages.${value}`) }))}
                onChange={setLanguage}
              />
              <Select
                label={t('generate.tone')}
                value={tone}
                options={AI_TONES.map((value) => ({ value, label: t(`generate.tones.${value}`) }))}
                onChange={setTone}
              />
            </div>
            {used && (
              <p className="text-sm text-slate-500">{t('generate.usage', { used: used.Used, limit: used.Limit })}</p>
            )}
            {generate.error && (
              <p role="alert" className="text-sm text-red-700">
                {text(generate.error.message)}
              </p>
            )}
            <div className="flex justify-end">
              <Button onClick={run} loading={generate.isPending} disabled={brief.trim().length < 2}>
                {t('generate.go')}
              </Button>
            </div>
          </div>
        </Card>
        <Card title={t('generate.result')}>
          {result ? (
            <div className="grid gap-3 text-sm" data-testid="fb-ad-copy">
              <p className="whitespace-pre-line text-slate-800">{result.PrimaryText}</p>
              <p className="font-semibold text-slate-900">{result.Headline}</p>
              <p className="text-slate-600">{result.Description}</p>
              <p className="text-xs text-slate-500">{t('generate.noImage')}</p>
              <div className="flex justify-end">
                <Button onClick={use}>{t('generate.use')}</Button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-500">{t('generate.briefHint')}</p>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}
