import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNotify, errorMessageId } from '@agora/platform';
import { uploadTarget, uploadWithProgress } from '@agora/library-ui';
import { sanitizeHtml } from '../common/sanitize';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A small rich-text editor (contenteditable, 250 px high as the spec says) with bold, italic, heading, lists,
 * link and an image insert that uploads through `admin/public_upload/path/editor`.
 */
export function RichTextEditor({
  value,
  onChange,
  labelId,
}: {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const ref = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const t = (id: string) => intl.formatMessage({ id });

  // The DOM is the editor's state; only outside changes (a new entry) are written into it, sanitised: stored
  // html (a restored backup, an older row) never reaches the live page with scripts or event handlers.
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== value) el.innerHTML = sanitizeHtml(value, { linksInNewTab: false });
  }, [value]);

  const exec = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    onChange(ref.current?.innerHTML ?? '');
  };

  const insertImage = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    try {
      const { url } = await uploadWithProgress(
        uploadTarget('POST', '/api/admin/public_upload/path/editor'),
        form,
      );
      // Every image gets a text alternative; an empty one marks it as decoration.
      const alt = window.prompt(t('library.editor.altPrompt'), '') ?? '';
      exec('insertHTML', `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt.trim())}">`);
    } catch (e) {
      notify({ type: 'warning', body: errorMessageId(e) });
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const tools: Array<[string, string, string, string?]> = [
    ['B', 'library.editor.bold', 'bold'],
    ['I', 'library.editor.italic', 'italic'],
    ['H', 'library.editor.heading', 'formatBlock', 'h2'],
    ['•', 'library.editor.list', 'insertUnorderedList'],
    ['1.', 'library.editor.numbered', 'insertOrderedList'],
    ['URL', 'library.editor.link', 'createLink'],
  ];
  const runTool = (command: string, arg?: string) => {
    if (command !== 'createLink') {
      exec(command, arg);
      return;
    }
    const url = window.prompt(t('library.editor.linkPrompt'), 'https://');
    if (url && /^https?:\/\//.test(url)) exec('createLink', url);
  };

  return (
    <div className="lib-rte">
      <div className="lib-editor-toolbar" role="toolbar" aria-label={t('library.editor.toolbar')}>
        {tools.map(([text, label, command, arg]) => (
          <button
            key={label}
            type="button"
            className="ag-button"
            aria-label={t(label)}
            title={t(label)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => runTool(command, arg)}
          >
            {text}
          </button>
        ))}
        <button
          type="button"
          className="ag-button"
          onClick={() => fileRef.current?.click()}
          disabled={busy}
          data-testid="editor-image"
        >
          {t('library.editor.image')}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          data-testid="editor-image-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void insertImage(f);
          }}
        />
      </div>
      <div
        ref={ref}
        className="lib-editor"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        data-testid="html-editor"
        onInput={() => onChange(ref.current?.innerHTML ?? '')}
      />
    </div>
  );
}
