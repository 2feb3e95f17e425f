import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useT } from '../../../lib/i18n';

/** Links a vacancy text may hold: http(s), mailto and relative addresses (the server sanitises again). */
export function isAllowedLink(url: string): boolean {
  const compact = url.replace(/\s/g, '');
  return compact === '' || /^(?:https?:|mailto:|[^a-z]|[a-z0-9+.-]+(?:[^a-z+.\-:]|$))/i.test(compact);
}

/**
 * A rich-text editor for a vacancy body section (Tiptap). Answers sanitisable HTML, or null when the
 * text is empty so an empty section stays hidden on the careers page. The server sanitises again.
 */
export function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
}: {
  id: string;
  /** The id of the visible label that names the editor. */
  labelId: string;
  value: string | null;
  onChange: (html: string | null) => void;
}) {
  const t = useT();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        codeBlock: false,
        code: false,
        horizontalRule: false,
        // No `protocols`: Link registers each with linkifyjs whenever an editor is made, and once linkify
        // has run that logs "already initialized" three times per editor (15 on every vacancy load);
        // http, https and mailto are linkify's own. Which links are kept is decided here instead.
        link: { openOnClick: false, isAllowedUri: isAllowedLink },
      }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? null : current.getHTML()),
  });

  // A value loaded after the editor was created (the vacancy arrived) replaces its content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? null : editor.getHTML();
    if (current !== value) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      heading: current?.isActive('heading', { level: 3 }) ?? false,
    }),
  });

  const tools: { key: keyof NonNullable<typeof active>; label: string; run: () => void }[] = [
    { key: 'bold', label: t('hr.editor.bold'), run: () => editor?.chain().focus().toggleBold().run() },
    { key: 'italic', label: t('hr.editor.italic'), run: () => editor?.chain().focus().toggleItalic().run() },
    {
      key: 'heading',
      label: t('hr.editor.heading'),
      run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bulletList',
      label: t('hr.editor.bullet_list'),
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: t('hr.editor.ordered_list'),
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
  ];

  return (
    <div className="rich-text">
      <div
        className="rich-text__toolbar"
        role="toolbar"
        aria-label={t('hr.editor.toolbar')}
        aria-controls={id}
      >
        {tools.map((tool) => (
          <button
            key={tool.key}
            type="button"
            aria-pressed={active?.[tool.key] ?? false}
            onClick={tool.run}
            disabled={!editor}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} className="rich-text__content" />
    </div>
  );
}
