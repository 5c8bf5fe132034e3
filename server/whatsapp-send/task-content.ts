import type { WaConversationCategory } from '../../src/gateway/contract/wa-send';

/** What a WhatsApp kernel task stores as its content: the approved template it sends. */
export interface WaTaskContent {
  name: string;
  language: string;
  category: Exclude<WaConversationCategory, 'service'>;
  /** The template's body with {{n}}: records show it filled. */
  body: string;
}

export const waTaskContentJson = (content: WaTaskContent) => JSON.stringify(content);

export function parseWaTaskContent(json: string): WaTaskContent {
  try {
    const value = JSON.parse(json) as Partial<WaTaskContent>;
    return {
      name: String(value.name ?? ''),
      language: String(value.language ?? ''),
      category: (value.category ?? 'marketing') as WaTaskContent['category'],
      body: String(value.body ?? ''),
    };
  } catch {
    return { name: '', language: '', category: 'marketing', body: json };
  }
}
