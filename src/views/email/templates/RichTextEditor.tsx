import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InsertShortLinkButton } from '../../common/short-links/InsertShortLinkButton';
import { MergeTagMenu } from './MergeTagMenu';
import { richTextEmail } from './default-design';
import type { EditorContent as Content } from './DragDropEditor';

// The rich-text editor (TipTap, lazy like the drag-and-drop one). The document is kept as TipTap
// JSON to edit it again; the HTML is wrapped in the 600px table layout e-mail clients render.

function ToolButton({ active, onClick, children }: { active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className="rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
    >
      {children}
    </button>
  );
}

/** The stored design when it is a TipTap document; anything else (a drag-and-drop design) starts empty. */
function tiptapDocument(design: string): object | '' {
  try {
    const parsed = design ? (JSON.parse(design) as { type?: unknown }) : null;
    return parsed && parsed.type === 'doc' ? parsed : '';
  } catch {
    return '';
  }
}

export default function RichTextEditor({
  design,
  mergeTags,
  linkCampaign,
  onLoad,
  onChange,
}: {
  design: string;
  mergeTags: string[];
  /** The template's name: the UTM campaign a short link inserted here proposes. */
  linkCampaign: string;
  onLoad: (content: Content) => void;
  onChange: (content: Content) => void;
}) {
  const { t } = useTranslation('emailTemplates');
  const callbacks = useRef({ onLoad, onChange });
  callbacks.current = { onLoad, onChange };
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['https', 'http', 'mailto'] } }), Image],
    content: tiptapDocument(design),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('editor.body'),
        class: 'prose min-h-64 max-w-none p-4 focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) =>
      callbacks.current.onChange({ design: JSON.stringify(e.getJSON()), html: richTextEmail(e.getHTML()) }),
  });

  useEffect(() => {
    // useEditor may hand over an instance it has already destroyed (its view and schema gone) when it
    // recreates the editor on mount; reading that one crashed the page (getHTML on a null schema).
    if (editor && !editor.isDestroyed)
      callbacks.current.onLoad({ design: JSON.stringify(editor.getJSON()), html: richTextEmail(editor.getHTML()) });
  }, [editor]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const link = () => {
    const href = window.prompt(t('editor.linkAddress'), editor.getAttributes('link').href as string | undefined);
    if (href === null) return;
    if (href === '') chain().unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
  };
  // A short link goes where the cursor is, as a link showing its address; over a selection, the selected
  // words become the link (the editor's own link command).
  const shortLink = (url: string) => {
    if (!editor.state.selection.empty) chain().extendMarkRange('link').setLink({ href: url }).run();
    else
      chain()
        .insertContent([
          { type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] },
          { type: 'text', text: ' ' },
        ])
        .run();
  };
  const image = () => {
    const src = window.prompt(t('editor.imageAddress'));
    if (src) chain().setImage({ src }).run();
  };

  return (
    <div data-testid="rich-text-editor" className="rounded-[var(--radius-herald)] border border-slate-200 bg-white">
      <div role="toolbar" aria-label={t('editor.toolbar')} className="flex flex-wrap items-center gap-1 border-b p-2">
        <ToolButton active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}>
          {t('editor.bold')}
        </ToolButton>
        <ToolButton active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}>
          {t('editor.italic')}
        </ToolButton>
        <ToolButton
          active={editor.isActive('heading', { level: 2 })}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          {t('editor.heading')}
        </ToolButton>
        <ToolButton active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}>
          {t('editor.bulletList')}
        </ToolButton>
        <ToolButton active={editor.isActive('link')} onClick={link}>
          {t('editor.link')}
        </ToolButton>
        <ToolButton onClick={image}>{t('editor.image')}</ToolButton>
        <MergeTagMenu tags={mergeTags} onInsert={(tag) => chain().insertContent(tag).run()} />
        <InsertShortLinkButton
          context={{ channel: 'email', campaign: linkCampaign }}
          onInsert={(link) => shortLink(link.ShortUrl)}
        />
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
