import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import grapesjs, { type Editor, type Plugin } from 'grapesjs';
import grapesjsMjml from 'grapesjs-mjml';
import 'grapesjs/dist/css/grapes.min.css';
import { escapeUTF8 } from 'entities';
import './drag-drop-editor.css';
import { Spinner } from '../../ui/Spinner';
import { InsertShortLinkButton } from '../../common/short-links/InsertShortLinkButton';
import { MergeTagMenu } from './MergeTagMenu';
import { defaultMjml, footerHtml } from './default-design';

// The drag-and-drop editor (lazy: GrapesJS with its MJML plugin is the heaviest thing in the console,
// so only this page's chunk carries it). MJML (mjml-browser) turns the design into responsive e-mail
// HTML; the project data is kept so the template opens again as it was built.

export interface EditorContent {
  design: string;
  html: string;
}

/** Editor-only styles: an empty row shows as a drop zone. */
const CANVAS_CSS =
  '[data-gjs-type="mj-column"]:not(:has(*[data-gjs-type])){min-height:56px;outline:1px dashed #94a3b8;outline-offset:-4px}';

/** The plugin ships as CommonJS with a default export: the bundler may hand over the module object. */
const mjmlPlugin = ((grapesjsMjml as unknown as { default?: Plugin }).default ?? grapesjsMjml) as Plugin<object>;

/** A short link as the text block's anchor showing its address. */
const linkHtml = (url: string) => `<a href="${escapeUTF8(url)}">${escapeUTF8(url)}</a> `;

/** Nothing being edited or selected: the link gets a text block of its own in the first column (the
 * footer's text is left alone), selected so the next insert joins it. */
function insertLinkBlock(editor: Editor, anchor: string) {
  const column = editor.getWrapper()?.findType('mj-column')[0];
  const added = column?.append(`<mj-text>${anchor}</mj-text>`)[0];
  if (added) editor.select(added);
}

function contentOf(editor: Editor): EditorContent {
  const result = editor.runCommand('mjml-code-to-html') as { html?: string } | undefined;
  return { design: JSON.stringify(editor.getProjectData()), html: result?.html ?? '' };
}

export default function DragDropEditor({
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
  onLoad: (content: EditorContent) => void;
  onChange: (content: EditorContent) => void;
}) {
  const { t } = useTranslation('emailTemplates');
  const container = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const [ready, setReady] = useState(false);
  const callbacks = useRef({ onLoad, onChange });
  callbacks.current = { onLoad, onChange };
  const initial = useRef({
    design,
    footer: footerHtml(t('editor.footerSentTo'), t('editor.footerUnsubscribe')),
    canvasTitle: t('editor.canvasTitle'),
  });

  useEffect(() => {
    if (!container.current) return;
    const { design: saved, footer, canvasTitle } = initial.current;
    const editor = grapesjs.init({
      container: container.current,
      height: '640px',
      storageManager: false,
      fromElement: false,
      plugins: [(e) => mjmlPlugin(e, { imagePlaceholderSrc: '' })],
      canvasCss: CANVAS_CSS,
      ...(saved ? { projectData: JSON.parse(saved) as object } : { components: defaultMjml(footer) }),
    });
    editorRef.current = editor;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A reload or a closed tab within the wait still keeps the last change: it is passed on at once.
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      callbacks.current.onChange(contentOf(editor));
    };
    window.addEventListener('pagehide', flush);
    editor.on('load', () => {
      // the canvas is an iframe: it needs a name for screen readers (axe: frame-title)
      const frame = editor.Canvas.getFrameEl();
      if (frame) frame.title = canvasTitle;
      callbacks.current.onLoad(contentOf(editor));
      setReady(true);
      editor.on('update', () => {
        clearTimeout(timer);
        timer = setTimeout(flush, 300);
      });
    });
    return () => {
      window.removeEventListener('pagehide', flush);
      clearTimeout(timer);
      editorRef.current = null;
      editor.destroy();
    };
  }, []);

  const insert = (tag: string, html = false) => {
    const editor = editorRef.current;
    if (!editor) return;
    const doc = editor.Canvas.getDocument();
    if (editor.getEditing() && doc) {
      // After a dialog the focus is back in the console: the canvas takes it again with its selection.
      if (html) editor.Canvas.getWindow()?.focus();
      if (doc.execCommand(html ? 'insertHTML' : 'insertText', false, tag) || !html) return;
    }
    const selected = editor.getSelected();
    if (selected?.is('mj-text')) selected.append(tag);
    else if (html) insertLinkBlock(editor, tag);
    else editor.getWrapper()?.find('mj-text').at(-1)?.append(tag);
  };

  return (
    <div data-testid="dnd-editor">
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <MergeTagMenu tags={mergeTags} onInsert={insert} />
        <InsertShortLinkButton
          context={{ channel: 'email', campaign: linkCampaign }}
          onInsert={(link) => insert(linkHtml(link.ShortUrl), true)}
        />
        <p className="text-xs text-slate-500">{t('editor.dragHint')}</p>
        {!ready && <Spinner className="h-4 w-4" label={t('editor.loadingEditor')} />}
      </div>
      <div ref={container} className="overflow-hidden rounded-[var(--radius-herald)] border border-slate-200" />
    </div>
  );
}
