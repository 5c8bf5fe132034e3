import { mergeTagText } from '../../../gateway/contract/email/template-rules';

// Spec 001 §3: the default drag-and-drop design has six empty rows and a footer text with merge tags.

export const DEFAULT_ROWS = 6;

export function defaultMjml(footer: string): string {
  const rows = Array.from(
    { length: DEFAULT_ROWS },
    () => '<mj-section padding="8px 0"><mj-column></mj-column></mj-section>',
  ).join('');
  return (
    '<mjml><mj-body background-color="#f8fafc">' +
    rows +
    '<mj-section padding="16px 0"><mj-column>' +
    `<mj-text align="center" font-size="12px" color="#64748b">${footer}</mj-text>` +
    '</mj-column></mj-section></mj-body></mjml>'
  );
}

/** The footer's text with its merge tags: the address the mail went to and the unsubscribe link. */
export const footerHtml = (sentTo: string, unsubscribe: string) =>
  `${sentTo} ${mergeTagText('Email')} · <a href="${mergeTagText('UnsubscribeUrl')}">${unsubscribe}</a>`;

/** The rich-text editor's HTML wrapped in a centred 600px table, the layout every client renders. */
export function richTextEmail(body: string): string {
  return (
    '<html><body style="margin:0;padding:0;background:#f8fafc">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="#f8fafc"><tr><td align="center">' +
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" bgcolor="#ffffff" ' +
    'style="max-width:600px;width:100%;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1e293b">' +
    `<tr><td style="padding:24px">${body}</td></tr></table></td></tr></table></body></html>`
  );
}
